/// The view of the commands that send results to a file (`.output`, `.once`, `.export`):
/// the output router that owns the redirection, the results output, diagnostics (a file
/// that failed to close is reported, not thrown), the home folder for `~/` paths, and the
/// database view `.export` runs its query in. No settings to change, no panes, no scripts.
struct OutputScope: SessionView {
    private let session: Session

    init(_ session: Session) {
        self.session = session
    }

    /// Where results go, and the redirection that decides it.
    var outputs: OutputRouter { session.outputs }

    /// Where results go now (standard output, or the redirection's file).
    var output: OutputBuffer { session.output }

    /// The user's home folder, which `~/` in a file name stands for.
    var homeDirectory: String? { session.environment.homeDirectory }

    /// The database, to run a query whose result goes to a file.
    var database: DatabaseScope { DatabaseScope(session) }

    /// Writes a diagnostic to stderr; an error counts as a failure of the unit.
    func report(_ diagnostic: Diagnostic) {
        session.report(diagnostic)
    }

    func warn(_ message: String) {
        session.warn(message)
    }
}
