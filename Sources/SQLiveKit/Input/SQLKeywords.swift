import GRDBSQLite

/// SQLite's keywords, from SQLite itself (`sqlite3_keyword_name`), for completion and for
/// telling SQL from the query DSL.
public enum SQLKeywords {
    /// Every keyword SQLite knows, upper-case.
    public static let all: [String] = (0..<sqlite3_keyword_count()).compactMap { index in
        var name: UnsafePointer<CChar>?
        var length: Int32 = 0
        guard sqlite3_keyword_name(index, &name, &length) == SQLITE_OK, let name else { return nil }
        return name.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
        }
    }.sorted()

    /// "SQL statements start with a keyword: did you mean SELECT?" for a misspelt first word
    /// (`selct`), nil when no statement's keyword is close to it.
    static func misspeltStarterHint(_ word: String) -> String? {
        Suggestion.closest(to: word, among: Array(statementStarters))
            .map { "SQL statements start with a keyword: did you mean \($0)?" }
    }

    /// The words an SQL statement can start with. Input starting with anything else is not SQL.
    public static let statementStarters: Set<String> = [
        "ALTER", "ANALYZE", "ATTACH", "BEGIN", "COMMIT", "CREATE", "DELETE", "DETACH", "DROP",
        "END", "EXPLAIN", "INSERT", "PRAGMA", "REINDEX", "RELEASE", "REPLACE", "ROLLBACK",
        "SAVEPOINT", "SELECT", "UPDATE", "VACUUM", "VALUES", "WITH",
    ]

    /// True when the text is SQL rather than a DSL query: its first word starts an SQL
    /// statement, or it opens with something no DSL query opens with (a comment, a `;`, a
    /// parenthesis, a digit…). A DSL query opens with a name, or with `//`, its comments.
    ///
    /// The input splitter asks this of every statement of a script, so it reads bytes, no
    /// further than the first word, and builds no string.
    public static func startsSQLStatement(_ text: some StringProtocol) -> Bool {
        // Native strings are contiguous; the fallback copies only for bridged ones.
        text.utf8.withContiguousStorageIfAvailable(startsSQLStatement)
            ?? Array(text.utf8).withUnsafeBufferPointer(startsSQLStatement)
    }

    static func startsSQLStatement(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        // A byte order mark is a space to SQLite's tokenizer (sqlite3 runs `\u{FEFF}SELECT 1;`,
        // as a script saved with one starts).
        while let current = byte(at: index) {
            if current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") || current == UInt8(ascii: "\r") || current == UInt8(ascii: "\n") {
                index += 1
            } else if current == 0xEF, byte(at: index + 1) == 0xBB, byte(at: index + 2) == 0xBF {
                index += 3
            } else {
                break
            }
        }
        switch byte(at: index) {
        case nil, UInt8(ascii: "-"), UInt8(ascii: ";"), UInt8(ascii: "("): return true
        case UInt8(ascii: "/"): return byte(at: index + 1) != UInt8(ascii: "/")
        case UInt8(ascii: "`"): return false
        case let first? where letterCode(first) == nil: return true
        default: break
        }
        var word: UInt64 = 0
        var length = 0
        while let current = byte(at: index), let code = letterCode(current) {
            length += 1
            // The longest keyword has nine letters; a non-ASCII letter is in none.
            if length > 9 || code == 0 { return false }
            word = word << 5 | code
            index += 1
        }
        // An index loop, not `contains`: unspecialized in a debug build, that one went
        // through the standard library's generic iterator, a few thousand instructions a
        // line of every script (bench/ci-check.sh counts the debug build).
        return packedStatementStarters.withUnsafeBufferPointer { starters in
            var index = 0
            while index < starters.count {
                if starters[index] == word { return true }
                index += 1
            }
            return false
        }
    }

    /// The statement starters packed five bits a letter, to look a word up without making it
    /// a string (a scan of 23 integers is faster than hashing).
    private static let packedStatementStarters: [UInt64] = statementStarters.map { keyword in
        keyword.utf8.reduce(0) { $0 << 5 | (letterCode($1) ?? 0) }
    }

    /// `A`…`Z` (either case) as 1…26 and `_` as 27; 0 for a non-ASCII byte (part of a
    /// Unicode letter); nil for the bytes that end a word.
    private static func letterCode(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte - UInt8(ascii: "a") + 1)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt64(byte - UInt8(ascii: "A") + 1)
        case UInt8(ascii: "_"): 27
        case 0x80...: 0
        default: nil
        }
    }
}
