import GRDB
import GRDBSQLite

/// A pane's query compiled on the panes' reader connection, stepped at each refresh for at
/// most `limit + 1` rows: a pane on a table of ten million rows costs the rows it shows.
///
///     let statement = try PaneStatement(job: job, db: reader)
///     let result = try statement.fetch(db, parameters: store)  // job.rowLimit rows, hasMore
///
/// Not `Sendable`: a `Statement` belongs to one connection. Statements live in the
/// ``RefreshScheduler``'s cache, which only its serial queue touches, inside accesses of the
/// reader connection.
final class PaneStatement {
    private let statement: Statement
    /// The columns and key columns as of the last fetch: SQLite prepares a statement again
    /// by itself when the schema changed (`SELECT *` then has new columns).
    private var columns: [String] = []
    private var keyColumns: [Int] = []
    let rowLimit: Int
    /// The DSL's own arguments (GRDB binds a query's literals); nil: `.parameter` values.
    private let arguments: StatementArguments?

    init(job: PaneJob, db: Database) throws {
        statement = try db.makeStatement(sql: job.sql)
        rowLimit = job.rowLimit
        arguments = job.arguments
    }

    /// Steps the statement for at most the row limit, plus one to know whether there are more.
    func fetch(_ db: Database, parameters: ParameterStore) throws -> PaneResult {
        if let arguments {
            statement.setUncheckedArguments(arguments)
        } else if sqlite3_bind_parameter_count(statement.sqliteStatement) > 0 {
            statement.setUncheckedArguments(StatementArguments(parameters.values(for: statement.sqliteStatement)))
        }
        // Stepped with SQLite's own calls, from the first row (the previous fetch may have
        // stopped early or failed), and reset after so a fetch may stop early: GRDB's cursor
        // does per-execution bookkeeping for observation that a pane reader, which nothing
        // observes and which never writes, does not need.
        let raw = statement.sqliteStatement
        sqlite3_reset(raw)
        defer { sqlite3_reset(raw) }
        var rows: [StoredRow] = []
        var hasMore = false
        // Counted at the first row: SQLite prepares the statement again by itself, at its first
        // step, when the schema changed (`SELECT *` then has new columns).
        var columnCount: Int?
        while true {
            let code = sqlite3_step(raw)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                let message = sqlite3_db_handle(raw).map { String(cString: sqlite3_errmsg($0)) }
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
            }
            if rows.count == rowLimit {
                hasMore = true
                break
            }
            let count = columnCount ?? Int(sqlite3_column_count(raw))
            columnCount = count
            rows.append(StatementRow(statement: raw, columnCount: count).stored())
        }
        refreshColumns(db)
        return PaneResult(columns: columns, rows: rows, hasMore: hasMore, keyColumns: keyColumns)
    }

    /// Reads the column names from the statement as SQLite prepared it last.
    private func refreshColumns(_ db: Database) {
        let handle = statement.sqliteStatement
        let names = (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
        guard names != columns else { return }
        columns = names
        keyColumns = Self.keyColumns(of: statement, db: db)
    }

    /// The result columns that hold the whole primary key (or rowid) of the first table that
    /// has all of them in the result, from SQLite's column metadata.
    private static func keyColumns(of statement: Statement, db: Database) -> [Int] {
        var origins: [(table: String, column: String, index: Int)] = []
        for index in 0..<Int(sqlite3_column_count(statement.sqliteStatement)) {
            let column = Int32(index)
            guard let table = sqlite3_column_table_name(statement.sqliteStatement, column),
                  let origin = sqlite3_column_origin_name(statement.sqliteStatement, column) else { continue }
            origins.append((String(cString: table), String(cString: origin).lowercased(), index))
        }
        var seen: Set<String> = []
        for table in origins.map(\.table) where seen.insert(table).inserted {
            guard let primaryKey = try? db.tableKey(table) else { continue }
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
