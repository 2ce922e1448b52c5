#!/usr/bin/env bash
# Writes bench/link-order.txt: the functions the release binary runs at start-up, then those
# bench's workloads run, for `make release` to place together at the front of the binary's code
# (lld's --symbol-ordering-file; the Makefile's RELEASE_FLAGS).
#
# Why: at start-up sqlive runs half a megabyte of code spread over 20 MB, and the kernel maps
# the binary's pages around each one touched (64 KiB at a time), so the code resident after
# `select 1` was 8.5 MiB of sqlite3's 4 MiB in all. Gathered, the same code fits in a few
# dozen pages. Names that no longer exist are skipped by the linker, so a stale list costs only
# memory; run this again after large changes to the start-up path or the renderers.
# The compiler keeps an object whose code did not change even when its flags did: after
# adding -function-sections to a build folder made without it, delete .build/release/*.build/*.o.
#   bash bench/link-order.sh              # builds the release binary first (make release)
#   SQLIVE=path bash bench/link-order.sh  # profiles that binary (it must keep its symbols)
set -euo pipefail
cd "$(dirname "$0")/.."
NEED_VALGRIND=1 source bench/tools.sh
source bench/workloads.sh

if [ -z "${SQLIVE:-}" ]; then
  make --no-print-directory release >/dev/null
  SQLIVE=$PWD/.build/release/sqlive
fi
OUT=bench/out/link-order
mkdir -p "$OUT"
rm -f "$OUT"/callgrind.*
make_inputs "$OUT" 300 300

# Each run's functions of the binary itself, by their symbol names (not demangled).
profile() {
  local name=$1; shift
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$OUT/callgrind.$name" "$@" >/dev/null 2>&1
}
profile 1-start-arguments "$SQLIVE" :memory: 'select 1'
profile 2-start-script "$SQLIVE" :memory: < "$OUT/select-1.sql"
while IFS='|' read -r name database script fresh; do
  [ "$fresh" = 1 ] && rm -f "$database"
  profile "3-$name" "$SQLIVE" "$database" < "$script"
done < <(workloads "$OUT" 300 300)

# The functions the compiler put in a section of their own (`.text.NAME`): the linker moves
# sections, not functions, so one of the others brings along the whole section it shares
# (the Swift standard library's main one is megabytes), and goes after them.
static_libraries=$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift_static/linux
for input in "$static_libraries"/*.a "$(gcc -print-file-name=libstdc++.a)" .build/release/*.build/*.o; do
  readelf -S -W "$input" 2>/dev/null
done | sed -n 's/^ *\[ *[0-9]*\] \.text\.\([^ ]*\) .*/\1/p' | sort -u > "$OUT/own-sections.txt"

# Functions of their own section first, then the others; within each, start-up's first, in
# the order of the runs above; each name once.
python3 - "$SQLIVE" "$OUT/own-sections.txt" "$OUT"/callgrind.* > bench/link-order.txt <<'PY'
import os, re, sys
binary = os.path.realpath(sys.argv[1])
own = set(line.rstrip("\n") for line in open(sys.argv[2]))
seen, alone, shared = set(), [], []
for path in sys.argv[3:]:
    objects, names, current = {}, {}, None
    for line in open(path, errors="replace"):
        match = re.match(r"(c?ob|c?fn)=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
        if not match:
            continue
        kind, number, text = match.groups()
        table = objects if kind.endswith("ob") else names
        if text is not None:
            table[number] = text
        if kind == "ob":
            current = os.path.realpath(objects[number]) if number in objects else None
        elif kind == "fn" and current == binary:
            # callgrind marks a function's recursive calls as NAME'2
            name = re.sub(r"'\d+$", "", names[number])
            if not name.startswith("0x") and name not in seen:
                seen.add(name)
                (alone if name in own else shared).append(name)
print("\n".join(alone + shared))
PY
echo "link-order: $(wc -l < bench/link-order.txt) functions in bench/link-order.txt"
