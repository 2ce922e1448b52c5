/// What a front-end draws on the terminal besides the output (the dock of live panes), told
/// when another program (the pager, the `.edit` editor) takes the whole terminal and when it
/// gives it back.
///
///     session.terminalHandover = dock
///     // a result taller than the screen: dock.willHandTerminalOver(), then less runs,
///     // then dock.didGetTerminalBack() once the person quits it
///
/// Called on the session's thread, while a unit runs: the front-end's loop is not drawing
/// then, so nothing else writes to the terminal between the two calls.
public protocol TerminalHandover: AnyObject {
    /// Another program is about to use the whole screen: undo what would confine it (a
    /// scroll region), leaving the cursor where it is.
    func willHandTerminalOver()

    /// The program exited, having drawn over the screen and perhaps reset the terminal:
    /// lay out and draw again what the front-end keeps on screen, the cursor on the row
    /// where output goes on.
    func didGetTerminalBack()
}

extension Session {
    /// Runs `body`, which gives the terminal to another program until it exits (the editor),
    /// telling the front-end before and after.
    ///
    ///     let status = try lendingTerminal { () throws(Diagnostic) in
    ///         try ChildProcess(shellCommand: "vi", arguments: [path], environment: variables, feedsInput: false).wait()
    ///     }
    func lendingTerminal<Result>(_ body: () throws(Diagnostic) -> Result) throws(Diagnostic) -> Result {
        terminalHandover?.willHandTerminalOver()
        defer { terminalHandover?.didGetTerminalBack() }
        return try body()
    }
}
