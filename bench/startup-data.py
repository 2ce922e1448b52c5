#!/usr/bin/env python3
"""Prints the part of bench/link-order.ld that gathers the read-only data start-up reads.

    startup-data.py BINARY LINK_MAP LACKEY_LOG...

Called by bench/link-order.sh. BINARY is the position-independent release binary, LINK_MAP the
linker's map of it (`make release LINK_MAP=...`), each LACKEY_LOG a trace of one start-up run
(`valgrind --tool=lackey --trace-mem=yes`).

Why: start-up reads a few bytes here and there of `.rodata`, which is 36 MB (ICU's tables,
every module's constants), and the kernel maps the 64 KiB of the file around each page read
(fault-around). 47 KiB of constants kept eight such windows resident; 81 strings (1.2 KiB),
among the 330 KiB of string literals the linker merges into one section, six more. The input
sections they come from, in an output section of their own before `.rodata`, fit in two
(2026-11-26: max RSS of `-c 'select 1'` 8.3 -> 7.9 MiB with the constants, 7.55 MiB with
the strings). A string is found by its text: the linker merges the strings of the files in
one output section, so the files of `.rodata.startup` are those whose strings start-up reads
(of those that have it, the ones whose code start-up runs). The merged constants
(`.rodata.cst*`) and the strings of two- and four-byte characters (10 KiB in all) go there
whole. The mangled names the runtime reads (`swift5_typeref`: the standard library's, three
of GRDB's) go first in their section, which the runtime finds by its bounds, not its order.
"""
import bisect
import collections
import re
import subprocess
import sys

# The output sections gathered from: `.rodata`, and the one this script made in the binary
# profiled (so that running it again keeps what it gathered).
GATHERED = (".rodata", ".rodata.startup", "swift5_typeref")


def readelf(*arguments):
    return subprocess.run(["readelf", "-W", *arguments], capture_output=True, text=True,
                          errors="replace", check=True).stdout


class Binary:
    """The binary's input sections (from the map) and the file bytes at an address."""

    def __init__(self, path, link_map):
        self.bytes = open(path, "rb").read()
        self.entry = int(re.search(r"Entry point address:\s+0x([0-9a-f]+)", readelf("-h", path))[1], 16)
        self.segments = [(int(offset, 16), int(address, 16), int(size, 16)) for offset, address, size
                         in re.findall(r"LOAD\s+0x(\w+) 0x(\w+) 0x\w+ 0x(\w+)", readelf("-l", path))]
        self.sections, output = [], None
        for line in open(link_map):
            match = re.match(r"\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$", line)
            if not match:
                continue
            depth = len(match[3]) // 8  # 0: output section, 1: input section, 2: symbol
            if depth == 0:
                output = match[4]
            elif depth == 1:
                self.sections.append((int(match[1], 16), int(match[2], 16), output, match[4]))
        self.sections.sort()
        self.starts = [section[0] for section in self.sections]

    def section(self, address):
        index = bisect.bisect_right(self.starts, address) - 1
        if index >= 0 and address < self.sections[index][0] + self.sections[index][1]:
            return self.sections[index]
        return None

    def string(self, address):
        """The whole NUL-terminated string around `address`."""
        for offset, start, size in self.segments:
            if start <= address < start + size:
                position = first = address - start + offset
                while first > 0 and self.bytes[first - 1] != 0:
                    first -= 1
                return self.bytes[first:self.bytes.index(b"\0", position)].decode("utf-8", "replace")
        return None


def trace(log, entry):
    """The instructions and loads of one run, as addresses of the binary. Valgrind loads it at an
    address of its own: the first instruction run below the dynamic loader's (valgrind puts the
    loader at 0x4000000) is the binary's entry point."""
    base, code, data = None, set(), []
    for line in open(log, errors="replace"):
        if line.startswith("I "):
            address = int(line[3:].split(",")[0], 16)
            if base is None and address < 0x4000000:
                base = address - entry
                if base % 4096:
                    sys.exit(f"startup-data: {log}: no load address found")
            if base is not None:
                code.add(address - base)
        elif base is not None and line[:2] in (" L", " M"):
            data.append(int(line[3:].split(",")[0], 16) - base)
    return code, data


def origin(description):
    """(file, section) of an input section of the map; no file for the linker's own."""
    match = re.match(r"(.*):\((\S+)\)$", description)
    if not match:
        return None, None
    return (None if match[1].startswith("<") else match[1]), match[2]


def pattern(path, sections):
    """A linker-script pattern: `*/libX.a:Y.o(.rodata)`, or `*/GRDB.build/Database.swift.o(...)`
    (the module's folder tells apart files of the same name)."""
    member = re.match(r".*/([^/]+\.a)\((.*)\)$", path)
    name = f"{member[1]}:{member[2]}" if member else "/".join(path.split("/")[-2:])
    return f"*/{name}({sections})"


def files_with_strings(paths):
    """For each string in a string section of these files, the files that have it. The string
    sections are those flagged S: `.rodata.str1.1`, or `.rodata.FUNCTION.str1.1` in libstdc++,
    compiled with a data section for each function."""
    holders, current = collections.defaultdict(set), None
    archives = sorted({re.sub(r"\(.*\)$", "", path) for path in paths})
    names = set(re.findall(r"\] (\.rodata\S*) +PROGBITS +\w+ \w+ \w+ \w+ +\w*S", readelf("-S", *archives)))
    options = [option for name in sorted(names) for option in ("-p", name)]
    for line in readelf(*options, *archives).splitlines():
        if line.startswith("File: "):
            current = line[6:]
        elif current in paths and (match := re.match(r"\s*\[\s*[0-9a-f]+\]  (.*)$", line)):
            holders[match[1]].add(current)
    return holders


def main():
    binary = Binary(sys.argv[1], sys.argv[2])
    constants, names, strings, ran = [], [], {}, set()
    for log in sys.argv[3:]:
        code, data = trace(log, binary.entry)
        ran |= {origin(section[3])[0] for section in map(binary.section, code) if section}
        for address in data:
            section = binary.section(address)
            if not section or section[2] not in GATHERED:
                continue
            path, name = origin(section[3])
            gathered = names if section[2] == "swift5_typeref" else constants
            if path:
                if pattern(path, name) not in gathered:
                    gathered.append(pattern(path, name))
            elif name and name.startswith(".rodata.str1"):
                strings.setdefault(binary.string(address), None)
    paths = {origin(section[3])[0] for section in binary.sections} - {None}
    holders, with_strings = files_with_strings(paths), []
    for text in strings:
        found = holders.get(text, set())
        for path in sorted(found & ran or found):
            if path not in with_strings:
                with_strings.append(path)
    print("SECTIONS {\n  .rodata.startup : {")
    print("".join(f"    {name}\n" for name in constants), end="")
    print("".join(f"    {pattern(path, '.rodata*.str*')}\n" for path in with_strings), end="")
    print("    *(.rodata.cst* .rodata*.str2.* .rodata*.str4.*)\n  }\n} INSERT BEFORE .rodata;")
    print("SECTIONS {\n  swift5_typeref : {")
    print("".join(f"    {name}\n" for name in names) + "    *(swift5_typeref)\n  }")
    print("} INSERT AFTER swift5_reflstr;")


main()
