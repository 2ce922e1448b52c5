import Foundation
import GRDBSQLite

/// Turns lines of input into complete units: meta-command lines, SQL statements and DSL queries.
///
/// A line that starts with `.` while no statement is pending is a meta-command. A unit that
/// starts with a name other than an SQL keyword is a DSL query, complete at the end of its
/// line unless a bracket is still open. Everything else
/// accumulates until SQLite says the text is a complete statement (`sqlite3_complete`), so
/// statements can span lines, and `;` inside strings, comments and trigger bodies does not end
/// one. A line holding several statements yields one unit per statement, each with its own
/// starting line, so an error names the statement that failed; the statements completed by
/// one line share a chunk (``InputUnit/chunk``), whose rest an error drops, as in sqlite3.
///
/// As in sqlite3, a line starting with `#` while no statement is pending is skipped, and
/// `go` or `/` alone on a line ends the pending statement as `;` would (see ``lineAsRead(_:)``).
///
///     var splitter = InputSplitter(source: "demo.sql")
///     splitter.feed("select 1; select")   // []
///     splitter.feed("2;")                 // [sql "select 1;" at line 1, sql "select\n2;" at line 1]
public struct InputSplitter {
    public let source: String
    private var pending = ""
    private var pendingStartLine = 0
    private var lineNumber = 0
    /// The brackets a pending DSL query leaves open; nil while the pending unit is SQL.
    private var openDSLBrackets: Int?
    /// Blank and comment lines skipped since the last unit: `.echo` shows them before it.
    private var skippedLines = ""
    /// The chunks handed out so far: the last one's number.
    private var chunkCount = 0

    public init(source: String) {
        self.source = source
    }

    /// True while a statement has started but is not complete: the prompt shows `...>`.
    public var isInsideStatement: Bool { !pending.isEmpty }

    /// The text of the statement begun so far (for history and `.edit`).
    public var pendingText: String { pending }

    /// Feeds one line (without its newline) and returns the units it completes.
    public mutating func feed(_ line: String) -> [InputUnit] {
        var units: [InputUnit] = []
        feed(line, into: &units)
        return units
    }

    /// Feeds one line and appends the units it completes to `units`: the script runner
    /// reuses one buffer instead of getting a new array for every line.
    public mutating func feed(_ line: String, into units: inout [InputUnit]) {
        lineNumber += 1
        // Most lines of a script are one statement each: one pass over the bytes tells, and
        // the line becomes its unit as the general path below would make it.
        if pending.isEmpty, OneLineStatement.isWhole(line) {
            chunkCount += 1
            let echo = skippedLines.isEmpty ? nil : takeSkippedLines() + line
            units.append(InputUnit(kind: .sql, text: line, location: location(lineNumber), echo: echo, chunk: chunkCount))
            return
        }
        let line = lineAsRead(line)
        if pending.isEmpty {
            if isMetaCommand(line) {
                chunkCount += 1
                units.append(InputUnit(kind: .command, text: line, location: location(lineNumber), echo: takeSkippedLines() + line, chunk: chunkCount))
                return
            }
            // Like sqlite3, a line of only spaces and comments between statements is skipped,
            // and so is a line whose first byte is `#` (with a space before it, it is SQL).
            if isBlank(line) || line.utf8.first == UInt8(ascii: "#")
                || (Self.isOnlyCommentsOrSpace(line) && Self.isComplete(line + "\n;")) {
                skippedLines += line + "\n"
                return
            }
            pendingStartLine = lineNumber
            pending = line
            if !SQLKeywords.startsSQLStatement(line), DSLLineScanner.mayStartQuery(line) { openDSLBrackets = 0 }
        } else {
            pending += "\n"
            pending += line
            // A comment of several lines that has ended, with nothing but spaces around it,
            // is skipped as sqlite3 skips it: the next line starts afresh (a dot-command
            // after `/* … */` on two lines was taken for SQL, and failed with the statement
            // after it).
            if Self.isOnlyCommentsOrSpace(pending) && Self.isComplete(pending + "\n;") {
                skippedLines += String(Self.echoed(pending)) + "\n"
                discardPending()
                return
            }
        }
        if let open = openDSLBrackets {
            if let unit = feedDSL(line, open: open) { units.append(unit) }
            return
        }
        // Only a line with a `;` can complete a statement, or one that ends a comment after
        // the `;` of an earlier line (`select 1; /* a` then `b */`): skip asking SQLite otherwise.
        guard Self.semicolonCount(line, upTo: 1) > 0 || Self.closesComment(line), Self.isComplete(pending) else { return }
        // The echo is the text itself in the common case: no String is made for it then.
        let echo = skippedLines.isEmpty && !Self.startsWithSpace(pending) ? nil : takeSkippedLines() + Self.echoed(pending)
        appendChunk(of: pending, echo: echo, to: &units)
        pending = ""
    }

    /// The line as the splitter reads it: `;` for `go` or `/` alone on a line (sqlite3's
    /// SQL Server and Oracle terminators, any case, with spaces and comments around) when a
    /// `;` right after the pending text would complete it, or nothing is pending; otherwise
    /// the line itself. sqlite3 echoes such a line as `;`, and runs the statement with it.
    public func lineAsRead(_ line: String) -> String {
        guard Self.isCommandTerminator(line), pending.isEmpty || Self.isComplete(pending + ";") else { return line }
        return ";"
    }

    private static func startsWithSpace(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first == 0x20 || (0x09...0x0D).contains(first)
    }

    /// Pending text as sqlite3 echoes it: without the spaces that open its first line.
    private static func echoed(_ pending: String) -> Substring {
        let utf8 = pending.utf8
        return Substring(utf8.drop { $0 == 0x20 || (0x09...0x0D).contains($0) })
    }

    /// Appends the statements of complete text as units of one new chunk. The first unit
    /// echoes `echo`, or the whole text when it is nil; the others echo nothing.
    private mutating func appendChunk(of text: String, echo: String?, to units: inout [InputUnit]) {
        chunkCount += 1
        let first = units.count
        Self.forEachStatement(in: text) { statement, lineOffset in
            // A unit without an echo of its own echoes its text (``InputUnit/echo``).
            let unitEcho = units.count > first ? "" : echo ?? (statement == text ? nil : text)
            units.append(InputUnit(kind: .sql, text: statement, location: location(pendingStartLine + lineOffset),
                                   echo: unitEcho, chunk: chunkCount, endsChunk: false))
        }
        if units.count > first { units[units.count - 1].endsChunk = true }
    }

    /// Blank and comment lines after the last unit, at the end of the input: sqlite3 echoes
    /// each such line as it reads it, so `.echo on` shows them even when no unit follows.
    public var trailingSkippedLines: String { skippedLines }

    /// The skipped lines `.echo` shows before the next unit, and forgets them.
    private mutating func takeSkippedLines() -> String {
        defer { skippedLines = "" }
        return skippedLines
    }

    /// A line of a DSL query: the query is complete when no bracket is left open.
    private mutating func feedDSL(_ line: String, open: Int) -> InputUnit? {
        let stillOpen = open + DSLLineScanner.bracketBalance(line)
        if stillOpen > 0 {
            openDSLBrackets = stillOpen
            return nil
        }
        defer { discardPending() }
        if DSLLineScanner.isBlank(pending) { return nil }
        chunkCount += 1
        return InputUnit(kind: .dsl, text: pending, location: location(pendingStartLine), echo: takeSkippedLines() + pending, chunk: chunkCount)
    }

    /// Called at end of input: returns what was left pending. As in sqlite3, statements
    /// whose last one lacks only its `;` (`insert …; insert …`, `select 1 -- done`) run; text
    /// that a `;` would not complete (an open string, a trigger without END) is an
    /// ``InputUnit/Kind/incompleteSQL`` unit, and a DSL query with brackets still open is
    /// returned as it is (its parser says which).
    public mutating func finish() -> [InputUnit] {
        defer { discardPending() }
        if openDSLBrackets != nil {
            chunkCount += 1
            return [InputUnit(kind: .dsl, text: pending, location: location(pendingStartLine), chunk: chunkCount)]
        }
        guard !pending.isEmpty else { return [] }
        guard !Self.isOnlyCommentsOrSpace(pending) else {
            // A comment of several lines at the end: `.echo` shows it too, as sqlite3 does.
            skippedLines += String(Self.echoed(pending)) + "\n"
            return []
        }
        // On a line of its own, the `;` can't end up inside a trailing `--` comment.
        let terminator = "\n;"
        guard Self.isComplete(pending + terminator) else {
            chunkCount += 1
            return [InputUnit(kind: .incompleteSQL, text: pending, location: location(pendingStartLine), chunk: chunkCount)]
        }
        var units: [InputUnit] = []
        appendChunk(of: pending + terminator, echo: takeSkippedLines() + Self.echoed(pending), to: &units)
        // Bytes, not Characters: after a line ending in `\r`, "\r\n" is one Character and
        // `hasSuffix("\n;")` would not see the terminator.
        if let last = units.indices.last, units[last].text.utf8.elementsEqualSuffix(terminator.utf8) {
            let text = units[last].text.utf8
            units[last].text = String(decoding: text.prefix(text.count - terminator.utf8.count), as: UTF8.self)
        }
        return units
    }

    /// Drops the pending statement (Ctrl-C at a continuation prompt).
    public mutating func discardPending() {
        pending = ""
        openDSLBrackets = nil
    }

    private func location(_ line: Int) -> SourceLocation {
        SourceLocation(source: source, line: line)
    }

    private func isMetaCommand(_ line: String) -> Bool {
        for byte in line.utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { continue }
            return byte == UInt8(ascii: ".")
        }
        return false
    }

    private func isBlank(_ line: String) -> Bool {
        // A statement's line fails on its first byte: this is the common case kept cheap.
        guard let first = line.utf8.first else { return true }
        guard first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == UInt8(ascii: "\r") else { return false }
        return line.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    /// True when the line holds `*/`, which may end a comment begun on an earlier line.
    private static func closesComment(_ line: String) -> Bool {
        var afterStar = false
        for byte in line.utf8 {
            if afterStar && byte == UInt8(ascii: "/") { return true }
            afterStar = byte == UInt8(ascii: "*")
        }
        return false
    }

    /// How many `;` the text holds, counting no further than `limit` (memchr-fast: this runs
    /// on every line of a script).
    static func semicolonCount(_ text: String, upTo limit: Int) -> Int {
        func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            guard var cursor = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
            var remaining = bytes.count
            var found = 0
            while found < limit, remaining > 0, let hit = memchr(cursor, Int32(UInt8(ascii: ";")), remaining) {
                found += 1
                let consumed = UnsafeRawPointer(hit) - cursor + 1
                cursor += consumed
                remaining -= consumed
            }
            return found
        }
        return text.utf8.withContiguousStorageIfAvailable(count) ?? Array(text.utf8).withUnsafeBufferPointer(count)
    }

    /// True for `go` or `/` (sqlite3's `line_is_command_terminator`): after spaces, either
    /// word (`go` in any case), then only spaces and comments; no `;`, no comment left open.
    static func isCommandTerminator(_ line: String) -> Bool {
        // Over the line's own bytes: this runs for every line of a script.
        line.utf8.withContiguousStorageIfAvailable(isCommandTerminator)
            ?? Array(line.utf8).withUnsafeBufferPointer(isCommandTerminator)
    }

    private static func isCommandTerminator(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var index = 0
        while index < bytes.count && isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "/") {
            index += 1
        } else if index + 1 < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "g"), bytes[index + 1] | 0x20 == UInt8(ascii: "o") {
            index += 2
        } else {
            return false
        }
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                return true  // to the end of the line
            } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                guard index + 1 < bytes.count else { return false }
                index += 2
            } else {
                return false
            }
        }
        return true
    }

    static func isComplete(_ text: String) -> Bool {
        text.withCString { sqlite3_complete($0) != 0 }
    }

    /// True when the text holds no statement at all: only spaces, `;` and comments.
    static func isOnlyCommentsOrSpace(_ text: String) -> Bool {
        firstStatementByte(in: text) == nil
    }

    /// The text from its first statement byte on: leading spaces, `;` and comments dropped.
    static func droppingLeadingComments(_ text: String) -> Substring {
        guard let offset = firstStatementByte(in: text) else { return "" }
        return Substring(text.utf8.dropFirst(offset))
    }

    /// The UTF-8 offset of the first byte that is not a space, a `;` or part of a comment.
    ///
    /// Scans bytes and stops at the first byte of a statement, so a normal statement costs
    /// a few comparisons (this runs for every line of a script).
    private static func firstStatementByte(in text: String) -> Int? {
        // Native strings are contiguous; the fallback copies only for bridged ones.
        text.utf8.withContiguousStorageIfAvailable(firstStatementByte)
            ?? Array(text.utf8).withUnsafeBufferPointer(firstStatementByte)
    }

    private static func firstStatementByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
                 UInt8(ascii: ";"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count
                    && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index += 2
            default:
                return index
            }
        }
        return nil
    }

    /// Splits complete text into statements and hands each to `body` with how many lines
    /// into the text it starts: each `;` after which the text so far is complete ends one.
    /// What follows the last statement (spaces, a comment) stays with it unless an empty
    /// statement (`;;`, dropped) came between, so each piece is a slice of the text. A text
    /// of one statement (the common case) is handed over as it is.
    static func forEachStatement(in text: String, _ body: (String, Int) -> Void) {
        if semicolonCount(text, upTo: 2) <= 1 {
            if !isOnlyCommentsOrSpace(text) { body(text, leadingNewlines(text.utf8)) }
            return
        }
        let bytes = Array(text.utf8)
        var start = 0
        var newlinesBeforeStart = 0
        var last: (text: String, lineOffset: Int)?
        var lastPieceEnd = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: ";") {
            let piece = bytes[start...index]
            let candidate = String(decoding: piece, as: UTF8.self)
            guard isComplete(candidate) else { continue }
            if !isOnlyCommentsOrSpace(candidate) {
                if let last { body(last.text, last.lineOffset) }
                last = (candidate, newlinesBeforeStart + leadingNewlines(piece))
                lastPieceEnd = index + 1
            }
            newlinesBeforeStart += piece.count(where: { $0 == UInt8(ascii: "\n") })
            start = index + 1
        }
        guard var last else { return }
        if start < bytes.count, lastPieceEnd == start {
            last.text += String(decoding: bytes[start...], as: UTF8.self)
        }
        body(last.text, last.lineOffset)
    }

    /// Newlines among the whitespace that opens a piece, so its line is the statement's own.
    private static func leadingNewlines(_ bytes: some Sequence<UInt8>) -> Int {
        var count = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { count += 1 } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") { break }
        }
        return count
    }
}

extension String.UTF8View {
    fileprivate func elementsEqualSuffix(_ suffix: String.UTF8View) -> Bool {
        count >= suffix.count && self.suffix(suffix.count).elementsEqual(suffix)
    }
}
