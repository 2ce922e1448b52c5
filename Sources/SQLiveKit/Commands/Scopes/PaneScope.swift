/// The view of the pane and observation commands (`.pin`, `.pause`, `.why`, `.notify`):
/// the pane board, the results output to print panes and tables in the current mode, the
/// connection (`.external` reads its options, completion its table names), and diagnostics.
/// No settings to change, no statements to run.
struct PaneScope: CommandScope {
    /// The live panes.
    let paneBoard: PaneBoard
    /// Where results go (standard output, or the file of `.output`/`.once`).
    let output: OutputBuffer
    /// The database connection.
    let connection: DatabaseConnection
    let diagnostics: DiagnosticReporter
    private let printer: PanePrinter
    private let environment: SessionEnvironment

    static let capabilities: Set<Capability> = [.output, .diagnostics, .panes]

    static func scope(of parts: SessionParts) -> PaneScope {
        PaneScope(paneBoard: parts.paneBoard, output: parts.output, connection: parts.statements.connection,
                  diagnostics: parts.diagnostics, printer: parts.printer, environment: parts.environment)
    }

    /// Prints one pane's block in the current mode (`.pane`), saying first when its rows are
    /// not the committed state yet.
    func printPane(_ pane: Pane, cause: String?) {
        printer.printPane(pane, cause: cause, note: paneBoard.waitNote(for: pane))
    }

    /// Renders rows in the current mode (`.panes`, `.why` print tables).
    func renderRows(_ rows: [StoredRow], columns: [String]) {
        printer.renderRows(rows, columns: columns)
    }

    /// The queries `.query save` kept (`.pin .query NAME ARGS`).
    var savedQueries: SavedQueryStore { SavedQueryStore(environment: environment) }

    func warn(_ message: String) {
        diagnostics.warn(message)
    }
}
