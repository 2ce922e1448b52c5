/// The view of commands that only change settings or print (`.mode`, `.headers`, `.print`):
/// the settings, the results output and warnings; no database, no panes, no redirection.
struct SettingsScope: CommandScope {
    /// Where results go (standard output, or the file of `.output`/`.once`).
    let output: OutputBuffer
    private let session: Session

    static func scope(of session: Session) -> SettingsScope {
        SettingsScope(output: session.output, session: session)
    }

    /// The session's settings; a change is the session's at once.
    var settings: Settings {
        get { session.settings }
        nonmutating set { session.settings = newValue }
    }

    func warn(_ message: String) {
        session.warn(message)
    }
}
