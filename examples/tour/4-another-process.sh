#!/bin/sh
# Tour 4: another process writes the database. Its commits never reach this sqlive's
# observers: SQLite tells a connection only about its own changes.
# Run it from the repository root:  sh examples/tour/4-another-process.sh
# (SQLIVE names the sqlive to run, by default .build/debug/sqlive.)
#
# sqlive reads its input from a pipe this script writes to, so that sqlite3 can commit
# between two of its lines, as a person would in a second terminal. What sqlive prints is
# shown at the end, with a line for each thing sqlite3 did.
set -eu
sqlive=${SQLIVE:-.build/debug/sqlive}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sqlite3 "$work/tour.db" "CREATE TABLE visit(page TEXT); INSERT INTO visit VALUES ('/home');"
mkfifo "$work/input"
# The transcript exists before send() looks into it: sqlive's redirections wait for the pipe
# to open, so the file it writes would come only after the first look.
: > "$work/transcript"
"$sqlive" --no-init "$work/tour.db" < "$work/input" > "$work/transcript" 2>&1 &
exec 3> "$work/input"

# Sends lines to sqlive, then waits until it has printed the marker after them.
step=0
send() {
    step=$((step + 1))
    printf '%s\n' "$@" ".print -- step $step done" >&3
    tries=0
    until grep -q "^-- step $step done$" "$work/transcript"; do
        tries=$((tries + 1))
        [ $tries -lt 600 ] || { echo "sqlive did not answer step $step" >&2; cat "$work/transcript" >&2; exit 1; }
        sleep 0.05
    done
}
# Runs SQL in sqlite3, another process, and says so in the transcript.
other_process() {
    send ".print \"-- meanwhile another process (sqlite3) commits: $1\""
    sqlite3 "$work/tour.db" "$1"
}

send ".mode box" ".echo on" ".pin --name visits SELECT count(*) AS visits FROM visit"
other_process "INSERT INTO visit VALUES ('/about');"
# sqlive's next commit does not bring it either: no pane block follows this statement.
send "SELECT 'the pane still says 1' AS note;"
# .notify all: 'something changed, read again'. At a terminal .external does it by itself:
# it polls PRAGMA data_version (on by default for a file; scripts have it off).
send ".notify all"
send ".external" ".why visits"
exec 3>&-
wait
# The markers and the echo of .print lines are this script's plumbing, not the tour's.
grep -v -e '^-- step [0-9]* done$' -e '^\.print ' "$work/transcript"
