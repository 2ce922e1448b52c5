import FuzzSupport
import GRDBSQLite
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Fuzzes the input splitter with arbitrary bytes read the way a script is read.
///
/// The bytes go through a pipe in chunks of sizes the first input bytes choose, and are read
/// back as lines by `FileLineSource` (the reader of files and stdin). Those lines must be the
/// ones `StringLineSource` (the reader of `-c` arguments and migration files) makes of the
/// same text, NUL shown as U+FFFD. Then the splitter gets the lines, and its units must
/// account for the whole input as the splitter reads it (`go` or `/` ending a statement read
/// as `;`): each unit's text is a piece of it, in order, and what lies between units is only
/// spaces, `;`, comments and lines starting with `#`. Each unit names the line it starts on;
/// each SQL unit is complete for SQLite; the units of a chunk are adjacent and only its last
/// one ends it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSplitter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let chunkSizes = (0..<4).map { _ in input.number(in: 1...64) }
    let bytes = input.remainingBytes
    let text = textShowingNUL(bytes)
    let (lines, refused) = linesThroughPipe(bytes, chunkSizes: chunkSizes)
    if refused {
        // A line mostly of NUL bytes stops FileLineSource (not a script): what it read
        // before must still be what StringLineSource reads.
        fuzzCheck(bytes.count(where: { $0 == 0 }) > LineAssembler.maximumNULBytes, "input refused without its NUL bytes")
        fuzzCheck(lines.map(asDecoded) == Array(fileLines(text).prefix(lines.count)).map(asDecoded),
                  "FileLineSource read different lines before refusing")
    } else {
        fuzzCheck(lines.map(asDecoded) == fileLines(text).map(asDecoded), "FileLineSource and StringLineSource read different lines")
    }

    var splitter = InputSplitter(source: "fuzz.sql")
    var units: [InputUnit] = []
    var linesAsRead: [String] = []
    for line in lines {
        let asRead = splitter.lineAsRead(line)
        fuzzCheck(asRead == line || asRead == ";", "a line read as something other than itself or ;")
        linesAsRead.append(asRead)
        units += splitter.feed(line)
        if splitter.isInsideStatement {
            let textAsRead = textShowingNUL(Array(linesAsRead.joined(separator: "\n").utf8))
            fuzzCheck(asDecoded(textAsRead).utf8.contains(subsequence: asDecoded(splitter.pendingText).utf8), "the pending text is not in the input")
        }
    }
    units += splitter.finish()
    fuzzCheck(!splitter.isInsideStatement, "finish() left a statement pending")
    checkCoverage(of: Array(linesAsRead.joined(separator: "\n").utf8), by: units)
    checkChunks(units)
    return 0
}

/// The units of a chunk are adjacent, numbered upwards, and only the last one ends it.
private func checkChunks(_ units: [InputUnit]) {
    for (index, unit) in units.enumerated() {
        let next = index + 1 < units.count ? units[index + 1] : nil
        fuzzCheck(unit.chunk > 0, "a unit without a chunk")
        if let next {
            fuzzCheck(next.chunk == unit.chunk || next.chunk > unit.chunk, "chunks out of order")
            fuzzCheck(unit.endsChunk == (next.chunk != unit.chunk), "a chunk ends where it does not, or goes on after its end")
            fuzzCheck(next.chunk == unit.chunk ? next.kind == .sql && unit.kind == .sql : true, "a chunk of more than one unit that is not SQL")
        } else {
            fuzzCheck(unit.endsChunk, "the last unit does not end its chunk")
        }
    }
}

/// A line as text decoded from its bytes: a file's meta-command line keeps bytes that are not
/// UTF-8 (``RawBytes``, so `.print` writes them back), where a string already holds U+FFFD.
private func asDecoded(_ line: String) -> String {
    String(decoding: RawBytes.bytes(of: line), as: UTF8.self)
}

/// The bytes as text, each NUL byte shown as U+FFFD (replaced byte by byte, whatever follows).
private func textShowingNUL(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.flatMap { $0 == 0 ? [0xEF, 0xBF, 0xBD] : [$0] }, as: UTF8.self)
}

private func stringLines(_ text: String) -> [String] {
    var source = StringLineSource(text)
    return Array(sequence(state: ()) { _ in source.nextLine() })
}

/// The lines a file of `text` must read as: `StringLineSource`'s, without the `\r` before
/// each `\n` (a file or standard input drops it, as sqlite3 reads one; a `-c` argument keeps
/// it, as sqlite3 does). A last line with no `\n` after it keeps its `\r`.
private func fileLines(_ text: String) -> [String] {
    let lines = stringLines(text)
    let endsWithNewline = text.utf8.last == UInt8(ascii: "\n")
    return lines.enumerated().map { index, line in
        let endedByNewline = index < lines.count - 1 || endsWithNewline
        guard endedByNewline, line.unicodeScalars.last == "\r" else { return line }
        return String(line.unicodeScalars.dropLast())
    }
}

/// Writes the bytes into a pipe in chunks and reads them back with `FileLineSource`; true
/// beside the lines when it refused the input as not text. All chunks are written before
/// reading, so an input larger than a pipe holds (64 KiB) is read from a string instead;
/// run.sh keeps inputs smaller with `-max_len`.
private func linesThroughPipe(_ bytes: [UInt8], chunkSizes: [Int]) -> ([String], Bool) {
    guard bytes.count < 60_000 else {
        return (fileLines(textShowingNUL(bytes)), false)
    }
    var descriptors: [Int32] = [0, 0]
    fuzzCheck(pipe(&descriptors) == 0, "pipe() failed")
    var offset = 0
    var chunk = 0
    while offset < bytes.count {
        let count = min(chunkSizes[chunk % chunkSizes.count], bytes.count - offset)
        let written = bytes[offset..<offset + count].withUnsafeBytes { write(descriptors[1], $0.baseAddress, count) }
        fuzzCheck(written == count, "short write to the pipe")
        offset += count
        chunk += 1
    }
    close(descriptors[1])
    var lines: [String] = []
    var refused = false
    if let source = FileLineSource(fileDescriptor: descriptors[0]) {
        while let line = source.nextLine() { lines.append(line) }
        refused = source.readFailure != nil
    }
    close(descriptors[0])
    return (lines, refused)
}

/// Checks that the units, in order, are pieces of the text with only ignorable bytes between,
/// each starting on the line it names. A unit's text may also appear earlier (inside a
/// comment): the first place that fits all three is the one.
private func checkCoverage(of text: [UInt8], by units: [InputUnit]) {
    var cursor = 0
    for (index, unit) in units.enumerated() {
        let piece = Array(unit.text.utf8)
        var candidate = cursor
        var found: Int?
        while let start = firstIndex(of: piece, in: text, from: candidate) {
            let line = 1 + text[..<start].count(where: { $0 == UInt8(ascii: "\n") }) + leadingNewlines(piece)
            if unit.location.line == line, isIgnorable(text[cursor..<start], atLineStart: cursor == 0 || text[cursor - 1] == UInt8(ascii: "\n"), endsInput: false) {
                found = start
                break
            }
            candidate = start + 1
        }
        guard let start = found else {
            fuzzFail("""
                unit \(unit.kind) at line \(unit.location.line) is not a piece of the input starting on that line, \
                after the previous unit with only spaces and comments between: \(unit.text.debugDescription)
                """)
        }
        switch unit.kind {
        case .command:
            fuzzCheck(piece.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) == UInt8(ascii: "."), "a command without a dot")
        case .sql:
            // The last statement of the input may lack its `;` (it runs, as in sqlite3).
            let isLast = index == units.count - 1
            let complete = unit.text.withCString { sqlite3_complete($0) } != 0
                || (isLast && (unit.text + "\n;").withCString { sqlite3_complete($0) } != 0)
            fuzzCheck(complete, "an incomplete SQL unit: \(unit.text.debugDescription)")
        case .dsl, .incompleteSQL:
            break
        }
        cursor = start + piece.count
    }
    fuzzCheck(isIgnorable(text[cursor...], atLineStart: cursor == 0 || text[cursor - 1] == UInt8(ascii: "\n"), endsInput: true), "input lost at the end: \(String(decoding: text[cursor...], as: UTF8.self).debugDescription)")
}

private func firstIndex(of piece: [UInt8], in text: [UInt8], from start: Int) -> Int? {
    guard piece.count <= text.count - start else { return nil }
    if piece.isEmpty { return start }
    return (start...(text.count - piece.count)).first { text[$0..<$0 + piece.count].elementsEqual(piece) }
}

private func leadingNewlines(_ bytes: [UInt8]) -> Int {
    bytes.prefix { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains($0) }
        .count(where: { $0 == UInt8(ascii: "\n") })
}

/// True when the bytes hold only spaces, `;`, SQL comments, DSL `//` comments and lines
/// starting with `#` (`atLineStart`: the bytes start a line). A `/*`
/// comment left open is ignorable only at the end of the input: between units it would mean
/// the next unit started inside a comment (a candidate place that cuts a comment in two).
private func isIgnorable(_ bytes: ArraySlice<UInt8>, atLineStart: Bool, endsInput: Bool) -> Bool {
    var index = bytes.startIndex
    func at(_ offset: Int) -> UInt8? { index + offset < bytes.endIndex ? bytes[index + offset] : nil }
    while let byte = at(0) {
        let startsLine = index == bytes.startIndex ? atLineStart : bytes[index - 1] == UInt8(ascii: "\n")
        switch byte {
        case UInt8(ascii: "#") where startsLine:
            while let next = at(0), next != UInt8(ascii: "\n") { index += 1 }
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: ";"), 0x0B, 0x0C:
            index += 1
        case UInt8(ascii: "-") where at(1) == UInt8(ascii: "-"), UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
            while let next = at(0), next != UInt8(ascii: "\n") { index += 1 }
        case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
            index += 2
            while at(0) != nil, !(at(0) == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/")) { index += 1 }
            if at(0) == nil { return endsInput }
            index += 2
        default:
            return false
        }
    }
    return true
}

extension String.UTF8View {
    fileprivate func contains(subsequence: String.UTF8View) -> Bool {
        let haystack = Array(self), needle = Array(subsequence)
        return FuzzSplitter.firstIndex(of: needle, in: haystack, from: 0) != nil
    }
}
