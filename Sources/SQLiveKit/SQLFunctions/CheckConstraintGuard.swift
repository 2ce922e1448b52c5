import GRDBSQLite
import Synchronization

/// SQLite 3.40 does not apply `SQLITE_DIRECTONLY` to CHECK constraints: a table's CHECK may
/// call `writefile()` or `sha3_query()`, and it runs whenever SQLite checks the constraint —
/// on the user's inserts, but also on `PRAGMA integrity_check`, `quick_check` and `.migrate`'s
/// bookkeeping, the first things a careful user runs on a file they were sent.
///
/// SQLite cannot tell a call from a constraint from a call the user typed, so a function
/// with effects refuses to run while the schema of any attached database has a table whose
/// definition names it (``tableNaming(_:connection:)``): a constraint can call a function
/// only by naming it, and no ordinary table does. The user who meant it runs the function on
/// a database without such a table.
///
///     CheckConstraintGuard.tableNaming("writefile", connection: handle)   // "main.t", or nil
enum CheckConstraintGuard {
    /// The first table (`schema.name`) whose definition names the function, if any.
    ///
    /// A table is any entry but a view, trigger or index as SQLite writes them: SQLite loads an
    /// entry as a table whatever the case of its type (`TABLE`), and reads the type only up to
    /// a NUL (`'table' || char(0) || 'x'`), so asking for `type = 'table'` missed tables a
    /// file's author spelt so. An oddly spelt view counts too, which refuses too much, never
    /// too little.
    static func tableNaming(_ function: String, connection: OpaquePointer) -> String? {
        for schema in databaseNames(connection) {
            let sql = "SELECT name FROM \"\(schema.replacingOccurrences(of: "\"", with: "\"\""))\".sqlite_schema "
                + "WHERE type NOT IN ('view', 'trigger', 'index') AND instr(lower(sql), ?1) > 0 LIMIT 1"
            let found = firstText(sql, binding: function.lowercased(), connection: connection)
            if let found { return "\(schema).\(found)" }
        }
        return nil
    }

    /// The message of a refused call.
    static func refusal(_ function: String, table: String) -> String {
        "\(function)() is refused: table \(table) names it in its definition, and SQLite runs a CHECK constraint's functions wherever it checks them (docs/SECURITY.md)"
    }

    /// The last refusal on each connection, until the session's error path takes it. FTS4
    /// calls its `uncompress=` function from statements of its own and reports any error of
    /// it as a bare "SQL logic error": the refusal is what explains it.
    private static let refusals = Mutex<[UInt: String]>([:])

    /// Refuses a call: its message for SQLite, kept for the connection's next error.
    static func refuse(_ function: String, table: String, connection: OpaquePointer) -> String {
        let message = refusal(function, table: table)
        refusals.withLock { $0[UInt(bitPattern: connection)] = message }
        return message
    }

    /// The refusal made on the connection since the last call, if any (taken once).
    static func takeRefusal(connection: OpaquePointer) -> String? {
        refusals.withLock { $0.removeValue(forKey: UInt(bitPattern: connection)) }
    }

    private static func databaseNames(_ connection: OpaquePointer) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, "SELECT name FROM pragma_database_list", -1, &statement, nil) == SQLITE_OK else {
            return ["main"]
        }
        defer { sqlite3_finalize(statement) }
        var names: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            if let text = sqlite3_column_text(statement, 0) { names.append(String(cString: text)) }
        }
        return names
    }

    private static func firstText(_ sql: String, binding value: String, connection: OpaquePointer) -> String? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }
}
