#!/usr/bin/env bash
# What a pane adds to each write of a script, in instructions (callgrind: the same count on
# a loaded machine as on a quiet one) and in time: 1,000 one-row autocommit INSERTs into one
# of 100 tables, run as a script, with no pane, one pane on the written table, and 100 panes
# (one per table, so each write wakes one) — in memory and on a WAL file.
#   bash bench/pane_cost.sh                 # the release build (make release)
#   SQLIVE=path bash bench/pane_cost.sh     # another binary
# Prints per write: instructions and time added over no pane, and the ratio to no pane.
# Issue 19's goals: ≤ 50 µs added per write with one pane; ≤ 2× without panes in memory and
# ≤ 1.2× on files with 100 panes.
set -euo pipefail
cd "$(dirname "$0")/.."
NEED_VALGRIND=1 source bench/tools.sh
SQLIVE=${SQLIVE:-$(swift build -c release --show-bin-path)/sqlive}
[ -x "$SQLIVE" ] || { echo "pane_cost: no binary at $SQLIVE; run make release first" >&2; exit 1; }
OUT=bench/out/pane_cost
mkdir -p "$OUT"
strip -o "$OUT/sqlive" "$SQLIVE"
WRITES=${WRITES:-1000}

python3 - "$OUT" "$WRITES" <<'PY'
import sys
out, writes = sys.argv[1], int(sys.argv[2])
tables = "\n".join(f"CREATE TABLE t{i}(id INTEGER PRIMARY KEY, x);" for i in range(100)) + "\n"
inserts = "\n".join(f"INSERT INTO t7(x) VALUES ({i});" for i in range(writes)) + "\n"
pins = {"none": "", "one": ".pin SELECT count(*) FROM t7\n",
        "hundred": "".join(f".pin --name p{i} SELECT count(*) FROM t{i}\n" for i in range(100))}
for name, pin in pins.items():
    open(f"{out}/{name}.setup.sql", "w").write(tables + pin)
    open(f"{out}/{name}.run.sql", "w").write(tables + pin + inserts)
PY

# Instructions of one run of a script against a fresh database ("memory" or a new WAL file).
count() {
  local storage=$1 script=$2 db=":memory:"
  if [ "$storage" = wal ]; then
    db="$OUT/bench.db"; rm -f "$db" "$db-wal" "$db-shm"
    sqlite3 "$db" 'PRAGMA journal_mode=WAL;' >/dev/null
  fi
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$OUT/sqlive" -batch "$db" < "$script" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
seconds() {
  local storage=$1 script=$2 db=":memory:" best=""
  for _ in 1 2 3 4 5; do
    if [ "$storage" = wal ]; then
      db="$OUT/bench.db"; rm -f "$db" "$db-wal" "$db-shm"
      sqlite3 "$db" 'PRAGMA journal_mode=WAL;' >/dev/null
    fi
    local start end
    start=$(date +%s%N); "$OUT/sqlive" -batch "$db" < "$script" >/dev/null; end=$(date +%s%N)
    local t=$(( end - start ))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}

echo "pane cost per write ($WRITES one-row INSERTs as a script, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)):"
for storage in memory wal; do
  declare -A ins=() ns=()
  for name in none one hundred; do
    ins[$name]=$(( $(count "$storage" "$OUT/$name.run.sql") - $(count "$storage" "$OUT/$name.setup.sql") ))
    ns[$name]=$(( $(seconds "$storage" "$OUT/$name.run.sql") - $(seconds "$storage" "$OUT/$name.setup.sql") ))
  done
  for name in one hundred; do
    awk -v s="$storage" -v n="$name" -v w="$WRITES" -v i0="${ins[none]}" -v i1="${ins[$name]}" \
        -v t0="${ns[none]}" -v t1="${ns[$name]}" 'BEGIN {
      printf "  %-6s %-7s pane(s): +%d instructions/write (×%.2f), +%.1f µs/write (×%.2f; %.1f µs without panes)\n",
        s, n, (i1 - i0) / w, i1 / i0, (t1 - t0) / w / 1000, t1 / t0, t0 / w / 1000 }'
  done
done
