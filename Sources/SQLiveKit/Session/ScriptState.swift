/// How far a session's input has come: the quit that `.quit` asked for, and how deep
/// `.read` is nested (the failures are counted by ``DiagnosticReporter``). The session owns
/// one; the front-ends read it through ``Session/quitRequested``.
struct ScriptState {
    /// Set by `.quit` / `.exit`: the front-end stops reading input.
    var quitRequested: Int32?
    /// `.exit CODE` with a CODE other than 0 ends the process, from any depth of `.read`; a
    /// plain `.quit` inside a file that `.read` runs ends only that file, as in sqlite3.
    var quitHasExitCode = false
    /// The nesting depth of `.read`, to refuse a script that reads itself forever.
    var readDepth = 0
}
