import GRDB
import GRDBSQLite

extension Statement {
    /// The first column of the first row as an integer (nil without a row), stepped with
    /// SQLite's own calls: no GRDB cursor, no generic decoding. The pane engine reads
    /// `PRAGMA schema_version` this way on every frame and after every statement, where
    /// `Int.fetchOne` cost some ten thousand instructions a time. Only for statements that
    /// read: GRDB's bookkeeping of writes is bypassed.
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
            let message = sqlite3_db_handle(raw).map { String(cString: sqlite3_errmsg($0)) }
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
    }
}
