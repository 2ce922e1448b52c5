#!/usr/bin/env bash
# The pane benchmarks (issue 11): opt-in tests of Tests/SQLiveKitTests/PaneBenchmarkTests*,
# run with SQLIVE_BENCH=1; prints their BENCH figures and which of the issue's targets are
# missed.
#   bash bench/panes.sh                  # debug build (what CI builds)
#   CONFIG=release bash bench/panes.sh   # release build, with testing enabled for @testable
#   FILTER=commit bash bench/panes.sh    # only the benchmarks whose name matches
# Figures (issue 11's targets in brackets):
#   commit-to-repaint of one pane, median and p99          [≤ 5 ms, ≤ 16 ms]
#   one-row commit with one pane vs none                   [≤ +50 µs]
#   100 panes / 100 tables, 1,000 writes, memory and file  [≤ 2× without panes]
#   200 panes on one table, per-commit cost                [≤ +1 ms, only touched panes re-fetch]
#   prompt latency after a write waking a 1.5 s pane       [< 150 ms; issue 19: ≤ 10 ms]
#   (bench/pane_cost.sh counts the instructions a pane adds to each write of a script)
#   external commit -> --follow block, WAL and rollback journal, p50/p99, and idle CPU while
#   following (bench/follow_latency.py; LOAD=1 runs it beside two CPU hogs)  [idle ≤ 1 %]
# SQLIVE_BENCH_SLOW_ROWS sizes the slow pane's table (default 3,000,000 rows: about 1.5 s).
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG=${CONFIG:-debug}
FILTER=${FILTER:-}
flags=(-c "$CONFIG")
[ "$CONFIG" = release ] && flags+=(-Xswiftc -enable-testing)

make -s deps
swift build --build-tests "${flags[@]}" >/dev/null
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
SQLIVE_BENCH=1 swift test --skip-build "${flags[@]}" --filter "PaneBenchmarkTests.*${FILTER}" >"$out" 2>&1 || status=$?
echo "pane benchmarks ($CONFIG build, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)):"
grep -E '^BENCH ' "$out" || true
sqlive_bin=$(swift build "${flags[@]}" --show-bin-path)/sqlive
hogs=()
if [ "${LOAD:-0}" = 1 ]; then
  for _ in 1 2; do (while :; do :; done) & hogs+=($!); done
fi
for mode in wal delete; do
  echo "BENCH $(python3 bench/follow_latency.py "$sqlive_bin" "$mode" 100 5)${LOAD:+ (beside two CPU hogs)}"
done
[ ${#hogs[@]} -eq 0 ] || kill "${hogs[@]}"
missed=$(grep -E 'Expectation failed' "$out" | sed -E 's/.*(PaneBenchmarkTests[^:]*\.swift:[0-9]+).*Expectation failed: /  missed \1: /' || true)
if [ -n "$missed" ]; then
  echo "targets missed:"
  echo "$missed"
fi
exit $status
