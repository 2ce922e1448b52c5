# Sourced by bench/run.sh and bench/ci-check.sh: the inputs and the workloads both measure, so
# the check CI runs and the figures in the README come from the same definitions.
#
# Every workload reads a script on standard input, as a user's script would: sqlite3 and sqlive
# get the same bytes, and their outputs are compared before anything is measured.

# make_inputs DIR ROWS INSERT_ROWS: the stored table (ROWS rows of an integer key, a text, a
# real and a text that is NULL one row in seven, written once by sqlite3 itself), the INSERT
# script of INSERT_ROWS rows, Chinook as a database for `.dump`, and one script per workload.
make_inputs() {
  local dir=$1 rows=$2 insert_rows=$3
  mkdir -p "$dir"
  if [ ! -s "$dir/stored-$rows.db" ]; then
    rm -f "$dir/stored-$rows.db.tmp"
    sqlite3 "$dir/stored-$rows.db.tmp" "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL, note TEXT);
      WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT $rows)
      INSERT INTO t SELECT x, 'name ' || x, x * 0.25, CASE WHEN x % 7 = 0 THEN NULL ELSE 'note ' || (x % 100) END FROM c;"
    mv "$dir/stored-$rows.db.tmp" "$dir/stored-$rows.db"
  fi
  [ -s "$dir/insert-$insert_rows.sql" ] || python3 bench/make_inserts.py "$insert_rows" > "$dir/insert-$insert_rows.sql"
  if [ ! -s "$dir/chinook.db" ]; then
    rm -f "$dir/chinook.db.tmp"
    sqlite3 "$dir/chinook.db.tmp" < ../shared/data/chinook.sql
    mv "$dir/chinook.db.tmp" "$dir/chinook.db"
  fi
  local mode
  for mode in $OUTPUT_MODES; do
    printf '.mode %s\nSELECT * FROM t;\n' "$mode" > "$dir/select-$mode.sql"
  done
  printf '.dump\n' > "$dir/dump.sql"
  printf 'select 1;\n' > "$dir/select-1.sql"
}

# The output modes measured on the stored table, and the ones that must stay under 1.0×.
OUTPUT_MODES="list box column table markdown line csv json quote insert"

# workloads DIR ROWS INSERT_ROWS: one line per workload, `name|database|script|fresh`, where
# fresh=1 means the database is deleted before each run (the INSERT script writes a new file).
workloads() {
  local dir=$1 rows=$2 insert_rows=$3 mode
  echo "insert-script|$dir/insert.db|$dir/insert-$insert_rows.sql|1"
  for mode in $OUTPUT_MODES; do
    echo "$mode|$dir/stored-$rows.db|$dir/select-$mode.sql|0"
  done
  echo "dump-chinook|$dir/chinook.db|$dir/dump.sql|0"
  echo "start-up|:memory:|$dir/select-1.sql|0"
}

# instructions PROGRAM DATABASE SCRIPT FRESH: the instructions the program runs on the
# workload, counted by callgrind (the same on a loaded machine as on a quiet one). Run on a
# stripped binary: valgrind 3.19 can't read the DWARF of the C shim target.
instructions() {
  local program=$1 database=$2 script=$3 fresh=$4
  [ "$fresh" = 1 ] && rm -f "$database"
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$program" "$database" < "$script" 2>&1 >/dev/null \
    | sed -n 's/^==[0-9]*== Collected : //p'
}

# same_output SQLITE SQLIVE DATABASE SCRIPT FRESH: fails unless both write the same bytes (for
# the INSERT script: the same database, as sqlite3 dumps it). One after the other, as both
# may write the database.
same_output() {
  local sqlite=$1 sqlive=$2 database=$3 script=$4 fresh=$5 program outputs=() status
  for program in "$sqlite" "$sqlive"; do
    outputs+=("$(mktemp "${TMPDIR:-/tmp}/sqlive-bench.XXXXXX")")
    if [ "$fresh" = 1 ]; then
      rm -f "$database"
      "$program" "$database" < "$script" > /dev/null
      sqlite3 "$database" .dump
    else
      "$program" "$database" < "$script"
    fi > "${outputs[-1]}"
  done
  cmp -s "${outputs[@]}" && status=0 || status=1
  rm -f "${outputs[@]}"
  return $status
}
