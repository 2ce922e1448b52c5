import GRDB
import GRDBSQLite

/// The database side of a session: the connection and the state that goes with running
/// statements on it. The session owns one; the statement path (``SQLExecutor``) renders
/// through it, and commands reach it through their scope (``DatabaseScope``).
///
/// It keeps what only statements need: the database a script batch holds, the count behind
/// the direct-statement path's clean-up, `.parameter` values, the `.trace` hook, the last
/// statement `.edit` opens, and the database still to open when it was locked at start.
///
/// ## Threading
/// Main thread only, like the session that owns it; ``interrupt()`` is the one exception.
final class StatementRunner {
    private(set) var connection: DatabaseConnection
    /// The database to open when a unit first needs it: set when another process held it
    /// locked at start (``DatabaseConnection/openUnlessLocked(_:)``); until then
    /// ``connection`` is an empty in-memory stand-in that no unit needing the database uses.
    var deferredOpen: OpenOptions?
    /// ``deferredOpen`` is set: read in place, where the session's property copies it.
    var hasDeferredOpen: Bool { deferredOpen != nil }
    /// `.parameter` values, bound to `:name`, `@name`, `$name` in statements.
    var parameters = ParameterStore() {
        didSet { parametersDidChange?(parameters) }
    }
    /// Told when a `.parameter` value changes: panes that bind one refresh.
    var parametersDidChange: ((ParameterStore) -> Void)?
    /// sqlite3's `.trace`: where the SQL of each statement goes; nil when off. The SQLite
    /// hook points at it unretained, so it lives here while installed.
    var statementTrace: StatementTrace?
    /// The last SQL statement run, which `.edit` opens. Kept as it is (a reference, no copy)
    /// for every statement of a script; `.edit` trims it when it is used.
    var lastStatement: String?
    /// The database access a script batch holds while it runs consecutive SQL statements
    /// (see `ScriptRunner`); nil otherwise.
    private var heldDatabase: Database?
    /// Statements run through ``DirectStatement`` since GRDB last compiled one (see
    /// ``clearGRDBChangeLogIfNeeded(_:)``).
    private var directStatementsSinceGRDB = 0

    /// The session's stop request: a statement waiting for another process's lock stops
    /// waiting when it is asked (``BusyPolicy``), on every connection the session uses.
    private let stopRequest: StopRequest?

    init(connection: DatabaseConnection, stopRequest: StopRequest? = nil) {
        self.connection = connection
        self.stopRequest = stopRequest
        connection.busyPolicy.stopRequest = stopRequest
    }

    /// Opens a database for the session (`.open`, a database opened late): a wait for a
    /// lock at the open ends on Ctrl-C or a terminating signal too.
    func openConnection(_ options: OpenOptions) throws(Diagnostic) -> DatabaseConnection {
        try DatabaseConnection(options, stopRequest: stopRequest)
    }

    /// Puts a new connection in place (`.open`, or a database opened late); the session
    /// tells the panes and installs the trace on it.
    func replaceConnection(_ newConnection: DatabaseConnection) {
        newConnection.busyPolicy.stopRequest = stopRequest
        connection = newConnection
        deferredOpen = nil
    }

    /// Interrupts the running statement. Safe to call from any thread.
    func interrupt() {
        connection.interrupt()
    }

    /// True when the database has an open transaction.
    var isInsideTransaction: Bool {
        connection.queue.inDatabase { $0.isInsideTransaction }
    }

    /// What ``transactionState(readingSchemaCookie:)`` reads.
    struct TransactionState {
        var isInsideTransaction: Bool
        var totalChanges: Int64
        var schemaCookie: Int?
    }

    /// Whether a transaction is open, the connection's count of changed rows
    /// (``totalChanges``), and when asked for, the main database's schema cookie read from its
    /// image (an in-memory database: ``DatabaseFileHeader/schemaCookie(ofImage:connection:)``):
    /// what a unit's report tells the pane engine, read in one database access (the one a
    /// script's batch holds, if any: GRDB's accesses do not nest).
    func transactionState(readingSchemaCookie: Bool) -> TransactionState {
        let read = { (db: Database) in
            let cookie = readingSchemaCookie
                ? db.sqliteConnection.flatMap { DatabaseFileHeader.schemaCookie(ofImage: "main", connection: $0) }.map(Int.init)
                : nil
            return TransactionState(isInsideTransaction: db.isInsideTransaction,
                                    totalChanges: sqlite3_total_changes64(db.sqliteConnection), schemaCookie: cookie)
        }
        if let heldDatabase { return read(heldDatabase) }
        return connection.queue.inDatabase(read)
    }

    /// Whether a database of the connection is in exclusive locking mode. Each is read too:
    /// a connection set back to NORMAL lets go of its lock only at its next access. In the
    /// access a script's batch holds, if any (GRDB's accesses do not nest).
    func holdsDatabasesExclusively() -> Bool {
        (try? withDatabase { db in
            let names = (try? String.fetchAll(db, sql: "SELECT name FROM pragma_database_list WHERE name <> 'temp'")) ?? ["main"]
            var exclusive = false
            for name in names {
                let schema = SQLIdentifier.quoted(name)
                let mode = try? String.fetchOne(db, sql: "PRAGMA \(schema).locking_mode")
                if mode?.lowercased() == "exclusive" { exclusive = true }
                _ = try? Int.fetchOne(db, sql: "SELECT count(*) FROM \(schema).sqlite_schema")
            }
            return exclusive
        }) ?? false
    }

    /// The rows the connection's statements changed since it opened, triggers' included
    /// (`sqlite3_total_changes64`). SQLite counts a statement's rows only when it keeps them:
    /// a statement that fails and is undone adds nothing; one that fails under `OR FAIL` or
    /// `RAISE(FAIL)` adds the rows it changed before the error, which SQLite keeps.
    var totalChanges: Int64? {
        try? withDatabase { sqlite3_total_changes64($0.sqliteConnection) }
    }

    // MARK: - Database access

    /// True inside ``holdingDatabase(_:)``.
    var isHoldingDatabase: Bool { heldDatabase != nil }

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

    /// GRDB's authorizer stays registered on the connection and, for every statement SQLite
    /// compiles, records the rows it will change, until GRDB compiles its next statement.
    /// Direct statements bypass GRDB, so on a long script that record grew without bound
    /// (about 50 bytes a statement: 100 MB for a 2-million-row INSERT script). Compiling a
    /// trivial statement through GRDB every few thousand statements clears it.
    func clearGRDBChangeLogIfNeeded(_ db: Database) {
        directStatementsSinceGRDB += 1
        guard directStatementsSinceGRDB >= 4096 else { return }
        directStatementsSinceGRDB = 0
        _ = try? db.makeStatement(sql: "SELECT 1")
    }

    /// Compiles one SQL statement; nil when the text holds only comments. A compilation
    /// error becomes a diagnostic with a caret where SQLite points.
    ///
    /// This is the one place typed queries become statements: `.pin`, `.region` and the
    /// query DSL go through it too.
    func compileSQL(_ sql: String, in db: Database, single: Bool = false) throws(Diagnostic) -> Statement? {
        try SafeStatementCheck.check(sql, safe: connection.options.isSafe)
        do {
            let statements = try db.allStatements(sql: sql)
            let statement = try statements.next()
            // A query (a pane's, `.region`'s) is one statement: what follows it would be kept
            // and never run (`.pin select …; delete from t` was accepted in silence).
            if single, let statement {
                // Compiled only, never run; text that does not compile follows too.
                let followed: Bool
                do { followed = try statements.next() != nil } catch { followed = true }
                if followed {
                    let first = statement.sql.trimmingCharacters(in: .whitespacesAndNewlines)
                    let rest = sql.range(of: first).map { sql[$0.upperBound...] }?
                        .drop { $0 == ";" || $0.isWhitespace }.description ?? ""
                    throw Diagnostic("a query must be one statement: \(rest.firstLineSummary) follows \(first.firstLineSummary)",
                                     hint: "pin (or look at) each query on its own")
                }
            }
            if let statement, Self.explainsTransactionControl(statement) {
                // GRDB takes `EXPLAIN COMMIT` for the COMMIT itself: run through GRDB (a pane,
                // `.region`), it would end a transaction for its observers that goes on.
                throw Diagnostic("EXPLAIN of \(StatementImpact.verb(of: Self.explained(statement.sql))) runs only as a statement of its own",
                                 hint: "type it at the prompt or in a script to see its listing")
            }
            return statement
        } catch let error as Diagnostic {
            throw error
        } catch let error as DatabaseError {
            throw Diagnostic.compilation(error, sql: sql, connection: db.sqliteConnection)
        } catch {
            throw Diagnostic(converting: error)
        }
    }

    /// True for `EXPLAIN` (or `EXPLAIN QUERY PLAN`) of BEGIN, COMMIT, END, ROLLBACK,
    /// SAVEPOINT or RELEASE.
    static func explainsTransactionControl(_ statement: Statement) -> Bool {
        guard sqlite3_stmt_isexplain(statement.sqliteStatement) != 0 else { return false }
        return ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"].contains(StatementImpact.verb(of: explained(statement.sql)))
    }

    /// The statement an EXPLAIN describes: the text after `EXPLAIN` and `QUERY PLAN`.
    static func explained(_ sql: String) -> String {
        var words = sql.drop { $0.isWhitespace }.dropFirst("EXPLAIN".count).drop { $0.isWhitespace }
        if words.prefix(5).uppercased() == "QUERY" {
            words = words.dropFirst(5).drop { $0.isWhitespace }.dropFirst(4)
        }
        return String(words)
    }
}
