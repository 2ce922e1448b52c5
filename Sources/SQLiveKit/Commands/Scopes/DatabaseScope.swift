import GRDB

/// The view of commands that read or change the database (`.schema`, `.dump`, `.backup`,
/// `.parameter`, `.sql`): what ``SettingsScope`` has, plus the statement runner (the
/// connection, parameters, the held database), running a query as typed, and telling the
/// session the schema changed. No panes, no redirection, no scripts.
struct DatabaseScope: SessionView {
    private let session: Session

    init(_ session: Session) {
        self.session = session
    }

    /// The session's settings; a change is the session's at once.
    var settings: Settings {
        get { session.settings }
        nonmutating set { session.settings = newValue }
    }

    /// Where results go (standard output, or the file of `.output`/`.once`).
    var output: OutputBuffer { session.output }

    /// The connection and what running statements keeps (parameters, the held database).
    var statements: StatementRunner { session.statements }

    /// The database connection.
    var connection: DatabaseConnection { session.statements.connection }

    func warn(_ message: String) {
        session.warn(message)
    }

    /// Runs one SQL statement as typed SQL runs: parameters bound, rendered in the current
    /// mode (or by `makeRenderer`), with the timer and change counts.
    func runSQL(_ sql: String, makeRenderer: ((RenderContext) -> any ResultRenderer)? = nil) throws(Diagnostic) {
        try session.runSQL(sql, makeRenderer: makeRenderer)
    }

    /// Compiles a query (SQL or DSL) and hands its statement to `body`, without running it.
    func withStatement<T>(of query: String, _ body: (Statement, Database) throws -> T) throws(Diagnostic) -> T {
        try session.withStatement(of: query, body)
    }

    /// A command changed the schema (a restore): the panes compile again.
    func schemaDidChange() {
        session.schemaDidChange()
    }
}
