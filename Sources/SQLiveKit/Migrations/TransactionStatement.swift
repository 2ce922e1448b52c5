import CSQLiteShim

/// Whether a statement of a migration would begin, commit or roll back the transaction the
/// migration runs in, as SQLite reads it, never by its first word: `COMMIT/**/;`,
/// `END--x⏎;` and `commit/*x*/transaction;` are all COMMIT to SQLite, and a first-word test
/// let them through to commit half a migration.
///
///     TransactionStatement.action(of: "END/**/;")          // "COMMIT"
///     TransactionStatement.action(of: "ROLLBACK TO sp;")   // nil: stays in the transaction
///     TransactionStatement.action(of: "SAVEPOINT sp;")     // nil
enum TransactionStatement {
    /// `BEGIN`, `COMMIT` or `ROLLBACK` (SQLite's name for the action; `END` is `COMMIT`),
    /// or nil for any other statement.
    static func action(of sql: String) -> String? {
        var sql = sql
        return sql.withUTF8 { bytes -> String? in
            var action = [CChar](repeating: 0, count: 16)
            let found = bytes.withMemoryRebound(to: CChar.self) { text in
                sqlive_transaction_action(text.baseAddress, Int32(clamping: text.count), &action)
            }
            guard found == 1 else { return nil }
            return String(decoding: action.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
