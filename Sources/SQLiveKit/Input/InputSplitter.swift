import GRDBSQLite

/// Turns lines of input into complete units: meta-command lines, SQL statements and DSL queries.
///
/// A line that starts with `.` while no statement is pending is a meta-command. A unit whose
/// first word is not an SQL keyword is a DSL query, complete at the end of its line unless a
/// bracket is still open. Everything else
/// accumulates until SQLite says the text is a complete statement (`sqlite3_complete`), so
/// statements can span lines, and `;` inside strings, comments and trigger bodies does not end
/// one. A line holding several statements yields one unit per statement, each with its own
/// starting line, so an error names the statement that failed.
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

    public init(source: String) {
        self.source = source
    }

    /// True while a statement has started but is not complete: the prompt shows `...>`.
    public var isInsideStatement: Bool { !pending.isEmpty }

    /// The text of the statement begun so far (for history and `.edit`).
    public var pendingText: String { pending }

    /// Feeds one line (without its newline) and returns the units it completes.
    public mutating func feed(_ line: String) -> [InputUnit] {
        lineNumber += 1
        if pending.isEmpty {
            if isMetaCommand(line) {
                return [InputUnit(kind: .command, text: line, location: location(lineNumber))]
            }
            // Like sqlite3, a line of only spaces and comments between statements is skipped.
            if isBlank(line) || (Self.isOnlyCommentsOrSpace(line) && Self.isComplete(line + "\n;")) {
                return []
            }
            pendingStartLine = lineNumber
            pending = line
            if !SQLKeywords.startsSQLStatement(line) { openDSLBrackets = 0 }
        } else {
            pending += "\n"
            pending += line
        }
        if let open = openDSLBrackets {
            return feedDSL(line, open: open)
        }
        // Only a line with a `;` can complete a statement; skip asking SQLite otherwise.
        guard line.utf8.contains(UInt8(ascii: ";")), Self.isComplete(pending) else { return [] }
        let units = Self.statements(in: pending).map { piece in
            InputUnit(kind: .sql, text: piece.text, location: location(pendingStartLine + piece.lineOffset))
        }
        pending = ""
        return units
    }

    /// A line of a DSL query: the query is complete when no bracket is left open.
    private mutating func feedDSL(_ line: String, open: Int) -> [InputUnit] {
        let stillOpen = open + DSLLineScanner.bracketBalance(line)
        if stillOpen > 0 {
            openDSLBrackets = stillOpen
            return []
        }
        defer { discardPending() }
        if DSLLineScanner.isBlank(pending) { return [] }
        return [InputUnit(kind: .dsl, text: pending, location: location(pendingStartLine))]
    }

    /// Called at end of input: returns what was left unfinished, if it holds any SQL, or a
    /// DSL query with brackets still open (its parser says which).
    public mutating func finish() -> InputUnit? {
        defer { discardPending() }
        if openDSLBrackets != nil {
            return InputUnit(kind: .dsl, text: pending, location: location(pendingStartLine))
        }
        guard !pending.isEmpty, !Self.isOnlyCommentsOrSpace(pending) else { return nil }
        return InputUnit(kind: .incompleteSQL, text: pending, location: location(pendingStartLine))
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
        line.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    static func isComplete(_ text: String) -> Bool {
        text.withCString { sqlite3_complete($0) != 0 }
    }

    /// True when the text holds no statement at all: only spaces, `;` and comments.
    static func isOnlyCommentsOrSpace(_ text: String) -> Bool {
        strippedOfComments(text).unicodeScalars.allSatisfy { $0 == ";" || $0.properties.isWhitespace }
    }

    /// The text with `--` and `/* */` comments removed (strings kept), for emptiness checks.
    static func strippedOfComments(_ text: String) -> String {
        var result = ""
        var iterator = Array(text.unicodeScalars)[...]
        while let scalar = iterator.popFirst() {
            switch scalar {
            case "-" where iterator.first == "-":
                while let next = iterator.first, next != "\n" { iterator.removeFirst() }
            case "/" where iterator.first == "*":
                iterator.removeFirst()
                while let next = iterator.popFirst() {
                    if next == "*" && iterator.first == "/" { iterator.removeFirst(); break }
                }
            case "'", "\"", "`":
                result.unicodeScalars.append(scalar)
                while let next = iterator.popFirst() {
                    result.unicodeScalars.append(next)
                    if next == scalar { break }
                }
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Splits complete text into statements: each `;` after which the text so far is complete
    /// ends one. What follows the last statement (spaces, a comment) stays with it; empty
    /// statements (`;;`) are dropped. Each piece says how many lines into the text it starts.
    static func statements(in text: String) -> [(text: String, lineOffset: Int)] {
        let bytes = Array(text.utf8)
        if bytes.count(where: { $0 == UInt8(ascii: ";") }) <= 1 {
            return isOnlyCommentsOrSpace(text) ? [] : [(text, leadingNewlines(bytes[...]))]
        }
        var pieces: [(text: String, lineOffset: Int)] = []
        var start = 0
        var newlinesBeforeStart = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: ";") {
            let piece = bytes[start...index]
            let candidate = String(decoding: piece, as: UTF8.self)
            guard isComplete(candidate) else { continue }
            if !isOnlyCommentsOrSpace(candidate) {
                pieces.append((candidate, newlinesBeforeStart + leadingNewlines(piece)))
            }
            newlinesBeforeStart += piece.count(where: { $0 == UInt8(ascii: "\n") })
            start = index + 1
        }
        if start < bytes.count, !pieces.isEmpty {
            pieces[pieces.count - 1].text += String(decoding: bytes[start...], as: UTF8.self)
        }
        return pieces
    }

    /// Newlines among the whitespace that opens a piece, so its line is the statement's own.
    private static func leadingNewlines(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { count += 1 } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") { break }
        }
        return count
    }
}
