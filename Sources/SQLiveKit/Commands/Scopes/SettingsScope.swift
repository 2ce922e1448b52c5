/// The view of commands that only change settings or print (`.mode`, `.headers`, `.print`):
/// the settings, the results output and warnings; no database, no panes, no redirection.
struct SettingsScope: SessionView {
    private let session: Session

    init(_ session: Session) {
        self.session = session
    }

    /// The session's settings; a change is the session's at once.
    var settings: Settings {
        get { session.settings }
        nonmutating set { session.settings = newValue }
    }

    /// Where results go (standard output, or the file of `.output`/`.once`).
    var output: OutputBuffer { session.output }

    func warn(_ message: String) {
        session.warn(message)
    }
}
