import GRDB
import GRDBSQLite

/// Takes the write lock a DSL mutation needs before compiling it reads the schema, when the
/// mutation is typed in a transaction that has not touched the database yet.
///
///     BEGIN;
///     item.filter(qty < 0).deleteAll()   -- waits for another process's write, as SQL does
///
/// Compiling a DSL query reads the schema, and inside `BEGIN` that read starts a read
/// transaction. SQLite never waits to turn a read transaction into a write one (its busy
/// handler is skipped there, since two connections doing so would deadlock; in WAL mode the
/// snapshot may be stale too), so while another process was writing, the mutation failed at
/// once with "database is locked", and so did every later write of the transaction, where
/// the same statement in SQL waits up to `.timeout`. An empty `DELETE … WHERE 0` on the table
/// first takes the write lock with the busy wait, as the SQL statement would have.
enum DSLMutationLock {
    static func take(for query: String, in db: Database) {
        guard db.isInsideTransaction,
              sqlite3_txn_state(db.sqliteConnection, nil) == SQLITE_TXN_NONE,
              let table = mutatedTable(query) else { return }
        // No table of that name, or a lock still held after `.timeout`: compiling or running
        // the mutation reports it, with a better message than this statement would.
        try? db.execute(sql: "DELETE FROM \(SQLIdentifier.quoted(table)) WHERE 0")
    }

    /// The table of `TABLE.….deleteAll()` or `TABLE.….updateAll(…)` (or `Table("TABLE")…`), as
    /// typed; nil for anything else (queries only read: they need no write lock).
    static func mutatedTable(_ query: String) -> String? {
        guard let node = try? DSLParser.parse(query),
              case .call(let callee, _) = node.kind,
              case .member(var base, let method) = callee.kind,
              ["deleteAll", "updateAll"].contains(method.text) else { return nil }
        while true {
            if let name = base.spelledName(as: .table) { return name }
            switch base.kind {
            case .member(let inner, _), .call(let inner, _): base = inner
            default: return nil
            }
        }
    }
}
