#!/usr/bin/env bash
# CI's guard against a performance regression: counts the instructions of sqlive and of
# sqlite3 on small versions of bench/run.sh's workloads (callgrind: the same count on a loaded
# machine as on a quiet one) and fails when a ratio sqlive/sqlite3 is more than 10% above the
# one recorded in bench/ci-ratios.txt. About a minute.
#   bash bench/ci-check.sh              # after `swift build` (the debug build CI makes)
#   RECORD=1 bash bench/ci-check.sh     # writes the ratios measured as the new record
#   SQLIVE=path bash bench/ci-check.sh  # another binary (its ratios differ from the debug build's)
# The record is of the debug build, the one CI builds: a release build would take CI several
# more minutes, and a regression in sqlive's code shows in both.
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${ROWS:-4000}
INSERT_ROWS=${INSERT_ROWS:-1000}
TOLERANCE=${TOLERANCE:-1.10}
RECORD_FILE=bench/ci-ratios.txt
OUT=bench/out/ci
mkdir -p "$OUT"

NEED_VALGRIND=1 source bench/tools.sh
source bench/workloads.sh

SQLIVE=${SQLIVE:-$(swift build --show-bin-path)/sqlive}
[ -x "$SQLIVE" ] || { echo "ci-check: no binary at $SQLIVE; run swift build first" >&2; exit 1; }
SQLITE=$(command -v sqlite3)
strip -o "$OUT/sqlive.stripped" "$SQLIVE"
make_inputs "$OUT" "$ROWS" "$INSERT_ROWS"

measured=$(mktemp)
trap 'rm -f "$measured"' EXIT
while IFS='|' read -r name database script fresh; do
  same_output "$SQLITE" "$SQLIVE" "$database" "$script" "$fresh" \
    || { echo "ci-check: $name: sqlive's output differs from sqlite3's" >&2; exit 1; }
  a=$(instructions "$SQLITE" "$database" "$script" "$fresh")
  b=$(instructions "$OUT/sqlive.stripped" "$database" "$script" "$fresh")
  echo "$name $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }') $a $b" >> "$measured"
done < <(workloads "$OUT" "$ROWS" "$INSERT_ROWS")

if [ "${RECORD:-0}" = 1 ]; then
  {
    echo "# Instructions of sqlive / sqlite3 on bench/ci-check.sh's workloads ($ROWS stored rows,"
    echo "# a $INSERT_ROWS-row INSERT script), debug build, recorded $(date -u +%Y-%m-%d) by RECORD=1."
    echo "# workload ratio"
    awk '{ print $1, $2 }' "$measured"
  } > "$RECORD_FILE"
  echo "ci-check: recorded in $RECORD_FILE:"
  cat "$measured"
  exit 0
fi

awk -v tolerance="$TOLERANCE" '
  FNR == NR { if ($0 !~ /^#/) recorded[$1] = $2; next }
  {
    limit = recorded[$1] * tolerance
    verdict = !($1 in recorded) ? "not recorded" : ($2 <= limit ? "ok" : "REGRESSION")
    printf "%-14s sqlite3 %11d  sqlive %11d  ratio %6.3f  recorded %6.3f  %s\n", $1, $3, $4, $2, recorded[$1], verdict
    if (verdict != "ok") failed = 1
  }
  END { exit failed }' "$RECORD_FILE" "$measured" \
  || { echo "ci-check: sqlive runs more than $TOLERANCE× the recorded ratio of sqlite3's instructions (bench/ci-ratios.txt)" >&2; exit 1; }
