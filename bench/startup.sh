#!/usr/bin/env bash
# Start-up to first result and baseline memory of sqlive beside sqlite3, in one run, as
# ratios: `sqlive -c 'select 1'` against `sqlite3 :memory: 'select 1'`.
#   bash bench/startup.sh                  # builds the release binary first (make release)
#   SQLIVE=path bash bench/startup.sh      # measures that binary instead
#   RUNS=200 bash bench/startup.sh         # more hyperfine runs (default 100)
# Exits 1 when sqlive's start-up time or memory is over twice sqlite3's (issue 22's goal).
# Needs hyperfine and GNU time; installs them from Debian's packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-100}
LIMIT=${LIMIT:-2}
OUT=bench/out
mkdir -p "$OUT"

source bench/tools.sh

if [ -z "${SQLIVE:-}" ]; then
  make --no-print-directory release >/dev/null
  SQLIVE=$PWD/.build/release/sqlive
fi
SQLITE=$(command -v sqlite3)

# Time: hyperfine without a shell (-N), so only the two programs are measured.
hyperfine -N --warmup 10 --runs "$RUNS" --export-json "$OUT/startup.json" \
  -n sqlite3 "$SQLITE :memory: 'select 1'" -n sqlive "$SQLIVE -c 'select 1'" >/dev/null

# Memory: the maximum resident set size of each run (GNU time), the median of 21 runs.
rss() {
  for _ in $(seq 21); do /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 11p
}
rss_sqlite=$(rss "$SQLITE" :memory: 'select 1')
rss_sqlive=$(rss "$SQLIVE" -c 'select 1')

python3 - "$OUT/startup.json" "$rss_sqlite" "$rss_sqlive" "$LIMIT" "$SQLIVE" "$SQLITE" <<'PY'
import json, os, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
rss_sqlite, rss_sqlive, limit = int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
a, b = results["sqlite3"], results["sqlive"]
ratio = b["median"] / a["median"]
print(f"start-up to first result, {len(b['times'])} runs each (median, mean ± σ):")
for name, r in (("sqlite3", a), ("sqlive", b)):
    print(f"  {name:<8} {r['median']*1000:6.2f} ms   {r['mean']*1000:6.2f} ± {r['stddev']*1000:4.2f} ms")
print(f"  ratio    {ratio:6.2f}   (mean {b['mean']/a['mean']:.2f}; limit {limit:g}) {'ok' if ratio <= limit else 'OVER'}")
print("baseline memory (max RSS, median of 21 runs):")
print(f"  sqlite3  {rss_sqlite/1024:6.1f} MiB")
print(f"  sqlive   {rss_sqlive/1024:6.1f} MiB")
memory_ratio = rss_sqlive / rss_sqlite
print(f"  ratio    {memory_ratio:6.2f}   (limit {limit:g}) {'ok' if memory_ratio <= limit else 'OVER'}")
size = os.path.getsize(sys.argv[5])
print(f"binary: sqlive {size/1048576:.1f} MiB ({sys.argv[5]})")
sys.exit(0 if ratio <= limit and memory_ratio <= limit else 1)
PY
