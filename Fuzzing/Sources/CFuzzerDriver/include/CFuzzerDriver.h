#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): parses libFuzzer's flags
/// from argv and runs the fuzzing loop or the given inputs, calling `test` for each input.
/// Called from each target's main, since SwiftPM gives executables their own main.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

#endif
