import GRDB

extension Database {
    /// The column that is the table's rowid under another name (its INTEGER PRIMARY KEY), if
    /// any. GRDB takes every single-column INTEGER primary key for one, but SQLite makes an
    /// exception: a column declared `INTEGER PRIMARY KEY DESC` is an ordinary column with a
    /// unique index of its own, its values are not the rowids, and a region narrowed to them
    /// (`n.filter(key: 5)`) watched other rows than the query reads. That index, whose origin
    /// is `pk`, is how SQLite shows the exception.
    func rowIDAlias(of table: String) throws -> String? {
        guard let column = try primaryKey(table).rowIDColumn else { return nil }
        return try primaryKeyHasIndexOfItsOwn(table) ? nil : column
    }

    /// True for a table GRDB believes has a rowid alias where SQLite has none (`INTEGER
    /// PRIMARY KEY DESC`): GRDB narrows its regions on values that are not rowids.
    func hasFalseRowIDAlias(_ table: String) throws -> Bool {
        try primaryKey(table).rowIDColumn != nil && primaryKeyHasIndexOfItsOwn(table)
    }

    private func primaryKeyHasIndexOfItsOwn(_ table: String) throws -> Bool {
        try Bool.fetchOne(self, sql: "SELECT count(*) > 0 FROM pragma_index_list(?) WHERE origin = 'pk'",
                          arguments: [table]) ?? false
    }
}
