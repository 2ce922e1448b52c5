import GRDB

/// The user's TEMP database, read without bringing it into being. SQLite opens `temp` at
/// the first statement that names it, and from then on `.databases` lists it: sqlive's own
/// reads of `temp` (a pane's private-table check, the DSL's table names) made `.databases`
/// print a `temp` line sqlite3 does not.
enum TempSchema {
    /// True when the connection has opened its TEMP database (a TEMP object was made, or
    /// some statement named `temp`).
    static func isOpen(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT count(*) > 0 FROM pragma_database_list WHERE name = 'temp'")) ?? false
    }

    /// `PRAGMA temp.schema_version`, or 0 when TEMP is not open (it holds nothing then).
    static func version(_ db: Database) throws -> Int {
        guard try isOpen(db) else { return 0 }
        return try Int.fetchOne(db, sql: "PRAGMA temp.schema_version") ?? 0
    }
}
