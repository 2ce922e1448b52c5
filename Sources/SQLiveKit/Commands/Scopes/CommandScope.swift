/// What a meta-command receives to run: a view of the session narrowed to what the command
/// touches, so that its type says it (``MetaCommand/Scope``). The registry builds the view
/// from the session for each call; a view holds no state of its own, only references to the
/// session's parts, and keeps its reference to the session private.
///
/// The views: ``SettingsScope`` (settings and printing), ``DatabaseScope`` (and the
/// database), ``PaneScope`` (the pane board), ``OutputScope`` (redirection). The few
/// commands that coordinate the whole session (`.open`, `.read`, `.quit`, `.edit`) take the
/// ``Session`` itself.
public protocol CommandScope {
    /// The view of `session` a command of this scope gets.
    static func scope(of session: Session) -> Self
    /// Writes a warning to stderr; it does not count as a failure. Every command may warn
    /// (arguments sqlite3 ignores, an on/off word it reads leniently).
    func warn(_ message: String)
}

extension Session: CommandScope {
    /// The commands that coordinate everything get the session whole.
    public static func scope(of session: Session) -> Session { session }
}
