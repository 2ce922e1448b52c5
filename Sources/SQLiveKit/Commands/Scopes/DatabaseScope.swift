import GRDB

/// The view of commands that read or change the database (`.schema`, `.dump`, `.backup`,
/// `.parameter`, `.sql`): the statement runner (the connection, parameters, the held
/// database), running a query as typed, telling the panes the schema changed, and the
/// settings, results output and diagnostics. No panes, no redirection, no scripts.
struct DatabaseScope: CommandScope {
    /// The connection and what running statements keeps (parameters, the held database).
    let statements: StatementRunner
    /// Where results go (standard output, or the file of `.output`/`.once`).
    let output: OutputBuffer
    let diagnostics: DiagnosticReporter
    private let store: SettingsStore
    /// The session's statement path (``SQLExecutor``), not the session.
    private let executor: SQLExecutor

    static let capabilities: Set<Capability> = [.output, .diagnostics, .readSettings, .settings, .database]

    static func scope(of parts: SessionParts) -> DatabaseScope {
        DatabaseScope(statements: parts.statements, output: parts.output, diagnostics: parts.diagnostics,
                      store: parts.settings, executor: parts.executor)
    }

    /// The database connection.
    var connection: DatabaseConnection { statements.connection }

    /// Runs one SQL statement as typed SQL runs: parameters bound, rendered in the current
    /// mode (or by `makeRenderer`), with the timer and change counts.
    func runSQL(_ sql: String, makeRenderer: ((RenderContext) -> any ResultRenderer)? = nil) throws(Diagnostic) {
        try executor.runSQL(sql, makeRenderer: makeRenderer)
    }

    /// Shows `.eqp`'s plan of a statement a command is about to run in `db` (nothing when
    /// `.eqp` is off).
    func showPlanIfAsked(of sql: String, db: Database) {
        executor.showPlanIfAsked(of: sql, db: db)
    }

    /// Compiles a query (SQL or DSL) and hands its statement to `body`, without running it.
    func withStatement<T>(of query: String, _ body: (Statement, Database) throws -> T) throws(Diagnostic) -> T {
        try executor.withStatement(of: query, body)
    }

    /// ``withStatement(of:_:)`` with the session's `.parameter` values bound to an SQL
    /// query's parameters, as running it would bind them (a DSL query brings its own).
    func withBoundStatement<T>(of query: String, _ body: (Statement, Database) throws -> T) throws(Diagnostic) -> T {
        try executor.withBoundStatement(of: query, body)
    }

    /// A command changed the schema (a restore): the panes compile again.
    func schemaDidChange() {
        executor.schemaDidChange()
    }

    /// The session's settings (`.timeout` and `.explain` change theirs).
    var settings: Settings {
        get { store.current }
        nonmutating set { store.current = newValue }
    }

    func warn(_ message: String) {
        diagnostics.warn(message)
    }
}
