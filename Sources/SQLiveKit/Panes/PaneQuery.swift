import GRDB
import GRDBSQLite

/// A pane's query compiled on the session's connection, shared with the fetch closure that
/// GRDB runs on its writer queue.
///
/// The text, SQL or DSL, becomes a statement only through ``Session/compileQuery(_:in:)``.
/// The statement is compiled once per observation and stepped at each refresh, at most
/// `limit + 1` times: a pane on a table of ten million rows costs the rows it shows.
///
///     let query = try PaneQuery(statement: statement, db: db)
///     let result = try query.fetch(db, limit: 20)   // 20 rows, hasMore when there are more
///
/// ## Thread safety
/// `Statement` is not `Sendable`: it belongs to one connection. This box is used only inside
/// database accesses of that connection (the fetch closure, ``close()``), and GRDB runs those
/// one at a time on its serialized writer queue; that serialization is what protects
/// `statement`. ``close()`` releases the statement inside such an access, so SQLite's
/// `sqlite3_finalize` never runs on another thread while the connection is in use there.
final class PaneQuery: @unchecked Sendable {
    private var statement: Statement?
    let columns: [String]
    let keyColumns: [Int]
    /// The region SQLite's authorizer reported when compiling, before GRDB's observation
    /// canonicalizes it.
    let declaredRegion: DatabaseRegion

    /// Refuses statements that would change the database: a pane only reads.
    init(statement: Statement, text: String, db: Database) throws(Diagnostic) {
        guard statement.isReadonly, statement.columnCount > 0 else {
            throw Diagnostic("a pane needs a query that returns rows, not \(text.firstLineSummary)",
                             hint: "pin a SELECT (or a DSL query); run changes as plain statements")
        }
        self.statement = statement
        columns = statement.columnNames
        keyColumns = Self.keyColumns(of: statement, db: db)
        declaredRegion = statement.databaseRegion
    }

    /// Steps the statement for at most `limit` rows, plus one to know whether there are more.
    func fetch(_ db: Database, limit: Int) throws -> PaneResult {
        guard let statement else {
            throw Diagnostic("the pane's query was closed")
        }
        let cursor = RowWindowCursor(statement: statement)
        var rows: [StoredRow] = []
        var hasMore = false
        let columnCount = statement.columnCount
        while let row = try cursor.next() {
            if rows.count == limit {
                hasMore = true
                break
            }
            rows.append(StatementRow(statement: row, columnCount: columnCount).stored())
        }
        return PaneResult(columns: columns, rows: rows, hasMore: hasMore, keyColumns: keyColumns)
    }

    /// Releases the statement; call inside a database access of its connection.
    func close(_ db: Database) {
        statement = nil
    }

    /// The result columns that hold the whole primary key (or rowid) of the first table that
    /// has all of them in the result, from SQLite's column metadata.
    private static func keyColumns(of statement: Statement, db: Database) -> [Int] {
        var origins: [(table: String, column: String, index: Int)] = []
        for index in 0..<statement.columnCount {
            let column = Int32(index)
            guard let table = sqlite3_column_table_name(statement.sqliteStatement, column),
                  let origin = sqlite3_column_origin_name(statement.sqliteStatement, column) else { continue }
            origins.append((String(cString: table), String(cString: origin).lowercased(), index))
        }
        var seen: Set<String> = []
        for table in origins.map(\.table) where seen.insert(table).inserted {
            guard let primaryKey = try? db.primaryKey(table) else { continue }
            let indexes = primaryKey.columns.map { name in
                origins.first { $0.table == table && $0.column == name.lowercased() }?.index
            }
            if !indexes.isEmpty, indexes.allSatisfy({ $0 != nil }) {
                return indexes.compactMap { $0 }
            }
        }
        return []
    }
}

/// Steps a statement from its start, handing out the raw `sqlite3_stmt` of each row, and
/// resets it when done so a fetch may stop early.
private final class RowWindowCursor: DatabaseCursor {
    typealias Element = SQLiteStatement
    let _statement: Statement
    var _isDone = false

    init(statement: Statement) {
        _statement = statement
        // The previous fetch may have stopped early or failed: start from the first row.
        sqlite3_reset(statement.sqliteStatement)
    }

    deinit {
        sqlite3_reset(_statement.sqliteStatement)
    }

    func _element(sqliteStatement: SQLiteStatement) -> SQLiteStatement {
        sqliteStatement
    }
}
