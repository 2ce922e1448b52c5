import GRDB
import GRDBSQLite

extension Session {
    /// What ``closeForExit()`` did, for the closing line.
    public struct ExitCleanup: Sendable, Equatable {
        /// A transaction was open and is rolled back.
        public var rolledBack = false
        /// What went wrong, in words (`could not close the database (…)`).
        public var problems: [String] = []
    }

    /// Leaves the database clean before the process ends on a signal: the panes are
    /// unpinned (their compiled queries would keep the connection from closing), an open
    /// transaction is rolled back explicitly rather than left to SQLite's journal recovery
    /// at the next open, and the connection is closed, which removes a rollback journal and,
    /// for a WAL database, the `-wal` and `-shm` files. The session can't run anything after.
    ///
    ///     session.run(unit("BEGIN; INSERT INTO t VALUES (1);"))
    ///     session.closeForExit()   // ExitCleanup(rolledBack: true, problems: [])
    @discardableResult
    public func closeForExit() -> ExitCleanup {
        var cleanup = ExitCleanup()
        // A redirection still in force ends: a file is flushed, a program reading the
        // results (`.output |sort`) gets the end of its input and finishes before we do.
        if outputs.isRedirected, let failure = outputs.endRedirection() {
            cleanup.problems.append(failure.message)
        }
        if !paneBoard.panes.isEmpty {
            _ = try? paneBoard.unpin("all")
        }
        // The panes' connection closes first: the last connection to close a WAL database
        // checkpoints it and removes its -wal and -shm files.
        paneBoard.shutDownEngine()
        if isInsideTransaction {
            do {
                try connection.queue.inDatabase { try $0.execute(sql: "ROLLBACK") }
                cleanup.rolledBack = true
            } catch {
                cleanup.problems.append("could not roll back the open transaction (\(Self.describe(error))); "
                                        + "SQLite rolls it back when the database is next opened")
            }
        }
        // The signal that ends the process interrupted the connection (sqlite3_interrupt),
        // and while no statement runs the flag stays set: the checkpoint that closing a WAL
        // database does would stop on it and leave the -wal file. Starting a statement
        // clears the flag. Through the C API: GRDB's `execute(sql:)` splits its SQL by a
        // generic join whose first call of a run costs a scan of every protocol conformance.
        connection.queue.inDatabase { _ = sqlite3_exec($0.sqliteConnection, "SELECT 1", nil, nil, nil) }
        do {
            try connection.queue.close()
        } catch {
            cleanup.problems.append("could not close the database (\(Self.describe(error)))")
        }
        return cleanup
    }

    private static func describe(_ error: any Error) -> String {
        Diagnostic(converting: error).message
    }
}
