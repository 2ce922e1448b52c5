#!/usr/bin/env bash
# Builds the libFuzzer targets and runs one or all of them for a while.
#
#   Fuzzing/run.sh TARGET SECONDS     TARGET: splitter, dsl, commands, csv, hexdb, width or regexp
#   Fuzzing/run.sh all SECONDS        each target in turn, SECONDS each
#   Fuzzing/run.sh build              only build
#
# Each run starts from Fuzzing/Corpus/TARGET copied to a temporary folder (the repository
# stays clean; FUZZ_KEEP=1 keeps the folder, with the grown corpus) and runs in an empty
# temporary working directory. Any crash, hang (over FUZZ_TIMEOUT seconds on one input),
# leak or sanitizer report fails the run and prints the path of the input that caused it;
# replay it with: .build-fuzz/release/FuzzTARGET PATH (or debug/)
# Extra libFuzzer flags go in FUZZ_FLAGS (e.g. FUZZ_FLAGS="-detect_leaks=0").
# FUZZ_CONFIG=debug builds without optimization: a clean build takes a third of the time of
# release (the default, for long runs), and runs slower; `make fuzz-short` uses it.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

usage() { echo "usage: $0 splitter|dsl|commands|csv|hexdb|width|regexp|all SECONDS, or $0 build" >&2; exit 2; }
[ $# -ge 1 ] || usage
targets=(splitter dsl commands csv hexdb width regexp)

config=${FUZZ_CONFIG:-release}

build() {
    # -sanitize=fuzzer links libFuzzer and instruments for coverage; lld because gold fails
    # to link libFuzzer beside the `main` SwiftPM gives executables.
    swift build --package-path Fuzzing -c "$config" --scratch-path .build-fuzz \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >&2
}

executable() {
    case "$1" in
        splitter) echo FuzzSplitter ;;
        dsl) echo FuzzDSL ;;
        commands) echo FuzzCommands ;;
        csv) echo FuzzCSV ;;
        hexdb) echo FuzzHexDB ;;
        width) echo FuzzWidth ;;
        regexp) echo FuzzRegexp ;;
        *) usage ;;
    esac
}

# commands, csv, hexdb, width and regexp make a session per input, and their allocations and frees never balance
# within one input (caches, memory GRDB's queues free later), so libFuzzer would run
# LeakSanitizer after every input: about 6 times slower. Leaks are still checked at exit.
default_flags() {
    case "$1" in
        commands|csv|hexdb|width|regexp) echo "-detect_leaks=0" ;;
    esac
}

# Runs one target; prints a summary line; returns 1 when libFuzzer found something.
run_one() {
    local target=$1 seconds=$2
    local binary
    binary="$repo/.build-fuzz/$config/$(executable "$target")"
    local work
    work=$(mktemp -d "${TMPDIR:-/tmp}/sqlive-fuzz-$target.XXXXXX")
    mkdir -p "$work/corpus" "$work/artifacts" "$work/cwd"
    cp "Fuzzing/Corpus/$target/." "$work/corpus/" -R
    local log="$work/fuzz.log"
    local status=0
    (cd "$work/cwd" && SWIFT_BACKTRACE=enable=no nice "$binary" "$work/corpus" \
        -dict="$repo/Fuzzing/Dictionaries/$target.dict" \
        -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-5}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" \
        -max_len="${FUZZ_MAX_LEN:-8192}" -artifact_prefix="$work/artifacts/" -print_final_stats=1 \
        $(default_flags "$target") ${FUZZ_FLAGS:-} < /dev/null > "$log" 2>&1) || status=$?
    local runs speed cov ft
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    echo "$target: ${seconds}s, ${runs:-?} runs, ${speed:-?} exec/s, cov ${cov:-?}, ft ${ft:-?}, corpus $(ls "$work/corpus" | wc -l) files"
    local found
    found=$(ls "$work/artifacts")
    if [ "$status" -ne 0 ] || [ -n "$found" ]; then
        grep -E 'ERROR|fuzz invariant|SUMMARY|Fatal error' "$log" | head -5 >&2 || true
        for file in $found; do echo "FOUND: $work/artifacts/$file" >&2; done
        echo "log: $log" >&2
        return 1
    fi
    if [ -n "${FUZZ_KEEP:-}" ]; then echo "kept: $work" >&2; else rm -rf "$work"; fi
}

case "$1" in
    build) build; exit 0 ;;
    all) [ $# -eq 2 ] || usage; selected=("${targets[@]}") ;;
    *) [ $# -eq 2 ] || usage; executable "$1" > /dev/null; selected=("$1") ;;
esac
build
failed=0
for target in "${selected[@]}"; do
    run_one "$target" "$2" || failed=1
done
exit "$failed"
