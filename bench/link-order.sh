#!/usr/bin/env bash
# Writes bench/link-order.txt (and bench/link-order.ld, below): the functions the release
# binary runs at start-up, then those bench's workloads run, for `make release` to place
# together at the front of the binary's code (lld's --symbol-ordering-file and a linker script;
# the Makefile's RELEASE_FLAGS).
#
# Why: at start-up sqlive runs half a megabyte of code spread over 20 MB, and the kernel maps
# the binary's pages around each one touched (64 KiB at a time), so the code resident after
# `select 1` was 8.5 MiB of sqlite3's 4 MiB in all. Gathered, the same code fits in a few
# dozen pages. Names that no longer exist are skipped by the linker, so a stale list costs only
# memory; run this again after large changes to the start-up path or the renderers.
# The compiler keeps an object whose code did not change even when its flags did: after
# adding -function-sections to a build folder made without it, delete .build/release/*.build/*.o.
#   bash bench/link-order.sh   # builds the release binary, with its link map, and profiles it
# (the map makes this build link again; so does the next `make release`, in a second or two).
set -euo pipefail
cd "$(dirname "$0")/.."
NEED_VALGRIND=1 source bench/tools.sh
source bench/workloads.sh

OUT=$PWD/bench/out/link-order
mkdir -p "$OUT"
rm -f "$OUT"/callgrind.* "$OUT"/lackey.*
make --no-print-directory release LINK_MAP="$OUT/sqlive.map" >/dev/null
SQLIVE=$PWD/.build/release/sqlive
make_inputs "$OUT" 300 300

# Each run's instructions, by address: callgrind names a function by one of the symbols at
# its address, and where the linker or the compiler merged functions that name may not be the
# one the linker orders by, so every symbol at an address run goes in the list.
profile() {
  local name=$1; shift
  valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no \
    --callgrind-out-file="$OUT/callgrind.$name" "$@" >/dev/null 2>&1
}
# bench/startup.sh's command line first: its code is the first in the binary.
profile 0-start-command "$SQLIVE" -c 'select 1'
profile 1-start-arguments "$SQLIVE" :memory: 'select 1'
profile 2-start-script "$SQLIVE" :memory: < "$OUT/select-1.sql"
# The data start-up reads, load by load (bench/startup-data.py).
trace() {
  local name=$1; shift
  valgrind --tool=lackey --trace-mem=yes --log-file="$OUT/lackey.$name" "$@" >/dev/null 2>&1
}
trace 0-start-command "$SQLIVE" -c 'select 1'
trace 1-start-arguments "$SQLIVE" :memory: 'select 1'
trace 2-start-script "$SQLIVE" :memory: < "$OUT/select-1.sql"
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

# The functions of a shared section of more than 256 KiB (the standard library's 1.5 MiB one):
# left out of the list, so that such a section goes after all the listed ones instead of
# coming between the small shared sections (CoreFoundation's, libdispatch's, the C shim's)
# and the functions of their own section, which start-up then finds in fewer pages.
for input in "$static_libraries"/*.a; do
  readelf -S -s -W "$input" 2>/dev/null
done | python3 -c '
import re, sys
sections = {}
for line in sys.stdin:
    if line.startswith("File:"):
        sections = {}
    elif match := re.match(r"\s*\[\s*(\d+)\] (\S+)\s+PROGBITS\s+\S+\s+\S+\s+(\S+)", line):
        sections[match[1]] = (match[2], int(match[3], 16))
    elif match := re.match(r"\s*\d+: \S+\s+\d+ FUNC\s+\S+\s+\S+\s+(\d+) (\S+)", line):
        name, size = sections.get(match[1], ("", 0))
        if name == ".text" and size > 256 * 1024:
            print(match[2])
' | sort -u > "$OUT/big-sections.txt"

# Functions of their own section first, then the others; within each, start-up's first, in
# the order of the runs above; each name once.
# A function that has the name of one in a big section is left out of the ordering file, which
# would move the big section with it; but sqlive's modules have copies of their own of many
# (the compiler's specializations of the standard library's generics and its outlined value
# operations, `$sSSWOh`, are made again in each module that uses them, under the same name), and
# those, run at start-up, sat one or two in each 64 KiB of SQLiveKit's and GRDB's code (a window
# of 16 pages mapped for each). bench/link-order.ld names their sections instead (`.text.NAME`,
# which a big section, named `.text`, never is), with those of the functions the compiler made
# without a name (`.text..L__unnamed_12`, metadata accessors the runtime calls at launch; 45 KiB
# in all), which an ordering file cannot name: the linker puts them first in `.text`, before
# what the ordering file orders (2026-11-26: 0.7 MiB less resident code after `select 1`). In
# `.text` itself: valgrind knows no code outside it, and would profile them as `???`.
nm --defined-only "$SQLIVE" > "$OUT/symbols.txt"
python3 - "$SQLIVE" "$OUT/own-sections.txt" "$OUT/big-sections.txt" "$OUT/symbols.txt" "$OUT/code.ld" "$OUT"/callgrind.* > bench/link-order.txt <<'PY'
import bisect, collections, os, re, sys
binary = os.path.realpath(sys.argv[1])
own = set(line.rstrip("\n") for line in open(sys.argv[2]))
big = set(line.rstrip("\n") for line in open(sys.argv[3]))
script = sys.argv[5]
# The binary's code symbols by address; names sharing an address are aliases.
aliases = collections.defaultdict(list)
for line in open(sys.argv[4]):
    fields = line.split()
    if len(fields) == 3 and fields[1] in "tTwW":
        aliases[int(fields[0], 16)].append(fields[2])
starts = sorted(aliases)
seen, alone, shared, copies = set(), [], [], []
for path in sys.argv[6:]:
    current = None
    for line in open(path, errors="replace"):
        if line.startswith("ob="):
            current = os.path.realpath(line[3:].strip())
        elif line.startswith("0x") and current == binary:
            index = bisect.bisect_right(starts, int(line.split()[0], 16)) - 1
            if index < 0:
                continue
            for name in aliases[starts[index]]:
                if name not in seen:
                    seen.add(name)
                    (copies if name in big else alone if name in own else shared).append(name)
print("\n".join(alone + shared))
with open(script, "w") as out:
    out.write("SECTIONS {\n  .text : {\n    *(.text..L*)\n")
    out.writelines(f"    *(.text.{name})\n" for name in copies)
    out.write("    *(.text .text.*)\n  }\n} INSERT BEFORE .init;\n")
PY
{ echo "/* Written by bench/link-order.sh; read by \`make release\` (the Makefile's RELEASE_FLAGS). */"
  python3 bench/startup-data.py "$SQLIVE" "$OUT/sqlive.map" "$OUT"/lackey.*
  cat "$OUT/code.ld"; } > "$OUT/link-order.ld"
mv "$OUT/link-order.ld" bench/link-order.ld
rm -f "$OUT"/lackey.*   # about 80 MB each
echo "link-order: $(wc -l < bench/link-order.txt) functions in bench/link-order.txt, $(grep -c '^    \*(\.text\.\$' bench/link-order.ld) in bench/link-order.ld, $(grep -c '^    \*/' bench/link-order.ld) data sections"
