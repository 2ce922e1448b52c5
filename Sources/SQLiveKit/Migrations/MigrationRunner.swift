import Foundation
import GRDB

/// Applies pending migration files through GRDB's `DatabaseMigrator`, one transaction each,
/// printing a line per migration as it commits.
///
/// Everything GRDB would stop the process for (a duplicate identifier, an unknown target, a
/// target the database is past) has been ruled out by ``MigrationFolder`` and
/// ``MigrationPlan`` before the migrator is called. The migrator never erases a database:
/// `eraseDatabaseOnSchemaChange` stays false.
///
///     try MigrationRunner(scope: scope, plan: plan).apply(plan.pending(upTo: nil))
///     // applied 0001_create_tables (3 ms)
///     // applied 0002_add_copies (1 ms)
///     // the database is at 0002_add_copies, 0 pending
struct MigrationRunner {
    let scope: TaskScope
    let plan: MigrationPlan

    /// Applies `files` (pending, in order). A failing migration is rolled back whole and
    /// stops the run; those applied before it stay applied.
    func apply(_ files: [MigrationFile]) throws(Diagnostic) {
        let queue = scope.connection.queue
        try checkCanWrite()
        let migrator = makeMigrator()
        let pragmas = try ConnectionPragmas.read(scope.connection)
        defer { pragmas.restore(on: scope.connection) }
        let foreignKeysWereOn = try setForeignKeys(true)
        defer { _ = try? setForeignKeys(foreignKeysWereOn) }

        var current = plan.current
        defer { if current != plan.current { scope.database.schemaDidChange() } }
        for file in files {
            // Ctrl-C between two migrations: no statement ran for sqlite3_interrupt to stop.
            if scope.stopRequest.reason != nil {
                throw interruption(before: file, current: current)
            }
            let clock = ContinuousClock()
            let start = clock.now
            do {
                try run(file.identifier) {
                    try migrator.migrate(queue, upTo: file.identifier)
                }
            } catch {
                throw failure(error, file: file, current: current)
            }
            current = file.identifier
            scope.output.append("applied \(file.identifier) (\(Self.format(clock.now - start)))\n")
            scope.output.flush()
        }
        let remaining = plan.pendingFiles.count - files.count
        scope.output.append("the database is at \(current ?? "no migration"), \(remaining) pending\n")
    }

    /// Prints what ``apply(_:)`` would run, after the checks it would make, and runs nothing.
    func preview(_ files: [MigrationFile]) throws(Diagnostic) {
        try checkForeignKeys()
        for file in files {
            scope.output.append("would apply \(file.identifier)\n")
        }
        let remaining = plan.pendingFiles.count - files.count
        let target = files.last?.identifier ?? plan.current ?? "no migration"
        scope.output.append("dry run: nothing was changed; the database would be at \(target), \(remaining) pending\n")
    }

    /// One GRDB migration per file: its statements one by one (so an error names its line),
    /// then its checksum, all in the transaction GRDB opens. GRDB's default deferred
    /// foreign-key checks run before the commit; immediate checks would forbid the table
    /// rebuilds of SQLite's ALTER TABLE recipe, and make `DROP TABLE` of a parent cascade.
    private func makeMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for file in plan.folder.files {
            migrator.registerMigration(file.identifier) { db in
                for statement in file.statements {
                    try statement.execute(in: db, file: file)
                }
                try MigrationLedger.record(file, in: db)
            }
        }
        return migrator
    }

    /// Runs a migration; on a terminal, a line on stderr says which and for how long once it
    /// has taken more than a second, redrawn in place and cleared at the end.
    private func run(_ identifier: String, _ work: @escaping @Sendable () throws -> Void) throws {
        guard scope.environment.isInteractive else {
            try work()
            return
        }
        var drewProgress = false
        defer { if drewProgress { scope.showProgress(nil) } }
        try ProgressWait(delay: scope.environment.progressDelay).run(work) { elapsed in
            if !drewProgress { scope.output.flush() }
            drewProgress = true
            scope.showProgress("migrating \(identifier): \(String(format: "%.1f", elapsed.timeInterval)) s")
        }
    }

    /// Refuses before anything runs when a migration could not commit or could not be checked.
    private func checkCanWrite() throws(Diagnostic) {
        if scope.connection.options.readonly {
            throw Diagnostic("cannot migrate \(scope.connection.options.displayName): it is open read-only",
                             hint: ".open it without --readonly, or see what would run with .migrate --dry-run")
        }
        if scope.database.statements.isInsideTransaction {
            throw Diagnostic("cannot migrate inside a transaction: each migration commits on its own",
                             hint: "end the open transaction with COMMIT or ROLLBACK first")
        }
        try checkForeignKeys()
    }

    /// Refuses a database that already breaks a foreign key: each migration checks them all
    /// before it commits, so each would fail for rows it never touched.
    private func checkForeignKeys() throws(Diagnostic) {
        let violation = try SchemaQuery.read(scope.connection) { db in
            try db.foreignKeyViolations().next().map { try $0.failureDescription(db) }
        }
        if let violation {
            throw Diagnostic(
                "the database already breaks a foreign key, so every migration would fail its check: \(violation)",
                hint: "fix the rows PRAGMA foreign_key_check lists, then run .migrate again")
        }
    }

    /// Sets `PRAGMA foreign_keys` and returns what it was. sqlive's connection keeps foreign
    /// keys off like sqlite3; GRDB checks them around a migration only when they are on.
    private func setForeignKeys(_ on: Bool) throws(Diagnostic) -> Bool {
        try SchemaQuery.read(scope.connection) { db in
            let wasOn = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
            try db.execute(sql: "PRAGMA foreign_keys = \(on ? "ON" : "OFF")")
            return wasOn
        }
    }

    /// The diagnostic for a migration that failed: a statement's error already names the
    /// file and line; other errors (the foreign-key check before commit) name the file.
    private func failure(_ error: any Error, file: MigrationFile, current: String?) -> Diagnostic {
        // A statement's diagnostic already names the file and line.
        var diagnostic = error as? Diagnostic ?? Diagnostic(converting: error)
            .prefixed("migration \(file.identifier) (\(file.path)) failed and was rolled back: ")
        let position = Self.position(current)
        if scope.stopRequest.reason != nil {
            diagnostic.hint = "\(position); run .migrate again to apply \(file.identifier) and the rest"
        } else if appliedMeanwhile(file) {
            // Two `.migrate` at once: the other one applied it; the file is fine.
            return Diagnostic("migration \(file.identifier) was applied meanwhile by another connection",
                              hint: "run .migrate again to apply what is still pending")
        } else if case .sqlite(let code) = Diagnostic(converting: error).kind,
                  code.primaryResultCode == .SQLITE_BUSY || code.primaryResultCode == .SQLITE_LOCKED {
            diagnostic.hint = "\(position); another connection holds the database locked: run .migrate again once it is done"
        } else {
            diagnostic.hint = "\(position); fix \(file.path) and run .migrate again"
        }
        return diagnostic
    }

    /// True when the ledger now says `file` is applied, though this run failed to apply it.
    private func appliedMeanwhile(_ file: MigrationFile) -> Bool {
        let applied = try? SchemaQuery.read(scope.connection) { db in
            try MigrationLedger.read(db).applied.contains(file.identifier)
        }
        return applied == true
    }

    /// The diagnostic for a run stopped by Ctrl-C or a signal after a migration committed.
    private func interruption(before file: MigrationFile, current: String?) -> Diagnostic {
        Diagnostic("migrations interrupted before \(file.identifier)",
                   hint: "\(Self.position(current)); run .migrate again to apply the rest")
    }

    private static func position(_ current: String?) -> String {
        current.map { "the database stays at \($0)" } ?? "the database stays as it was, with no migration applied"
    }

    /// `4 ms` under a second, `1.25 s` above.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.timeInterval
        return seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
    }
}
