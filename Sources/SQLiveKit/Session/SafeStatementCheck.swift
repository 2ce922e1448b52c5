import CSQLiteShim

/// Refuses, on a statement's text, pragmas whose harm is done while SQLite compiles them,
/// before any authorizer could see them (and GRDB owns the connection's one authorizer):
///
/// - in every mode, the deprecated `full_column_names` on and `short_column_names` off: they
///   rename every result column that is a table's column (`sql` becomes `sqlite_schema.sql`),
///   and sqlive and GRDB read their own queries' rows by column name, so a `.schema` after
///   them stopped the process;
/// - under `--safe`, `temp_store_directory` and `data_store_directory`, which set where
///   *every* connection of the process writes its temporary files.
///
/// A pragma is a statement of its own (never inside a trigger or a view), so reading the
/// words of the text finds every one. The scan knows SQL's quoting, so a pragma name inside
/// a string or a comment is not one. Reading a pragma's value stays allowed.
///
///     try SafeStatementCheck.check("pragma temp_store_directory = '/tmp'", safe: true)   // throws
///     try SafeStatementCheck.check("pragma full_column_names = 1", safe: false)           // throws
enum SafeStatementCheck {
    /// Pragmas that change the process, not the connection.
    static let refusedPragmas: Set<String> = ["temp_store_directory", "data_store_directory"]

    /// The column naming pragmas, with the value each has when column names are left alone.
    static let columnNamingPragmas: [String: Bool] = ["full_column_names": false, "short_column_names": true]

    static func check(_ sql: String, safe: Bool) throws(Diagnostic) {
        // Most statements never spell it: no word scan for them (a script of a million INSERTs).
        guard mentionsPragma(sql) else { return }
        var words = SQLWordScanner(sql)
        while let (name, value) = words.nextPragma() {
            let lowercased = name.lowercased()
            if safe, refusedPragmas.contains(lowercased) {
                throw Diagnostic("PRAGMA \(name) is disabled in safe mode (--safe): it changes where files are written")
            }
            if let kept = columnNamingPragmas[lowercased], let value, boolean(value) != kept {
                throw Diagnostic("PRAGMA \(name) = \(value) is refused: this deprecated pragma renames result columns, which sqlive reads by name",
                                 hint: "name result columns with AS instead; PRAGMA \(lowercased) = \(kept ? 1 : 0) is allowed")
            }
        }
    }

    /// How SQLite reads a boolean pragma's value (`getSafetyLevel`); nil for the number forms
    /// not worth copying exactly (hex, fractions, exponents, more than nine digits).
    static func boolean(_ value: String) -> Bool? {
        guard let first = value.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return ["on", "yes", "true"].contains(value.lowercased())
        }
        guard value.utf8.count <= 9, let number = Int(value) else { return nil }
        return number % 256 != 0   // SQLite keeps the low byte
    }

    /// Whether the text holds the letters `pragma`, in any case, before a NUL (SQLite reads
    /// no further). In C: a loop over the bytes in Swift cost a script of INSERTs a fifth
    /// more instructions in the debug build CI measures.
    private static func mentionsPragma(_ sql: String) -> Bool {
        var sql = sql
        return sql.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                guard let start = text.baseAddress else { return false }
                return sqlive_mentions_pragma(start, text.count) != 0
            }
        }
    }
}
