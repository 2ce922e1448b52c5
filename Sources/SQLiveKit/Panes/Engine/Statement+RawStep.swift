import GRDB
import GRDBSQLite

/// Statements the pane engine runs on every frame, stepped with SQLite's own calls: no GRDB
/// cursor, no generic decoding, no per-execution bookkeeping. `Int.fetchOne` of
/// `PRAGMA schema_version` cost some ten thousand instructions a time, and GRDB's `execute`
/// of BEGIN and COMMIT some four thousand each — on a pane reader, which no observer watches
/// and which never writes, none of that work has anything to do.
extension Statement {
    /// The first column of the first row as an integer (nil without a row). Only for
    /// statements that read: GRDB's bookkeeping of writes is bypassed.
    func firstInteger() throws -> Int64? {
        let raw = sqliteStatement
        sqlite3_reset(raw)
        defer { sqlite3_reset(raw) }
        let code = sqlite3_step(raw)
        switch code {
        case SQLITE_ROW:
            return sqlite3_column_int64(raw, 0)
        case SQLITE_DONE:
            return nil
        default:
            throw stepError(code)
        }
    }

    /// Runs a statement that returns no row (a reader's BEGIN or COMMIT) to its end.
    func stepToEnd() throws {
        let raw = sqliteStatement
        sqlite3_reset(raw)
        defer { sqlite3_reset(raw) }
        var code = sqlite3_step(raw)
        while code == SQLITE_ROW { code = sqlite3_step(raw) }
        guard code == SQLITE_DONE else { throw stepError(code) }
    }

    private func stepError(_ code: Int32) -> DatabaseError {
        let message = sqlite3_db_handle(sqliteStatement).map { String(cString: sqlite3_errmsg($0)) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
    }
}
