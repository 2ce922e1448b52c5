import CFuzzerDriver
#if canImport(Glibc)
import Glibc
#endif

/// The test a target runs on each input: libFuzzer's `LLVMFuzzerTestOneInput`.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Each target also exports its test as `LLVMFuzzerTestOneInput` (`@_cdecl`): a debug
/// build links libFuzzer's own `main`, which refers to it, though SwiftPM's `main` runs.
///
/// Runs libFuzzer with the process's arguments (`-max_total_time=30`, corpus folders, or
/// input files to replay) and exits with its status.
///
///     // main.swift
///     runFuzzer { data, size in fuzzSplitter(data, size) }
public func runFuzzer(_ test: FuzzTest) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
