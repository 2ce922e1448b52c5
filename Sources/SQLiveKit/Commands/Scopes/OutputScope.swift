/// The view of the commands that send results to a file (`.output`, `.once`, `.export`):
/// the output router that owns the redirection, diagnostics (a file that failed to close is
/// reported, not thrown), the home folder for `~/` paths, and the database view `.export`
/// runs its query in. No settings of their own to change, no panes, no scripts.
struct OutputScope: CommandScope {
    /// Where results go, and the redirection that decides it.
    let outputs: OutputRouter
    let diagnostics: DiagnosticReporter
    /// The database, to run a query whose result goes to a file.
    let database: DatabaseScope
    let files: FilePolicy

    static let capabilities = DatabaseScope.capabilities.union([.redirection, .files])

    static func scope(of parts: SessionParts) -> OutputScope {
        OutputScope(outputs: parts.outputs, diagnostics: parts.diagnostics, database: .scope(of: parts), files: parts.files)
    }

    /// Where results go now (standard output, or the redirection's file).
    var output: OutputBuffer { outputs.results }

    /// The user's home folder, which `~/` in a file name stands for.
    var homeDirectory: String? { files.homeDirectory }

    /// Writes a diagnostic to stderr; an error counts as a failure of the unit.
    func report(_ diagnostic: Diagnostic) {
        diagnostics.report(diagnostic)
    }

    func warn(_ message: String) {
        diagnostics.warn(message)
    }
}
