/// The view of commands that only change settings or print (`.mode`, `.headers`, `.print`):
/// the settings, the results output and diagnostics; no database, no panes, no redirection.
struct SettingsScope: CommandScope {
    /// Where results go (standard output, or the file of `.output`/`.once`).
    let output: OutputBuffer
    let diagnostics: DiagnosticReporter
    private let store: SettingsStore

    static let capabilities: Set<Capability> = [.output, .diagnostics, .readSettings, .settings]

    static func scope(of parts: SessionParts) -> SettingsScope {
        SettingsScope(output: parts.output, diagnostics: parts.diagnostics, store: parts.settings)
    }

    /// The session's settings; a change is the session's at once.
    var settings: Settings {
        get { store.current }
        nonmutating set { store.current = newValue }
    }

    func warn(_ message: String) {
        diagnostics.warn(message)
    }
}
