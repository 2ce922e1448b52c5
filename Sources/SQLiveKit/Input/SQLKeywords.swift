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

    /// The words an SQL statement can start with. Input starting with anything else is not SQL.
    public static let statementStarters: Set<String> = [
        "ALTER", "ANALYZE", "ATTACH", "BEGIN", "COMMIT", "CREATE", "DELETE", "DETACH", "DROP",
        "END", "EXPLAIN", "INSERT", "PRAGMA", "REINDEX", "RELEASE", "REPLACE", "ROLLBACK",
        "SAVEPOINT", "SELECT", "UPDATE", "VACUUM", "VALUES", "WITH",
    ]

    /// True when the text's first word starts an SQL statement (or the text opens with an
    /// SQL comment, a `;` or a parenthesis, which only SQL does). `//` opens a DSL comment.
    public static func startsSQLStatement(_ text: some StringProtocol) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = trimmed.first else { return true }
        if first == "/" { return trimmed.dropFirst().first != "/" }
        if first == "-" || first == ";" || first == "(" { return true }
        let word = trimmed.prefix { $0.isLetter || $0 == "_" }
        return statementStarters.contains(word.uppercased())
    }
}
