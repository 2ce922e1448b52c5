#!/usr/bin/env bash
# Runs the test suites (after `swift build --build-tests`), without the benchmarks, which run
# on demand through bench/. Under CI=true a skipped test or suite is a failure: a suite that
# needs tmux, a C compiler or ../shared must run there, not pass by not running.
#
#   bash Tests/scripts/run-tests.sh [extra swift test flags]
set -uo pipefail
cd "$(dirname "$0")/../.."
log=$(mktemp "${TMPDIR:-/tmp}/sqlive-tests.XXXXXX")
trap 'rm -f "$log"' EXIT
# Tests write files only in temporary folders: a file left in the repository (once, an empty
# `select 1` at its root) fails the run.
untracked() { git ls-files --others --exclude-standard 2>/dev/null | sort; }
untracked_before=$(untracked)
swift test --skip-build --skip 'BenchmarkTests' "$@" 2>&1 | tee "$log" | grep -E '^(✘|✔ Test run with|➜ )' | cut -c1-2000
status=${PIPESTATUS[0]}
left=$(comm -13 <(echo "$untracked_before") <(untracked))
if [ -n "$left" ]; then
    echo "error: the tests left files in the repository (write them in a temporary folder):" >&2
    echo "$left" >&2
    [ "$status" -ne 0 ] || status=1
fi
if [ "$status" -ne 0 ]; then
    # What each failure recorded (expected and actual values), which the summary above cuts.
    echo "--- details of the failures:"
    awk '/^✘ Test .* recorded an issue/ { shown = 40 } shown > 0 { print; shown-- }' "$log" | cut -c1-300
fi
if [ "${CI:-}" = "true" ]; then
    skipped=$(grep -E '^➜ .*skipped' "$log" || true)
    if [ -n "$skipped" ]; then
        echo "error: under CI=true every suite must run; skipped:" >&2
        echo "$skipped" >&2
        [ "$status" -ne 0 ] || status=1
    fi
fi
exit "$status"
