/// The view of the pane and observation commands (`.pin`, `.pause`, `.why`, `.notify`):
/// the pane board, the results output to print panes and tables in the current mode, the
/// connection (`.external` reads its options, completion its table names), and warnings.
/// No settings to change, no statements to run.
struct PaneScope: CommandScope {
    private let session: Session

    static func scope(of session: Session) -> PaneScope {
        PaneScope(session: session)
    }

    /// The live panes; the board is made the first time a session needs it.
    var paneBoard: PaneBoard { session.paneBoard }

    /// Where results go (standard output, or the file of `.output`/`.once`).
    var output: OutputBuffer { session.output }

    /// The database connection.
    var connection: DatabaseConnection { session.connection }

    /// Prints one pane's block in the current mode (`.pane`).
    func printPane(_ pane: Pane, cause: String?) {
        session.printPane(pane, cause: cause)
    }

    /// Renders rows in the current mode (`.panes`, `.why` print tables).
    func renderRows(_ rows: [StoredRow], columns: [String]) {
        session.renderRows(rows, columns: columns)
    }

    /// The queries `.query save` kept (`.pin .query NAME ARGS`).
    var savedQueries: SavedQueryStore { SavedQueryStore(environment: session.environment) }

    func warn(_ message: String) {
        session.warn(message)
    }
}
