/// What a meta-command receives to run: the capabilities of the session it may use, and no
/// more, so that its type says what it can touch (``MetaCommand/Scope``).
///
/// A scope is a value built for each call from the session's parts (``SessionParts``); it
/// holds those parts (the settings store, the output, the statement runner, the pane
/// board…), never the session. The scopes, narrowest first: ``SettingsScope`` (settings and
/// printing), ``DatabaseScope`` (and the database), ``TaskScope`` (and progress for long
/// runs), ``OutputScope`` (redirection), ``TraceScope`` (the trace and the log),
/// ``PaneScope`` (the pane board), ``StatusScope`` (reading everything, changing nothing),
/// ``HelpScope`` (the command list), and ``SessionControl`` for the few commands that
/// coordinate the session (`.open`, `.read`, `.quit`, `.edit`).
public protocol CommandScope {
    /// The view of the session's parts a command of this scope gets.
    static func scope(of parts: SessionParts) -> Self
    /// What a command of this scope can touch, for `CommandScopeTests` and the docs.
    static var capabilities: Set<Capability> { get }
    /// Writes a warning to stderr; it does not count as a failure. Every command may warn
    /// (arguments sqlite3 ignores, an on/off word it reads leniently).
    func warn(_ message: String)
}

/// One thing a command scope lets a command touch.
public enum Capability: String, Sendable, CaseIterable, Comparable {
    /// Write results (standard output, or the file of `.output`/`.once`).
    case output
    /// Report errors, warnings and notices on standard error.
    case diagnostics
    /// Read the settings.
    case readSettings
    /// Change the settings.
    case settings
    /// Run statements on the user's connection and keep parameters.
    case database
    /// Show progress on standard error and stop at Ctrl-C.
    case progress
    /// Redirect results to a file or a program.
    case redirection
    /// Write files the user names, as `--safe` allows.
    case files
    /// Install SQLite's statement trace and error log.
    case tracing
    /// Pin, pause and refresh panes.
    case panes
    /// Read the registry of meta-commands.
    case commandList
    /// Replace the connection, run scripts, quit, lend the terminal.
    case sessionControl

    public static func < (lhs: Capability, rhs: Capability) -> Bool { lhs.rawValue < rhs.rawValue }
}
