import GRDB

/// "did you mean …?" for a name SQLite does not know, as the DSL already says it: the
/// closest table or view, column, or function of the database, by edit distance.
///
///     UnknownNameHint.hint(for: "no such table: prodcut", in: db)     // "did you mean product?"
///     UnknownNameHint.hint(for: "no such column: p.nme", in: db)      // "did you mean name?"
///     UnknownNameHint.hint(for: "no such function: upperr", in: db)   // "did you mean upper?"
///
/// Nothing close enough, or a schema that cannot be read: no hint (the error stands alone).
enum UnknownNameHint {
    static func hint(for message: String, in db: Database) -> String? {
        for (prefix, candidates) in lookups where message.hasPrefix(prefix) {
            // `main.prodcut`, `p.nme`: the unknown part is the last one.
            let typed = message.dropFirst(prefix.count).split(separator: ".").last.map(String.init) ?? ""
            guard !typed.isEmpty else { return nil }
            if prefix == "no such column: ", let tables = try? tables(havingColumn: typed, in: db), !tables.isEmpty {
                let list = tables.count == 1 ? tables[0] : tables.dropLast().joined(separator: ", ") + " and " + tables[tables.count - 1]
                return "\(typed) is a column of \(list)"
            }
            guard let names = try? candidates(db), let closest = Suggestion.closest(to: typed, among: names) else { return nil }
            return "did you mean \(closest)?"
        }
        return nil
    }

    /// The tables and views with a column of that name (in any case), sorted: the name is
    /// right, the statement reads the wrong table ("did you mean stock?" said nothing).
    private static func tables(havingColumn column: String, in db: Database) throws -> [String] {
        try tablesAndViews(db).filter { table in
            try db.columns(in: table).contains { $0.name.lowercased() == column.lowercased() }
        }.sorted { $0.lowercased() < $1.lowercased() }
    }

    private static let lookups: [(String, @Sendable (Database) throws -> [String])] = [
        ("no such table: ", tablesAndViews),
        ("no such column: ", { db in try tablesAndViews(db).flatMap { try db.columns(in: $0).map(\.name) } }),
        ("no such function: ", { db in try String.fetchAll(db, sql: "SELECT DISTINCT name FROM pragma_function_list") }),
    ]

    private static func tablesAndViews(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')")
    }
}
