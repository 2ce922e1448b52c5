/// The parts of a session the command scopes are built from. The session makes one for each
/// command it runs or completes (``Session/parts``); a scope takes the parts its
/// capabilities need. Nothing here is the session itself but ``coordinator``, which only
/// ``SessionControl`` takes: what only the session can do (open, read, quit, edit) is reached
/// through the protocol that names it (``SessionCoordinator``).
public struct SessionParts {
    let settings: SettingsStore
    let outputs: OutputRouter
    let diagnostics: DiagnosticReporter
    let statements: StatementRunner
    let environment: SessionEnvironment
    let paneBoard: PaneBoard
    let commands: CommandRegistry
    let stopRequest: StopRequest
    /// The session's thread, for callbacks that must write on it only (`.log`).
    let confinement: ThreadConfinement
    /// Runs statements as typed ones run: the session's SQL path, not the session.
    let executor: SQLExecutor
    let printer: PanePrinter
    let coordinator: any SessionCoordinator

    /// Where results go now.
    var output: OutputBuffer { outputs.results }

    /// The terminal's width when output goes to it; nil for files and pipes, whose text is
    /// not wrapped.
    var outputTerminalWidth: Int? {
        outputs.isRedirected ? nil : environment.terminalWidth()
    }

    /// What `--safe` lets commands do with files.
    var files: FilePolicy {
        FilePolicy(isSafe: settings.current.safeMode, homeDirectory: environment.homeDirectory)
    }
}

/// What the coordinating commands do to the session as a whole.
protocol SessionCoordinator: AnyObject {
    /// How far the input has come: the quit asked for, `.read`'s depth.
    var script: ScriptState { get set }
    /// Replaces the database connection; the statement trace follows it.
    func replaceConnection(_ newConnection: DatabaseConnection)
    /// Runs lines as a script, each unit as if typed.
    func runScript(_ lines: inout some LineSource, source: String)
    /// Opens the last statement in the editor, then runs what was saved.
    func editLastStatement() throws(Diagnostic)
    /// Gives the terminal to another program while `body` runs.
    func lendingTerminal<Result>(_ body: () throws(Diagnostic) -> Result) throws(Diagnostic) -> Result
}

extension Session: SessionCoordinator {
    func runScript(_ lines: inout some LineSource, source: String) {
        ScriptRunner(session: self).run(&lines, source: source)
    }

    func editLastStatement() throws(Diagnostic) {
        try editAndRun(statements.lastStatement?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    }

    /// The parts the command scopes are built from.
    var parts: SessionParts {
        SessionParts(settings: settingsStore, outputs: outputs, diagnostics: diagnostics, statements: statements,
                     environment: environment, paneBoard: paneBoard, commands: commands, stopRequest: stopRequest,
                     confinement: confinement, executor: executor, printer: panePrinter, coordinator: self)
    }
}
