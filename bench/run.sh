#!/usr/bin/env bash
# Benchmarks sqlive against the sqlite3 shell on the same inputs, in one run, and prints for
# each workload the time (hyperfine, median) and the instructions (callgrind, on a stripped
# copy) of both, as ratios beside the goals of issue 22. Instructions don't move with the
# load of the machine; times do, so read the instruction ratio first on a shared machine.
#   bash bench/run.sh                      # release build (make release), all workloads
#   RUNS=3 bash bench/run.sh               # fewer hyperfine runs (default 7)
#   ONLY="list box" bash bench/run.sh      # only the workloads named
#   SQLIVE=path bash bench/run.sh          # measures that binary instead of building
# Workloads (bench/workloads.sh): an INSERT script into a new file; `SELECT * FROM t` of a
# stored table in each output mode; `.dump` of Chinook; start-up to `select 1`. Times are
# taken on ROWS rows (default 1,000,000) and an INSERT script of INSERT_ROWS (200,000);
# instructions on IROWS (100,000) and IINSERT_ROWS (20,000), as callgrind runs 50 times slower.
# Exits 1 when a goal is missed.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-7}
ROWS=${ROWS:-1000000}
INSERT_ROWS=${INSERT_ROWS:-200000}
IROWS=${IROWS:-100000}
IINSERT_ROWS=${IINSERT_ROWS:-20000}
ONLY=${ONLY:-}
OUT=${OUT:-bench/out}
mkdir -p "$OUT"

NEED_VALGRIND=1 source bench/tools.sh
source bench/workloads.sh

if [ -z "${SQLIVE:-}" ]; then
  make --no-print-directory release >/dev/null   # the binary `make run` runs
  SQLIVE=$PWD/.build/release/sqlive
fi
SQLITE=$(command -v sqlite3)
strip -o "$OUT/sqlive.stripped" "$SQLIVE"

make_inputs "$OUT/time" "$ROWS" "$INSERT_ROWS"
make_inputs "$OUT/instructions" "$IROWS" "$IINSERT_ROWS"

# The goal of each workload: instructions and time at most these multiples of sqlite3's.
goal() {
  case $1 in
    csv|json|quote|insert) echo "0.99 0.99" ;;
    start-up) echo "- 2.0" ;;
    *) echo "1.0 1.05" ;;
  esac
}

# median_seconds NAME COMMAND [PREPARE]: hyperfine's median wall time of COMMAND.
median_seconds() {
  local name=$1 command=$2 prepare=${3:-true}
  hyperfine -N --warmup 1 --runs "$RUNS" --prepare "$prepare" --export-json "$OUT/$name.json" "$command" >/dev/null 2>&1
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$OUT/$name.json"
}

# Interleaved: sqlite3, then sqlive, for each workload, so a change in the machine's load
# falls on both.
echo "sqlive vs sqlite3 $($SQLITE --version | cut -d' ' -f1) on $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg), $(date -u +%Y-%m-%d):"
echo "times: median of $RUNS, $ROWS stored rows, $INSERT_ROWS-row INSERT script; instructions: $IROWS rows, $IINSERT_ROWS-row script"
printf '%-14s %10s %10s %6s %7s | %9s %9s %6s %5s | %s\n' workload "sqlite3" "sqlive" ratio goal "sqlite3" "sqlive" ratio goal verdict
missed=0
while IFS='|' read -r name database script fresh; do
  [ -z "$ONLY" ] || [[ " $ONLY " == *" $name "* ]] || continue
  read -r instruction_goal time_goal <<< "$(goal "$name")"
  same_output "$SQLITE" "$SQLIVE" "$database" "$script" "$fresh" \
    || { echo "$name: sqlive's output differs from sqlite3's"; exit 1; }
  if [ "$name" = start-up ]; then
    # Without a shell between: the shell would cost as much as sqlite3's whole start.
    a=$(median_seconds "$name-sqlite3" "$SQLITE :memory: 'select 1'")
    b=$(median_seconds "$name-sqlive" "$SQLIVE :memory: 'select 1'")
  else
    prepare=true
    [ "$fresh" = 1 ] && prepare="rm -f $database"
    a=$(median_seconds "$name-sqlite3" "bash -c '$SQLITE $database < $script > /dev/null'" "$prepare")
    b=$(median_seconds "$name-sqlive" "bash -c '$SQLIVE $database < $script > /dev/null'" "$prepare")
  fi
  IFS='|' read -r _ idatabase iscript ifresh < <(workloads "$OUT/instructions" "$IROWS" "$IINSERT_ROWS" | grep "^$name|")
  ia=$(instructions "$SQLITE" "$idatabase" "$iscript" "$ifresh")
  ib=$(instructions "$OUT/sqlive.stripped" "$idatabase" "$iscript" "$ifresh")
  python3 - "$name" "$a" "$b" "$time_goal" "$ia" "$ib" "$instruction_goal" <<'PY' || missed=1
import sys
name, a, b, time_goal, ia, ib, instruction_goal = sys.argv[1:]
a, b, ia, ib = float(a), float(b), int(ia), int(ib)
ok = b / a <= float(time_goal) and (instruction_goal == "-" or ib / ia <= float(instruction_goal))
def count(n): return f"{n / 1e6:8.1f}M"
print(f"{name:<14} {a * 1000:8.1f}ms {b * 1000:8.1f}ms {b / a:5.2f}× {'≤' + time_goal + '×':>7} |"
      f" {count(ia)} {count(ib)} {ib / ia:5.2f}× {('≤' + instruction_goal + '×') if instruction_goal != '-' else '':>5} | {'ok' if ok else 'MISSED'}")
sys.exit(0 if ok else 1)
PY
done < <(workloads "$OUT/time" "$ROWS" "$INSERT_ROWS")

# Start-up memory: the maximum resident set size, median of 11 runs each.
rss() {
  for _ in $(seq 11); do /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 6p
}
if [ -z "$ONLY" ] || [[ " $ONLY " == *" start-up "* ]]; then
  rss_sqlite=$(rss "$SQLITE" :memory: 'select 1')
  rss_sqlive=$(rss "$SQLIVE" :memory: 'select 1')
  awk -v a="$rss_sqlite" -v b="$rss_sqlive" -v size="$(stat -c %s "$SQLIVE")" 'BEGIN {
    ok = b / a <= 2
    printf "start-up max RSS: sqlite3 %.1f MiB, sqlive %.1f MiB, %.2f× (goal ≤2×) %s; binary %.1f MiB\n",
      a / 1024, b / 1024, b / a, ok ? "ok" : "MISSED", size / 1048576
    exit ok ? 0 : 1 }' || missed=1
fi
exit $missed
