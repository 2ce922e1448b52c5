/// What a meta-command receives to run: a view of the session narrowed to what the command
/// touches, so that its type says it (``MetaCommand/Scope``). The registry builds the view
/// from the session for each call; a view holds no state of its own.
///
/// The views, narrowest first: ``SettingsScope`` (settings and printing), ``DatabaseScope``
/// (and the database), ``PaneScope`` (the pane board). The few commands that coordinate the
/// whole session (`.open`, `.read`, `.quit`, redirection) take the ``Session`` itself.
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

/// A scope that is a view over the session, made by its initializer; its reference to the
/// session stays private, so a command reaches only what the view exposes.
protocol SessionView: CommandScope {
    init(_ session: Session)
}

extension SessionView {
    static func scope(of session: Session) -> Self { Self(session) }
}
