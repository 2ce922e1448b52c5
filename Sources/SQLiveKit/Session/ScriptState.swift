/// How far a session's input has come: the failures counted for the exit status, the quit
/// that `.quit` asked for, and how deep `.read` is nested. The session owns one; the
/// front-ends read it through ``Session/errorCount`` and ``Session/quitRequested``.
struct ScriptState {
    /// How many units failed since the session began: the exit status is 1 when not zero.
    var errorCount = 0
    /// Set by `.quit` / `.exit`: the front-end stops reading input.
    var quitRequested: Int32?
    /// `.exit CODE` with a CODE other than 0 ends the process, from any depth of `.read`; a
    /// plain `.quit` inside a file that `.read` runs ends only that file, as in sqlite3.
    var quitHasExitCode = false
    /// The nesting depth of `.read`, to refuse a script that reads itself forever.
    var readDepth = 0
}
