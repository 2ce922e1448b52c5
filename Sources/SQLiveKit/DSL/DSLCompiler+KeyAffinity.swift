import GRDB

/// Keys of any type, and the region GRDB observes for them.
///
/// GRDB narrows the region of a request filtered on its rowid to the rows the filter names
/// (`genre.filter(key: 7)` observes `Genre(*)[7]`), but only understands integer keys: for
/// `genre.filter(key: "7")` it observes nothing at all, though SQLite compares the text `'7'`
/// with the INTEGER PRIMARY KEY as the integer 7 and returns row 7. A pane on that query
/// would never refresh.
///
/// So a DSL query is compiled twice: as written (GRDB's SQL and arguments, unchanged), and with
/// every value compared to a rowid converted the way SQLite converts it for the comparison
/// (`'7'` → 7, `'1e1'` → 10; `'7.5'` and `'abc'` match no rowid and stay as they are). The
/// second request's SQL is the same text with other arguments: its statement, given the first
/// one's arguments, runs GRDB's query and carries the region GRDB computes for the converted
/// keys.
///
///     genre.filter(key: "7")              SELECT * FROM "Genre" WHERE "GenreId" = '7'   region Genre(*)[7]
///     track.filter(keys: ["1", 2])        … WHERE "TrackId" IN ('1', 2)                 region Track(*)[1,2]
///     track.filter(TrackId == "77")       … WHERE "TrackId" = '77'                      region Track(*)[77]
enum DSLKeyValues {
    /// Values as the query writes them: the SQL and arguments GRDB runs.
    case asWritten
    /// Values compared to a rowid as SQLite compares them: the region GRDB should observe.
    case asSQLiteCompares
}

extension DSLCompiler {
    /// The key a literal compared to a rowid stands for, when this compilation converts keys:
    /// the integer SQLite compares it as, or the literal itself when it matches no integer.
    func rowIDKey(_ literal: DSLLiteral) throws(Diagnostic) -> DSLLiteral {
        guard keyValues == .asSQLiteCompares else { return literal }
        switch literal {
        case .string, .real: break
        case .integer, .boolean, .null: return literal
        }
        let key = try DSLSchema.reading { try RowIDCandidates.rowIDKey(comparing: literal.databaseValue, db: schema.db) }
        return key.map { .integer($0) } ?? literal
    }

    /// True when the node names the rowid of the table in scope (its INTEGER PRIMARY KEY, or
    /// `rowid`), which GRDB narrows regions on.
    func namesRowID(_ node: DSLNode, in scope: Scope) throws(Diagnostic) -> Bool {
        guard keyValues == .asSQLiteCompares, let scope, let name = node.spelledName(as: .column),
              let column = try schema.column(named: name, in: scope.table), try schema.hasRowID(scope.table) else { return false }
        if ["rowid", "oid", "_rowid_"].contains(column.lowercased()) { return true }
        return try schema.primaryKey(of: scope.table).rowIDColumn.map { $0.isSameName(as: column) } ?? false
    }

    /// The primary key's values converted as a rowid compares them, for `filter(key:)`.
    func primaryKeyValue(_ literal: DSLLiteral, of table: String) throws(Diagnostic) -> DatabaseValue {
        guard keyValues == .asSQLiteCompares, try schema.hasRowID(table), try schema.primaryKey(of: table).rowIDColumn != nil else {
            return literal.databaseValue
        }
        return try rowIDKey(literal).databaseValue
    }
}
