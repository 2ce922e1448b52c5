#!/usr/bin/env python3
"""External commit -> printed block latency, and idle CPU, of `sqlive --follow`.

Another process (this script, through Python's sqlite3) commits one row at a time; sqlive
follows the file with one pane and prints a block per change. For each commit the time from
COMMIT returning to the block's line arriving on sqlive's stdout is the lag. Then sqlive is
left idle with its pane pinned and its CPU time over a few seconds is read from /proc.

    python3 bench/follow_latency.py SQLIVE JOURNAL_MODE [COMMITS] [IDLE_SECONDS]
"""
import os, select, sqlite3, statistics, subprocess, sys, tempfile, time

sqlive, mode = sys.argv[1], sys.argv[2]
commits = int(sys.argv[3]) if len(sys.argv) > 3 else 100
idle = float(sys.argv[4]) if len(sys.argv) > 4 else 5.0
folder = tempfile.mkdtemp(prefix="sqlive-follow-bench-")
path = os.path.join(folder, "bench.db")
db = sqlite3.connect(path, timeout=10, isolation_level=None)
db.execute(f"PRAGMA journal_mode = {mode}")
db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v)")
db.execute("INSERT INTO t VALUES (0, 0)")
env = dict(os.environ, HOME=folder, NO_COLOR="1")
proc = subprocess.Popen([sqlive, "--no-init", "--follow", "-c", ".pin SELECT max(id) FROM t", path],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
fd = proc.stdout.fileno()
os.set_blocking(fd, False)
buffer = b""

def wait_for(value, deadline):
    """Reads stdout until a line equal to value arrives; returns its arrival time."""
    global buffer
    wanted = f"\n{value}\n".encode()
    while time.monotonic() < deadline:
        data = b"\n" + buffer
        if wanted in data:
            at = time.monotonic()
            buffer = data[data.index(wanted) + len(wanted):]
            return at
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            buffer += chunk
    raise SystemExit(f"no block with {value} from sqlive: {buffer[-300:]!r} {proc.stderr.read1(300) if proc.poll() is not None else ''}")

wait_for(0, time.monotonic() + 20)
lags = []
for i in range(1, commits + 1):
    db.execute("INSERT INTO t VALUES (?, ?)", (i, i))
    done = time.monotonic()
    lags.append(wait_for(i, done + 10) - done)
    time.sleep(0.02)
ticks = os.sysconf("SC_CLK_TCK")
def cpu():
    fields = open(f"/proc/{proc.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks
time.sleep(0.5)
before, start = cpu(), time.monotonic()
time.sleep(idle)
used = (cpu() - before) / (time.monotonic() - start)
proc.terminate()
proc.wait()
lags.sort()
p = lambda q: lags[min(len(lags) - 1, int(q * len(lags)))] * 1000
print(f"{mode:8} external commit -> block, {commits} commits: p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, "
      f"max {lags[-1]*1000:.1f} ms; idle CPU while following {used*100:.2f}% of a core")
