import GRDB

/// The database schema as the DSL compiler sees it: table and column names resolved
/// case-insensitively (as SQLite resolves them) to the schema's own spelling, foreign keys,
/// and the facts some GRDB APIs depend on (primary keys, full-text tables).
///
/// Reads go through GRDB, which caches schema information until the schema changes.
///
///     let schema = try DSLSchema(db)
///     schema.table(named: "PRODUCT")                  // "product"
///     try schema.column(named: "Name", in: "product")  // "name"
struct DSLSchema {
    let db: Database
    /// Every table and view, spelled as in the schema.
    let tableNames: [String]
    /// The common table expressions declared so far by the query being compiled.
    let commonTables = DSLCommonTables()

    init(_ db: Database) throws(Diagnostic) {
        self.db = db
        // A cached statement: every DSL query asks, and preparing would cost more than reading.
        tableNames = try Self.reading {
            // TEMP is read only when open: reading it would open it (``TempSchema``).
            try String.fetchAll(db.cachedStatement(sql: """
                SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')
                \(try TempSchema.isOpen(db) ? "UNION ALL SELECT name FROM sqlite_temp_schema WHERE type IN ('table', 'view')" : "")
                UNION ALL VALUES ('sqlite_schema'), ('sqlite_master'), ('sqlite_temp_schema')
                """))
        }
    }

    /// The table or view a typed name means, spelled as in the schema.
    func table(named typed: String) -> String? {
        commonTables.entry(named: typed)?.name ?? tableNames.first { $0.isSameName(as: typed) }
    }

    /// The table or view a typed name means, as ``table(named:)``, refused when one of the names
    /// GRDB would write for it (its own, its columns', its primary key's, its foreign keys')
    /// holds a `"`: GRDB quotes names without doubling one, so the rest of a name read from a
    /// hostile file ran as SQL (`filter(key: 2).deleteAll()` deleted every row).
    func writableTable(named typed: String) throws(Diagnostic) -> String? {
        guard let table = table(named: typed) else { return nil }
        var names = [table] + (try columns(of: table))
        if commonTables.entry(named: table) == nil, try !isView(table) {
            names += try primaryKey(of: table).columns
            for key in try foreignKeys(on: table) {
                names += [key.destinationTable] + key.originColumns + key.destinationColumns
            }
        }
        if let name = names.first(where: { $0.contains("\"") }) {
            throw Diagnostic("the name \(name)\(table == name ? "" : ", of table \(table),") holds a double quote, which the DSL cannot write safely",
                             hint: "use SQL for this table")
        }
        return table
    }

    /// The columns of a table, view or common table expression, as `SELECT *` returns them.
    func columns(of table: String) throws(Diagnostic) -> [String] {
        if let commonTable = commonTables.entry(named: table) { return commonTable.columns }
        return try Self.reading { try db.columns(in: table).map(\.name) }
    }

    /// The column a typed name means in a table, spelled as in the schema. `rowid` (and its
    /// aliases) count as columns of tables that have one.
    func column(named typed: String, in table: String) throws(Diagnostic) -> String? {
        if let column = try columns(of: table).first(where: { $0.isSameName(as: typed) }) {
            return column
        }
        if ["rowid", "oid", "_rowid_"].contains(typed.lowercased()), try hasRowID(table) {
            return typed.lowercased()
        }
        return nil
    }

    func isView(_ table: String) throws(Diagnostic) -> Bool {
        try Self.reading { try db.viewExists(table) }
    }

    /// The foreign keys declared on a table (none on a view).
    func foreignKeys(on table: String) throws(Diagnostic) -> [ForeignKeyInfo] {
        guard commonTables.entry(named: table) == nil, try !isView(table) else { return [] }
        return try Self.reading { try db.foreignKeys(on: table) }
    }

    func primaryKey(of table: String) throws(Diagnostic) -> PrimaryKeyInfo {
        try Self.reading { try db.primaryKey(table) }
    }

    func hasUniqueKey(_ columns: [String], in table: String) throws(Diagnostic) -> Bool {
        try Self.reading { try db.table(table, hasUniqueKey: columns) }
    }

    /// True when SQLite can select the table's rowid (not a view, not WITHOUT ROWID).
    func hasRowID(_ table: String) throws(Diagnostic) -> Bool {
        guard commonTables.entry(named: table) == nil, try !isView(table) else { return false }
        return (try? db.makeStatement(sql: "SELECT rowid FROM \(SQLIdentifier.quoted(table))")) != nil
    }

    /// True when GRDB can name one column for the table's rows (the rowid or a one-column
    /// primary key), which association aggregates and joined mutations need.
    func hasSingleColumnKey(_ table: String) throws(Diagnostic) -> Bool {
        guard try !isView(table) else { return false }
        if try hasRowID(table) { return true }
        return try primaryKey(of: table).columns.count == 1
    }

    enum FullTextKind {
        case fts3, fts5
    }

    /// The full-text module of a virtual table (FTS4 counts as FTS3: same pattern syntax).
    func fullTextKind(of table: String) throws(Diagnostic) -> FullTextKind? {
        let sql = try Self.reading {
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = ? COLLATE NOCASE", arguments: [table])
                ?? (TempSchema.isOpen(db)
                    ? String.fetchOne(db, sql: "SELECT sql FROM sqlite_temp_schema WHERE name = ? COLLATE NOCASE", arguments: [table])
                    : nil)
        }
        guard let sql = sql?.lowercased(), sql.hasPrefix("create virtual table") else { return nil }
        let module = sql.split(separator: " using ", maxSplits: 1).last?.prefix { $0.isLetter || $0.isNumber }
        switch module {
        case "fts5": return .fts5
        case "fts3", "fts4": return .fts3
        default: return nil
        }
    }

    /// Runs a schema read, turning its errors into diagnostics.
    static func reading<T>(_ body: () throws -> T) throws(Diagnostic) -> T {
        do {
            return try body()
        } catch {
            throw Diagnostic(converting: error)
        }
    }
}

extension String {
    /// True when both names are equal ignoring ASCII case, as SQLite compares names.
    func isSameName(as other: String) -> Bool {
        utf8.count == other.utf8.count && zip(utf8, other.utf8).allSatisfy { Self.asciiLowercase($0) == Self.asciiLowercase($1) }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
