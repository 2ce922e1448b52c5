import Foundation

/// The capability of the commands that coordinate the session as a whole (`.open`,
/// `.read`, `.quit`, `.edit`, `.shell`, `.query`): replace the connection, run lines as a
/// script, end the input, lend the terminal to another program, beside the narrower views
/// those commands also use. A command that takes it says, by its type, that it may change
/// everything; `CommandScopeTests` lists the few that do.
struct SessionControl: CommandScope {
    /// The database view (`.open --hexdb` restores into the new database through it).
    let database: DatabaseScope
    let environment: SessionEnvironment
    let files: FilePolicy
    /// Ctrl-C or a terminating signal asked the session to stop (`.open --replica` waits
    /// for a replica's first transaction until then).
    let stopRequest: StopRequest
    private let statements: StatementRunner
    private let diagnostics: DiagnosticReporter
    private let coordinator: any SessionCoordinator

    static let capabilities = DatabaseScope.capabilities.union([.files, .sessionControl])

    static func scope(of parts: SessionParts) -> SessionControl {
        SessionControl(database: .scope(of: parts), environment: parts.environment, files: parts.files,
                       stopRequest: parts.stopRequest, statements: parts.statements, diagnostics: parts.diagnostics, coordinator: parts.coordinator)
    }

    var output: OutputBuffer { database.output }
    var connection: DatabaseConnection { statements.connection }
    var settings: Settings {
        get { database.settings }
        nonmutating set { database.settings = newValue }
    }

    /// How far the input has come: the quit asked for, `.read`'s depth.
    var script: ScriptState {
        get { coordinator.script }
        nonmutating set { coordinator.script = newValue }
    }

    /// How many units failed since the session began.
    var errorCount: Int { diagnostics.errorCount }

    /// Opens a database for the session to put in place: a wait for another process's lock
    /// at the open ends on Ctrl-C or a terminating signal.
    func openConnection(_ options: OpenOptions) throws(Diagnostic) -> DatabaseConnection {
        try statements.openConnection(options)
    }

    /// Closes the database and puts `newConnection` in its place; the panes and the
    /// statement trace follow it.
    func replaceConnection(_ newConnection: DatabaseConnection) {
        coordinator.replaceConnection(newConnection)
        statements.installStatementTrace()
    }

    /// Runs lines as a script, each unit as if typed; errors name `source` and the line.
    func runScript(_ lines: inout some LineSource, source: String) {
        coordinator.runScript(&lines, source: source)
    }

    /// Opens the last statement in the editor, then runs what was saved.
    func editLastStatement() throws(Diagnostic) {
        try coordinator.editLastStatement()
    }

    /// Gives the terminal to another program while `body` runs.
    func lendingTerminal<Result>(_ body: () throws(Diagnostic) -> Result) throws(Diagnostic) -> Result {
        try coordinator.lendingTerminal(body)
    }

    func report(_ diagnostic: Diagnostic) {
        diagnostics.report(diagnostic)
    }

    func warn(_ message: String) {
        diagnostics.warn(message)
    }
}
