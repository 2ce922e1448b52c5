#!/usr/bin/env bash
# A script with panes prints the same bytes on every run, under any load (issue 19 §3): runs
# one pane script RUNS times (default 50) through the binary beside two CPU hogs, in memory
# and on a rollback-journal and a WAL file, and fails when any run's output differs from the
# first one's.
#   bash bench/determinism.sh [SQLIVE] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
sqlive=${1:-.build/debug/sqlive}
runs=${2:-50}
work=$(mktemp -d)
hogs=()
cleanup() { [ ${#hogs[@]} -eq 0 ] || kill "${hogs[@]}" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
for _ in 1 2; do (while :; do :; done) & hogs+=($!); done

cat > "$work/script.sql" <<'SQL'
CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score INT);
INSERT INTO player(name, score) VALUES ('Arthur', 10), ('Barbara', 20);
.pin --name scores SELECT name, score FROM player ORDER BY score DESC
.pin --name n SELECT count(*), sum(score) FROM player
.pin --name later SELECT id, team FROM player ORDER BY id
ALTER TABLE player ADD COLUMN team TEXT;
UPDATE player SET team = 'red' WHERE id = 1;
BEGIN; SAVEPOINT s; UPDATE player SET score = 11 WHERE id = 1; UPDATE player SET team = 'blue'; COMMIT;
CREATE INDEX player_score ON player(score);
INSERT INTO player(name, score, team) VALUES ('Craig', 5, 'red');
DROP INDEX player_score;
SAVEPOINT a; DELETE FROM player WHERE id = 2; ROLLBACK TO a; UPDATE player SET score = score + 1; RELEASE a;
DROP TABLE player;
CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score INT, team TEXT);
INSERT INTO player VALUES (1, 'Dora', 7, 'green');
SQL

status=0
for storage in memory delete wal; do
  expected=""
  for run in $(seq 1 "$runs"); do
    rm -f "$work"/db*
    case $storage in
      memory) database=":memory:" ;;
      delete) database="$work/db" ;;
      wal) database="$work/db"; sqlite3 "$database" 'PRAGMA journal_mode = WAL;' >/dev/null ;;
    esac
    output=$(HOME="$work" "$sqlive" --no-init "$database" < "$work/script.sql" 2>&1 | sha256sum)
    if [ -z "$expected" ]; then
      expected=$output
    elif [ "$output" != "$expected" ]; then
      echo "$storage: run $run printed other bytes than run 1"
      status=1
    fi
  done
  echo "$storage: $runs runs beside two CPU hogs, $( [ $status = 0 ] && echo 'all identical' || echo 'DIFFERENT' )"
done
exit $status
