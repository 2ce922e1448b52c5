#!/usr/bin/env bash
# Benchmarks sqlive against the sqlite3 shell on the same inputs, in one run, and prints ratios.
#   bash bench/run.sh            # all benchmarks (release build)
#   RUNS=5 bash bench/run.sh     # fewer hyperfine runs
# Needs hyperfine and GNU time; installs them from Debian's packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-10}
OUT=bench/out
mkdir -p "$OUT"

source bench/tools.sh

make --no-print-directory release >/dev/null   # the Makefile's RELEASE_FLAGS: static Swift runtime
SQLIVE=$PWD/.build/release/sqlive
SQLITE=$(command -v sqlite3)

# Inputs, generated once.
INSERTS=$OUT/insert-200k.sql
if [ ! -f "$INSERTS" ]; then
  python3 bench/make_inserts.py 200000 > "$INSERTS"
fi
MILLION=$OUT/select-1m.sql
echo "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 1000000) SELECT x, x*1.5, 'row ' || x, NULL FROM c;" > "$MILLION"

# ratio NAME: runs hyperfine on the sqlite3 and sqlive commands, prints the mean ratio.
ratio() {
  local name=$1 sqlite_cmd=$2 sqlive_cmd=$3 limit=$4
  hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$OUT/$name.json" \
    -n sqlite3 "$sqlite_cmd" -n sqlive "$sqlive_cmd" >/dev/null 2>&1 \
    || hyperfine --warmup 1 --runs "$RUNS" --export-json "$OUT/$name.json" \
         -n sqlite3 "$sqlite_cmd" -n sqlive "$sqlive_cmd" >/dev/null
  python3 - "$OUT/$name.json" "$name" "$limit" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
a, b = results["sqlite3"]["mean"], results["sqlive"]["mean"]
limit = float(sys.argv[3])
verdict = "ok" if b / a <= limit else "OVER"
print(f"{sys.argv[2]:<28} sqlite3 {a*1000:8.1f} ms   sqlive {b*1000:8.1f} ms   ratio {b/a:5.2f}  (limit {limit}) {verdict}")
PY
}

echo "sqlive vs sqlite3 $($SQLITE --version | cut -d' ' -f1), $RUNS runs each, means:"
rm -f "$OUT"/a.db "$OUT"/b.db
ratio insert-200k \
  "bash -c 'rm -f $OUT/a.db; $SQLITE $OUT/a.db < $INSERTS'" \
  "bash -c 'rm -f $OUT/b.db; $SQLIVE $OUT/b.db < $INSERTS'" 1.3
ratio select-1m-list \
  "bash -c '$SQLITE :memory: < $MILLION > /dev/null'" \
  "bash -c '$SQLIVE :memory: < $MILLION > /dev/null'" 1.5
ratio select-1m-csv \
  "bash -c '$SQLITE -csv :memory: < $MILLION > /dev/null'" \
  "bash -c '$SQLIVE --mode csv :memory: < $MILLION > /dev/null'" 1.5

# Peak memory (max RSS) of box mode on a million rows.
rss() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1; }
box_sqlive=$(rss "$SQLIVE" --mode box :memory: "$(cat "$MILLION")")
box_sqlite=$(rss "$SQLITE" -box :memory: "$(cat "$MILLION")")
awk -v a="$box_sqlite" -v b="$box_sqlive" 'BEGIN {
  printf "%-28s sqlite3 %6.1f MiB   sqlive %6.1f MiB   (limit 64 MiB) %s\n", "select-1m-box peak memory",
    a/1024, b/1024, (b/1024 <= 64 ? "ok" : "OVER") }'

# Start-up to first result and baseline memory, beside sqlite3.
SQLIVE=$SQLIVE RUNS=$((RUNS * 5)) bash bench/startup.sh
