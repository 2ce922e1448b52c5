"""Writes an INSERT script of N rows in one transaction, for bench/run.sh."""
import sys

n = int(sys.argv[1])
print("BEGIN;")
print("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL, note TEXT);")
for i in range(1, n + 1):
    note = "NULL" if i % 7 == 0 else f"'note {i % 100}'"
    print(f"INSERT INTO t VALUES({i}, 'name {i}', {i * 0.25}, {note});")
print("COMMIT;")
