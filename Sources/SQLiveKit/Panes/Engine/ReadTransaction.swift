import GRDB
import GRDBSQLite

/// A frame's snapshot: one read transaction on a pane reader, its BEGIN and COMMIT prepared
/// once per reader (GRDB's `inTransaction` parses them anew at each call, a cost on every
/// frame) and stepped raw (``Statement/stepToEnd()``), and always left behind it, whatever
/// interrupts it.
enum ReadTransaction {
    /// Runs `body` inside a read transaction; after an error (or a COMMIT that failed) the
    /// transaction is rolled back before the error is thrown on.
    /// With `isNeeded` false the body runs in autocommit: a single statement reads one
    /// snapshot by itself.
    static func run(_ db: Database, if isNeeded: Bool = true, _ body: () throws -> Void) throws {
        guard isNeeded else { return try body() }
        try db.cachedStatement(sql: "BEGIN DEFERRED").stepToEnd()
        do {
            try body()
            try db.cachedStatement(sql: "COMMIT").stepToEnd()
        } catch {
            leave(db)
            throw error
        }
    }

    /// Ends the open transaction after an error. `sqlite3_interrupt` (the user's write, a
    /// preempted frame) stops every statement that starts while another still runs, ROLLBACK
    /// included, and may arrive again meanwhile: so the statements still stepping are reset
    /// first, and ROLLBACK is tried until the connection is back in autocommit. A transaction
    /// left open would stop the process (GRDB's precondition at the end of the access).
    static func leave(_ db: Database) {
        guard let connection = db.sqliteConnection else { return }
        for _ in 0..<100 where sqlite3_get_autocommit(connection) == 0 {
            var statement = sqlite3_next_stmt(connection, nil)
            while let current = statement {
                if sqlite3_stmt_busy(current) != 0 { sqlite3_reset(current) }
                statement = sqlite3_next_stmt(connection, current)
            }
            sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
        }
    }
}
