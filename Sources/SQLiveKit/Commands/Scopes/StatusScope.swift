/// The view of `.show`: everything it prints, read as it is now (the settings, where results
/// go, the database's name, the panes' settings), and the results output. Nothing to change.
struct StatusScope: CommandScope {
    let settings: Settings
    /// Where results go: `stdout`, or the redirection's file.
    let outputName: String
    let connection: DatabaseConnection
    /// The pane settings `.show` lists: `.external`'s interval, `.layout`, `.events`.
    let externalInterval: Double?
    let paneLayout: PaneLayout
    let tracesEvents: Bool
    let isInteractive: Bool
    let output: OutputBuffer
    let diagnostics: DiagnosticReporter

    static let capabilities: Set<Capability> = [.output, .diagnostics, .readSettings]

    static func scope(of parts: SessionParts) -> StatusScope {
        StatusScope(settings: parts.settings.current, outputName: parts.outputs.name, connection: parts.statements.connection,
                    externalInterval: parts.paneBoard.externalInterval, paneLayout: parts.paneBoard.layout,
                    tracesEvents: parts.paneBoard.traceEnabled, isInteractive: parts.environment.isInteractive, output: parts.output,
                    diagnostics: parts.diagnostics)
    }

    func warn(_ message: String) {
        diagnostics.warn(message)
    }
}
