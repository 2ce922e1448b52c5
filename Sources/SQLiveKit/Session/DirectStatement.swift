import Foundation
import GRDB
import GRDBSQLite

/// Runs one SQL statement with SQLite's C API directly, for scripts of many small statements.
///
/// GRDB's `Statement` does per-statement work that only observation needs: an authorizer
/// callback for each action SQLite compiles (to record the region a statement reads and the
/// changes it makes), and bookkeeping before and after each execution for transaction
/// observers. On a 200,000-row INSERT script that work, plus the `Statement` objects, came to
/// about a quarter of sqlive's instructions. So when no GRDB observer watches the connection
/// (no pane was ever pinned on it, no `.trace`), statements from the prompt and from scripts
/// run here instead, and the session falls back to GRDB the moment observation starts.
///
/// What GRDB would have done and still must be done: clearing its schema cache after a
/// statement that may change the schema (``mayChangeSchema``), so that completion, the DSL and
/// panes never see stale columns. `isInsideTransaction` needs nothing: GRDB asks SQLite.
struct DirectStatement: ~Copyable {
    private let statement: SQLiteStatement
    private let connection: SQLiteConnection

    /// Compiles the statement; nil when the text holds only comments. Compilation errors
    /// carry a caret where SQLite points.
    init?(sql: String, connection: SQLiteConnection) throws(Diagnostic) {
        var compiled: SQLiteStatement?
        // Bytes of the input that are not UTF-8 (``RawBytes``) go to SQLite as they came.
        let code = RawBytes.contains(in: sql)
            ? RawBytes.bytes(of: sql).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { sqlite3_prepare_v2(connection, $0.baseAddress, Int32($0.count), &compiled, nil) }
            }
            : sql.withCString { sqlite3_prepare_v2(connection, $0, -1, &compiled, nil) }
        guard code == SQLITE_OK else {
            var diagnostic = Diagnostic.lastError(of: connection)
            let offset = Int(sqlite3_error_offset(connection))
            if offset >= 0 {
                diagnostic.excerpt = Diagnostic.Excerpt(text: RawBytes.validText(sql), offset: offset)
            }
            sqlite3_finalize(compiled)
            throw diagnostic
        }
        guard let compiled else { return nil }
        self.statement = compiled
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(statement)
    }

    var columnCount: Int { Int(sqlite3_column_count(statement)) }

    /// The statement's SQL, as compiled.
    var sql: String { sqlite3_sql(statement).map { String(cString: $0) } ?? "" }

    /// 1 for an `EXPLAIN` statement, 2 for `EXPLAIN QUERY PLAN`, 0 otherwise.
    var explainKind: Int32 { sqlite3_stmt_isexplain(statement) }

    /// Binds `.parameter` values to the statement's parameters (NULL for names never set).
    func bindParameters(_ parameters: ParameterStore) {
        parameters.bind(to: statement)
    }

    var columnNames: [String] {
        (0..<Int32(columnCount)).map { String(cString: sqlite3_column_name(statement, $0)) }
    }

    /// True unless the statement only reads, or only changes rows (INSERT, UPDATE, DELETE,
    /// REPLACE): anything else may create, drop or alter something, or undo such a change
    /// (ROLLBACK, which SQLite counts as read-only). Runs after every statement of a script,
    /// so it compares the leading keyword in place instead of making a String.
    var mayChangeSchema: Bool {
        guard var sql = sqlite3_sql(statement) else { return true }
        while isspace(Int32(sql.pointee)) != 0 { sql += 1 }
        // Static strings: a String here would be converted to a C string on every call.
        func startsWith(_ keyword: StaticString) -> Bool {
            let bytes = UnsafeRawPointer(keyword.utf8Start).assumingMemoryBound(to: CChar.self)
            return strncasecmp(sql, bytes, keyword.utf8CodeUnitCount) == 0
        }
        if startsWith("ROLLBACK") { return true }
        guard sqlite3_stmt_readonly(statement) == 0 else { return false }
        return !(startsWith("INSERT") || startsWith("UPDATE") || startsWith("DELETE")
            || startsWith("REPLACE") || startsWith("WITH"))
    }

    /// Steps to the end, handing each row to `body`; throws SQLite's error.
    func step(_ body: (StatementRow) -> Void) throws(Diagnostic) {
        let columnCount = self.columnCount
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                body(StatementRow(statement: statement, columnCount: columnCount))
            case SQLITE_DONE:
                return
            default:
                throw Diagnostic.lastError(of: connection)
            }
        }
    }
}

extension Diagnostic {
    /// The error SQLite reports on `connection` now (its extended code and message), through
    /// the one conversion: an interruption is ``Kind/interrupted``.
    static func lastError(of connection: SQLiteConnection) -> Diagnostic {
        let code = ResultCode(rawValue: sqlite3_extended_errcode(connection))
        return Diagnostic(converting: DatabaseError(resultCode: code, message: String(cString: sqlite3_errmsg(connection))))
    }
}
