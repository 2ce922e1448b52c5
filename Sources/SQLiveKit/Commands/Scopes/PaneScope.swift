/// The view of the pane and observation commands (`.pin`, `.pause`, `.why`, `.notify`):
/// the pane board, the results output to print panes and tables in the current mode, the
/// connection's options (`.external` checks the database is a file), and warnings. No
/// settings to change, no statements to run.
struct PaneScope: SessionView {
    private let session: Session

    init(_ session: Session) {
        self.session = session
    }

    /// The live panes.
    var paneBoard: PaneBoard { session.paneBoard }

    /// Where results go (standard output, or the file of `.output`/`.once`).
    var output: OutputBuffer { session.output }

    /// The database connection, read for its options and, in completion, its table names.
    var connection: DatabaseConnection { session.connection }

    func warn(_ message: String) {
        session.warn(message)
    }

    /// Prints one pane's block in the current mode (`.pane`).
    func printPane(_ pane: Pane, cause: String?) {
        session.printPane(pane, cause: cause)
    }

    /// Renders rows in the current mode (`.panes`, `.why` print tables).
    func renderRows(_ rows: [StoredRow], columns: [String]) {
        session.renderRows(rows, columns: columns)
    }
}
