#!/usr/bin/env bash
# What a pane adds to each write of a script, in instructions (callgrind: the same count on
# a loaded machine as on a quiet one) and in time: 1,000 one-row autocommit INSERTs into one
# of 100 tables, run as a script, with no pane, one pane on the written table, and 100 panes
# (one per table, so each write wakes one) — in memory, on a WAL file and on a rollback-journal
# file.
#   bash bench/pane_cost.sh                 # the release build (make release)
#   SQLIVE=path bash bench/pane_cost.sh     # another binary
#   ROUNDS=N WRITES=N bash bench/pane_cost.sh
# Prints per write: instructions and time added over no pane, and the ratio to no pane.
# Issue 19's goals: ≤ 50 µs added per write with one pane; ≤ 2× without panes in memory and
# ≤ 1.2× on files with 100 panes.
# Then what one pane adds to a bulk write: one INSERT … SELECT of BULK rows (100,000), per row.
set -euo pipefail
cd "$(dirname "$0")/.."
NEED_VALGRIND=1 source bench/tools.sh
SQLIVE=${SQLIVE:-$(swift build -c release --show-bin-path)/sqlive}
[ -x "$SQLIVE" ] || { echo "pane_cost: no binary at $SQLIVE; run make release first" >&2; exit 1; }
OUT=bench/out/pane_cost
mkdir -p "$OUT"
strip -o "$OUT/sqlive" "$SQLIVE"
WRITES=${WRITES:-1000}
BULK=${BULK:-100000}

python3 - "$OUT" "$WRITES" "$BULK" <<'PY'
import sys
out, writes = sys.argv[1], int(sys.argv[2])
tables = "\n".join(f"CREATE TABLE t{i}(id INTEGER PRIMARY KEY, x);" for i in range(100)) + "\n"
inserts = "\n".join(f"INSERT INTO t7(x) VALUES ({i});" for i in range(writes)) + "\n"
pins = {"none": "", "one": ".pin SELECT count(*) FROM t7\n",
        "hundred": "".join(f".pin --name p{i} SELECT count(*) FROM t{i}\n" for i in range(100))}
for name, pin in pins.items():
    open(f"{out}/{name}.setup.sql", "w").write(tables + pin)
    open(f"{out}/{name}.run.sql", "w").write(tables + pin + inserts)
bulk = f"INSERT INTO t7(x) SELECT value FROM generate_series(1, {sys.argv[3]});\n"
for name in ("none", "one"):
    open(f"{out}/bulk-{name}.setup.sql", "w").write(tables + pins[name])
    open(f"{out}/bulk-{name}.run.sql", "w").write(tables + pins[name] + bulk)
PY

# A fresh database for a run: ":memory:", or a new file in WAL or rollback-journal mode.
fresh_database() {
  [ "$1" = memory ] && { echo ":memory:"; return; }
  local db="$OUT/bench.db"
  rm -f "$db" "$db-wal" "$db-shm" "$db-journal"
  if [ "$1" = wal ]; then sqlite3 "$db" 'PRAGMA journal_mode=WAL;' >/dev/null; fi
  echo "$db"
}

# Instructions of one run of a script against a fresh database.
count() {
  local storage=$1 script=$2 db
  db=$(fresh_database "$storage")
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$OUT/sqlive" -batch "$db" < "$script" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
# Nanoseconds of one run of a script against a fresh database.
elapsed() {
  local db start end
  db=$(fresh_database "$1")
  start=$(date +%s%N); "$OUT/sqlive" -batch "$db" < "$2" >/dev/null; end=$(date +%s%N)
  echo $(( end - start ))
}

# Time is noisy here: each round times every configuration's writes (its whole script minus
# its setup, run back to back), so that a change of load falls on all of them alike; the
# median round counts.
ROUNDS=${ROUNDS:-7}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "pane cost per write ($WRITES one-row INSERTs as a script, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)):"
for storage in memory wal journal; do
  declare -A ins=() ns=() rounds=()
  for name in none one hundred; do
    ins[$name]=$(( $(count "$storage" "$OUT/$name.run.sql") - $(count "$storage" "$OUT/$name.setup.sql") ))
  done
  for _ in $(seq "$ROUNDS"); do
    for name in none one hundred; do
      rounds[$name]+="$(( $(elapsed "$storage" "$OUT/$name.run.sql") - $(elapsed "$storage" "$OUT/$name.setup.sql") )) "
    done
  done
  for name in none one hundred; do
    ns[$name]=$(tr ' ' '\n' <<< "${rounds[$name]}" | grep . | median)
  done
  for name in one hundred; do
    awk -v s="$storage" -v n="$name" -v w="$WRITES" -v i0="${ins[none]}" -v i1="${ins[$name]}" \
        -v t0="${ns[none]}" -v t1="${ns[$name]}" 'BEGIN {
      printf "  %-6s %-7s pane(s): +%d instructions/write (×%.2f), +%.1f µs/write (×%.2f; %.1f µs without panes)\n",
        s, n, (i1 - i0) / w, i1 / i0, (t1 - t0) / w / 1000, t1 / t0, t0 / w / 1000 }'
  done
done

echo "pane cost per row of one INSERT … SELECT of $BULK rows:"
for storage in memory wal journal; do
  declare -A ins=() ns=() rounds=()
  for name in none one; do
    ins[$name]=$(( $(count "$storage" "$OUT/bulk-$name.run.sql") - $(count "$storage" "$OUT/bulk-$name.setup.sql") ))
  done
  for _ in $(seq "$ROUNDS"); do
    for name in none one; do
      rounds[$name]+="$(( $(elapsed "$storage" "$OUT/bulk-$name.run.sql") - $(elapsed "$storage" "$OUT/bulk-$name.setup.sql") )) "
    done
  done
  for name in none one; do
    ns[$name]=$(tr ' ' '\n' <<< "${rounds[$name]}" | grep . | median)
  done
  awk -v s="$storage" -v w="$BULK" -v i0="${ins[none]}" -v i1="${ins[one]}" -v t0="${ns[none]}" -v t1="${ns[one]}" 'BEGIN {
    printf "  %-6s one pane: +%d instructions/row (×%.2f), +%.2f µs/row (×%.2f; %.2f µs without panes)\n",
      s, (i1 - i0) / w, i1 / i0, (t1 - t0) / w / 1000, t1 / t0, t0 / w / 1000 }'
done
