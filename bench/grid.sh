#!/usr/bin/env bash
# box, table, markdown and column into a pipe: sqlive against the sqlite3 shell in one run, with
# ratios of time (hyperfine: median wall time, and mean CPU time) and peak memory (GNU time). sqlive sizes the columns from
# every row as sqlite3 does, spilling the rows after the first hundred to a temporary file.
#   bash bench/grid.sh              # release build, 10 runs each
#   ROWS=200000 RUNS=5 bash bench/grid.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-10}
ROWS=${ROWS:-1000000}
OUT=bench/out
mkdir -p "$OUT"
command -v hyperfine >/dev/null && [ -x /usr/bin/time ] || {
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq hyperfine time >/dev/null
}
[ -n "${SQLIVE:-}" ] || { swift build -c release --product sqlive >/dev/null; SQLIVE=$PWD/.build/release/sqlive; }
SQLITE=$(command -v sqlite3)

# A wide value after row 100, so that sizing from the first rows alone would be wrong.
QUERY="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT $ROWS)
SELECT x, x*1.5, CASE WHEN x = $ROWS / 2 THEN 'a value wider than the first hundred rows' ELSE 'row ' || x END, NULL FROM c;"
echo "$QUERY" > "$OUT/grid.sql"

echo "box/table/markdown/column of $ROWS rows into a pipe, sqlive vs sqlite3 $($SQLITE --version | cut -d' ' -f1), $RUNS runs each:"
for mode in box table markdown column; do
  # Same bytes first: a benchmark of different output would mean nothing.
  cmp -s <("$SQLITE" -"$mode" :memory: < "$OUT/grid.sql") <("$SQLIVE" --mode "$mode" :memory: < "$OUT/grid.sql") \
    || { echo "$mode: sqlive's output differs from sqlite3's"; exit 1; }
  hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$OUT/grid-$mode.json" \
    -n sqlite3 "bash -c '$SQLITE -$mode :memory: < $OUT/grid.sql > /dev/null'" \
    -n sqlive "bash -c '$SQLIVE --mode $mode :memory: < $OUT/grid.sql > /dev/null'" >/dev/null 2>&1
  a_rss=$(/usr/bin/time -f %M "$SQLITE" -"$mode" :memory: < "$OUT/grid.sql" 2>&1 >/dev/null | tail -1)
  b_rss=$(/usr/bin/time -f %M "$SQLIVE" --mode "$mode" :memory: < "$OUT/grid.sql" 2>&1 >/dev/null | tail -1)
  python3 - "$OUT/grid-$mode.json" "$mode" "$a_rss" "$b_rss" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
a, b = r["sqlite3"]["median"], r["sqlive"]["median"]
# CPU time (user + system) moves less than wall time when other work shares the machine.
ca = r["sqlite3"]["user"] + r["sqlite3"]["system"]
cb = r["sqlive"]["user"] + r["sqlive"]["system"]
ra, rb = int(sys.argv[3]) / 1024, int(sys.argv[4]) / 1024
verdict = "ok" if b / a <= 1.1 else "OVER"
print(f"{sys.argv[2]:<9} wall sqlite3 {a*1000:6.0f} ms  sqlive {b*1000:6.0f} ms  ratio {b/a:4.2f} (limit 1.1) {verdict}"
      f" | cpu ratio {cb/ca:4.2f} | peak memory sqlite3 {ra:5.1f} MiB  sqlive {rb:4.1f} MiB")
PY
done
