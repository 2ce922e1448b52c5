#!/usr/bin/env python3
"""Prints the part of bench/link-order.ld that gathers the read-only data start-up reads.

    startup-data.py BINARY LINK_MAP LACKEY_LOG...

Called by bench/link-order.sh. BINARY is the position-independent release binary, LINK_MAP the
linker's map of it (`make release LINK_MAP=...`), each LACKEY_LOG a trace of one start-up run
(`valgrind --tool=lackey --trace-mem=yes`).

Why: start-up reads a few bytes here and there of `.rodata`, which is 36 MB (ICU's tables,
every module's constants), and the kernel maps the 64 KiB of the file around each page read
(fault-around), so 47 KiB of data read at start-up kept eight such windows resident. The input
sections they were read from, put in an output section of their own before `.rodata`, fit in
two (2026-11-26: max RSS 8.3 -> 7.8 MiB). The merged constants (`.rodata.cst*`, 9 KiB in all,
without a file of their own after merging) go there whole.
"""
import bisect
import re
import subprocess
import sys

# The output sections whose input sections are gathered: `.rodata`, and the section this script
# made in the binary being profiled (so that running it again keeps what it gathered).
GATHERED = (".rodata", ".rodata.startup")


def entry_point(binary):
    header = subprocess.run(["readelf", "-h", binary], capture_output=True, text=True, check=True)
    return int(re.search(r"Entry point address:\s+0x([0-9a-f]+)", header.stdout)[1], 16)


def input_sections(link_map):
    """(address, size, description) of each input section in a GATHERED output section."""
    sections, output = [], None
    for line in open(link_map):
        match = re.match(r"\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$", line)
        if not match:
            continue
        depth = len(match[3]) // 8  # 0: output section, 1: input section, 2: symbol
        if depth == 0:
            output = match[4]
        elif depth == 1 and output in GATHERED:
            sections.append((int(match[1], 16), int(match[2], 16), match[4]))
    return sorted(sections)


def loads(log, entry):
    """The binary's addresses each run read, in order. Valgrind loads the binary at an address
    of its own: the first instruction the run executes below the dynamic loader's (valgrind
    puts the loader at 0x4000000) is the binary's entry point."""
    base, seen = None, []
    for line in open(log, errors="replace"):
        if base is None:
            if line.startswith("I "):
                address = int(line[3:].split(",")[0], 16)
                if address < 0x4000000:
                    base = address - entry
                    if base % 4096:
                        sys.exit(f"startup-data: {log}: no load address found")
        elif line[:2] in (" L", " M"):
            seen.append(int(line[3:].split(",")[0], 16) - base)
    return seen


def pattern(description):
    """A linker-script pattern naming one input section of the map: `*/libX.a:Y.o(.rodata)` or
    `*/GRDB.build/Database.swift.o(.rodata)` (the module's folder tells apart files of the
    same name)."""
    match = re.match(r"(.*):\((\S+)\)$", description)
    if not match or match[1].startswith("<internal>"):
        return None
    path, section = match[1], match[2]
    member = re.match(r".*/([^/]+\.a)\((.*)\)$", path)
    name = f"{member[1]}:{member[2]}" if member else "/".join(path.split("/")[-2:])
    return f"*/{name}({section})"


def main():
    binary, link_map, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
    sections = input_sections(link_map)
    starts = [section[0] for section in sections]
    entry = entry_point(binary)
    patterns = []
    for log in logs:
        for address in loads(log, entry):
            index = bisect.bisect_right(starts, address) - 1
            if index < 0:
                continue
            start, size, description = sections[index]
            if address < start + size:
                name = pattern(description)
                if name and name not in patterns:
                    patterns.append(name)
    print("SECTIONS {\n  .rodata.startup : {")
    print("".join(f"    {name}\n" for name in patterns) + "    *(.rodata.cst*)\n  }")
    print("} INSERT BEFORE .rodata;")


main()
