/// How far a session's input has come: the failures counted for the exit status, the quit
/// that `.quit` asked for, and how deep `.read` is nested. The session owns one; the
/// front-ends read it through ``Session/errorCount`` and ``Session/quitRequested``.
struct ScriptState {
    /// How many units failed since the session began: the exit status is 1 when not zero.
    var errorCount = 0
    /// Set by `.quit` / `.exit`: the front-end stops reading input.
    var quitRequested: Int32?
    /// The nesting depth of `.read`, to refuse a script that reads itself forever.
    var readDepth = 0
}
