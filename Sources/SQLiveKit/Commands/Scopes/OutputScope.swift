/// The view of the commands that send results to a file (`.output`, `.once`, `.export`):
/// the output router that owns the redirection, diagnostics (a file that failed to close is
/// reported, not thrown), the home folder for `~/` paths, and the database view `.export`
/// runs its query in. No settings to change, no panes, no scripts.
struct OutputScope: CommandScope {
    /// Where results go, and the redirection that decides it.
    let outputs: OutputRouter
    private let session: Session

    static func scope(of session: Session) -> OutputScope {
        OutputScope(outputs: session.outputs, session: session)
    }

    /// Where results go now (standard output, or the redirection's file).
    var output: OutputBuffer { outputs.results }

    /// The user's home folder, which `~/` in a file name stands for.
    var homeDirectory: String? { session.environment.homeDirectory }

    /// The database, to run a query whose result goes to a file.
    var database: DatabaseScope { .scope(of: session) }

    /// Writes a diagnostic to stderr; an error counts as a failure of the unit.
    func report(_ diagnostic: Diagnostic) {
        session.report(diagnostic)
    }

    func warn(_ message: String) {
        session.warn(message)
    }
}
