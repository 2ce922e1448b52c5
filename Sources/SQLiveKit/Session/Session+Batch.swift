import GRDB

extension Session {
    /// True when a script may run this unit inside a held database access: a plain SQL
    /// statement, not at a terminal, with no pane or observer that needs each statement to
    /// be its own access (panes settle between statements, observers need GRDB's path),
    /// and no database still to open (``deferredOpen``: the batch would hold the stand-in).
    func canRunInBatch(_ unit: InputUnit) -> Bool {
        unit.kind == .sql && deferredOpen == nil && !environment.isInteractive && !paneBoard.isActive
            && !paneBoard.observesConnection
    }

    /// Runs `body` inside one database access; the statements it runs use that access
    /// (``withDatabase(_:)``) instead of each hopping onto the database queue.
    func holdingDatabase(_ body: () -> Void) {
        connection.queue.inDatabase { db in
            heldDatabase = db
            defer { heldDatabase = nil }
            body()
        }
    }

    /// Runs `body` with the database: the held access when a batch holds one, otherwise a
    /// new access through GRDB's queue.
    ///
    /// This is where the errors of the core path (SQL, DSL, commands reading the database)
    /// become diagnostics, through the one conversion ``Diagnostic/init(converting:)``.
    func withDatabase<T>(_ body: (Database) throws -> T) throws(Diagnostic) -> T {
        do {
            if let heldDatabase {
                return try body(heldDatabase)
            }
            return try connection.queue.inDatabase(body)
        } catch {
            throw Diagnostic(converting: error)
        }
    }
}
