import GRDB

extension Database {
    /// The column that is the table's rowid under another name (its INTEGER PRIMARY KEY), if
    /// any. GRDB takes every single-column INTEGER primary key for one, but SQLite makes an
    /// exception: a column declared `INTEGER PRIMARY KEY DESC` is an ordinary column with a
    /// unique index of its own, its values are not the rowids, and a region narrowed to them
    /// (`n.filter(key: 5)`) watched other rows than the query reads. That index, whose origin
    /// is `pk`, is how SQLite shows the exception.
    func rowIDAlias(of table: String) throws -> String? {
        guard let column = try tableKey(table).rowIDColumn else { return nil }
        return try primaryKeyHasIndexOfItsOwn(table) ? nil : column
    }

    /// True for a table where GRDB narrows its regions on values that are not rowids: one GRDB
    /// believes has a rowid alias where SQLite has none (`INTEGER PRIMARY KEY DESC`), and one
    /// with a column of its own named `rowid` that is not its INTEGER PRIMARY KEY. GRDB takes
    /// `"rowid"` for the rowid (`filter(key:)` of a table without a primary key, `rowid == 3`),
    /// but in SQL the column's name hides the rowid: `rs.filter(key: 3)` reads the rows whose
    /// column `rowid` is 3, whatever their rowids, and a region narrowed to rowid 3 missed them.
    func hasFalseRowIDAlias(_ table: String) throws -> Bool {
        let key = try tableKey(table)
        if key.rowIDColumn != nil, try primaryKeyHasIndexOfItsOwn(table) { return true }
        return try hasColumnNamedRowID(table, alias: key.rowIDColumn)
    }

    /// Whether a column of the table is named `rowid` (as SQLite compares names) without being
    /// its rowid under that name.
    private func hasColumnNamedRowID(_ table: String, alias: String?) throws -> Bool {
        let names = try String.fetchAll(self, sql: "SELECT name FROM pragma_table_xinfo(?)", arguments: [table])
        return names.contains { $0.uppercased() == "ROWID" && $0.uppercased() != alias?.uppercased() }
    }

    /// A table's primary key as GRDB's `primaryKey(_:)` describes it, read from SQLite's
    /// pragmas, which take the table's database as an argument. GRDB's own reading names an
    /// attached database's schema table unquoted (`a b.sqlite_master`): a pane on a table of
    /// a database attached as `"a b"` failed to pin with "near ".": syntax error".
    func tableKey(_ table: String) throws -> TableKey {
        let columns = try Row.fetchAll(self, sql: "SELECT name, type FROM pragma_table_xinfo(?) WHERE pk > 0 ORDER BY pk",
                                       arguments: [table])
        guard !columns.isEmpty else {
            guard try Bool.fetchOne(self, sql: "SELECT count(*) > 0 FROM pragma_table_xinfo(?)", arguments: [table]) == true else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(table)")
            }
            return TableKey(columns: [Column.rowID.name], rowIDColumn: nil)
        }
        let names = columns.map { $0["name"] as String }
        // A WITHOUT ROWID table has no rowid, so no alias of one.
        let hasRowID = try Bool.fetchOne(self, sql: """
            SELECT wr = 0 FROM pragma_table_list WHERE name = ? COLLATE NOCASE
            ORDER BY schema = 'temp' DESC, schema = 'main' DESC LIMIT 1
            """, arguments: [table]) ?? true
        let isInteger = columns.count == 1 && (columns[0]["type"] as String? ?? "").uppercased() == "INTEGER"
        return TableKey(columns: names, rowIDColumn: hasRowID && isInteger ? names[0] : nil)
    }

    private func primaryKeyHasIndexOfItsOwn(_ table: String) throws -> Bool {
        try Bool.fetchOne(self, sql: "SELECT count(*) > 0 FROM pragma_index_list(?) WHERE origin = 'pk'",
                          arguments: [table]) ?? false
    }
}

/// A table's primary key: its columns (`rowid` for a table without a declared one) and the
/// column that is its rowid under another name, as GRDB's `PrimaryKeyInfo` gives them.
struct TableKey: Equatable {
    var columns: [String]
    var rowIDColumn: String?
}
