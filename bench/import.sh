#!/usr/bin/env bash
# Imports a 1,000,000-row CSV with sqlive and with sqlite3, in the same run, and prints the
# ratio of their median times (sqlive / sqlite3; the target is at most 1.5).
#   bash bench/import.sh [ROWS]          (needs a release build: swift build -c release)
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-1000000}
out=bench/out
mkdir -p "$out"
sqlive=${SQLIVE:-.build/release/sqlive}
[ -x "$sqlive" ] || { echo "build first: swift build -c release" >&2; exit 1; }

csv="$out/import-$rows.csv"
if [ ! -s "$csv" ]; then
  # Six columns of typical data: quoted fields with commas and quotes, unicode, numbers, dates.
  awk -v rows="$rows" 'BEGIN {
    srand(1)
    split("Ann,Bob,Chloé,Dmitri,Eve,Fran", first, ",")
    split("Smith,Jones,O'"'"'Neil,Li", last, ",")
    split("|plain|\"with, comma\"|\"\"\"quoted\"\" text\"|multi word note", notes, "|")
    print "id,name,email,amount,created,note"
    for (i = 1; i <= rows; i++) {
      name = first[int(rand() * 6) + 1] " " last[int(rand() * 4) + 1]
      email = tolower(name); gsub(/ /, ".", email)
      printf "%d,%s,%s@example.com,%.2f,2024-%02d-%02d,%s\n", i, name, email, rand() * 1000, int(rand() * 12) + 1, int(rand() * 28) + 1, notes[int(rand() * 5) + 1]
    }
  }' > "$csv"
fi
echo "input: $csv ($(wc -c < "$csv") bytes, $rows rows)"

db="$out/import.db"
if command -v hyperfine >/dev/null; then
  hyperfine --warmup 1 --runs "${RUNS:-5}" --export-json "$out/import.json" --prepare "rm -f $db" \
    -n sqlite3 "sqlite3 $db '.import --csv $csv t'" \
    -n sqlive "$sqlive $db '.import --csv $csv t'"
  python3 - "$out/import.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ratio = results["sqlive"]["median"] / results["sqlite3"]["median"]
print(f"sqlite3 median {results['sqlite3']['median']:.2f} s, sqlive median {results['sqlive']['median']:.2f} s")
print(f"ratio sqlive/sqlite3 = {ratio:.2f} (target <= 1.5)")
PY
else
  echo "hyperfine is needed (apt-get install hyperfine)" >&2
  exit 1
fi
