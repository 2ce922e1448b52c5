import Dispatch
import GRDB
import GRDBSQLite

extension RefreshScheduler {
    /// One lane of the scheduler: a reader connection, the serial queue that alone uses it,
    /// and the panes' statements compiled on it.
    final class Lane: Sendable {
        let kind: LaneKind
        let reader: DatabaseQueue
        let queue: DispatchQueue
        let statements = StatementCache()
        private let handle: InterruptHandle

        init(kind: LaneKind, reader: DatabaseQueue) {
            self.kind = kind
            self.reader = reader
            queue = DispatchQueue(label: "sqlive.panes.\(kind == .fast ? "fast" : "slow")")
            handle = InterruptHandle(reader.inDatabase { $0.sqliteConnection })
        }

        /// The schema changed: after what it runs now, the lane forgets its statements and
        /// has SQLite load the schemas again (``reloadSchemas(_:)``).
        func forgetSchemaSoon() {
            queue.async { [self] in
                try? reader.inDatabase { db in forgetSchema(db) }
            }
        }

        /// The schema moved (found on this lane's reader): its statements, GRDB's cache of
        /// the schema and SQLite's are dropped now. On the lane's reader.
        func forgetSchema(_ db: Database) {
            db.clearSchemaCache()
            statements.removeAll()
            Self.reloadSchemas(db)
        }

        /// Has SQLite load every database's schema again on a reader, when it next starts
        /// a read. SQLite loads a schema it knows is stale only when a statement that reads
        /// that database starts, and compiling resolves names with the schema it has:
        /// `SELECT * FROM o`, on an attached table, compiled again after `CREATE TABLE main.o`
        /// kept reading the attached one (it never reads main, so main's new schema was
        /// never loaded), while the same query in the session read main's.
        static func reloadSchemas(_ db: Database) {
            guard let names = try? String.fetchAll(db, sql: "SELECT name FROM pragma_database_list") else { return }
            for name in names {
                // Starting a read of the database compares its schema cookie.
                try? db.execute(sql: "SELECT 1 FROM \(SQLIdentifier.quoted(name)).sqlite_master LIMIT 0")
            }
        }

        /// Interrupts the statement the reader runs, from any thread.
        func interrupt() {
            handle.interrupt()
        }

        /// Attaches and detaches so that the reader has the user's attached files. On `queue`.
        func mirror(_ databases: [AttachedDatabase]) {
            // A prepared statement that reads an attached database keeps it from detaching:
            // the panes' statements are compiled again at their next fetch.
            statements.removeAll()
            try? reader.inDatabase { db in
                let current = try AttachedDatabase.list(in: db)
                for old in current where !databases.contains(old) {
                    try? db.execute(sql: "DETACH DATABASE \(SQLIdentifier.quoted(old.name))")
                }
                for new in databases where !current.contains(new) && !new.file.isEmpty {
                    // A URI with the default VFS: the reader of an in-memory session opens
                    // files with the memdb VFS otherwise (see AttachTarget).
                    try? db.execute(sql: "ATTACH DATABASE ? AS \(SQLIdentifier.quoted(new.name))",
                                    arguments: [AttachTarget.fileURI(for: new.file)])
                }
            }
        }
    }
}

/// A reader's `sqlite3*`, kept to interrupt it from another thread.
///
/// `@unchecked Sendable`: the pointer is only passed to `sqlite3_interrupt`, which SQLite
/// documents as safe to call from any thread while the connection is open; the scheduler
/// closes the connection only after its queue has stopped reading.
struct InterruptHandle: @unchecked Sendable {
    let connection: SQLiteConnection?

    init(_ connection: SQLiteConnection?) {
        self.connection = connection
    }

    func interrupt() {
        if let connection { sqlite3_interrupt(connection) }
    }
}

/// The panes' statements compiled on one reader, by observation.
///
/// `@unchecked Sendable`: only its lane's serial queue touches it (inside accesses of the
/// reader connection, or in blocks it runs), which is what protects `statements`.
final class StatementCache: @unchecked Sendable {
    private var statements: [ObservationToken: PaneStatement] = [:]

    func statement(for job: PaneJob, db: Database) throws -> PaneStatement {
        if let statement = statements[job.token] { return statement }
        let statement = try PaneStatement(job: job, db: db)
        statements[job.token] = statement
        return statement
    }

    /// The reader's settings, as last applied here.
    private var applied = ReaderSettings()

    /// Puts the reader in `settings` if it is not; its statements, compiled under the old
    /// ones, are compiled again.
    func apply(_ settings: ReaderSettings, db: Database) throws {
        guard settings != applied else { return }
        try db.execute(sql: settings.statements)
        applied = settings
        statements.removeAll()
    }

    func remove(_ token: ObservationToken) {
        statements.removeValue(forKey: token)
    }

    func removeAll() {
        statements.removeAll()
    }
}
