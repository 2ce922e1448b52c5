import Foundation

/// What shares the screen with the line being edited (the dock of panes): the line editor
/// tells it about what happens while it waits for a key, so it can draw itself again.
///
///     editor.delegate = dock
///     // a pane refreshes while the user types: the editor, inside el_gets, calls
///     // dock.lineEditorShouldRepaint(editor), which rewrites the dock's rows
///
/// Main thread only, called from inside `el_gets`. The delegate may write to the terminal
/// as long as it puts the cursor back where it was, or print through
/// ``LineEditor/printAboveLine(_:)``; it never reads input.
protocol LineEditorDelegate: AnyObject {
    /// When to call ``lineEditorShouldRepaint(_:)`` even if no event comes (a highlight
    /// fades); nil when nothing is due.
    var nextRepaint: Date? { get }

    /// A ``MainLoopEvent/repaint`` arrived, or ``nextRepaint`` passed.
    func lineEditorShouldRepaint(_ editor: LineEditor)

    /// The terminal changed size and libedit knows it (`el_resize`). Returns true when the
    /// delegate cleared and laid out the screen and left the cursor at the start of the row
    /// where the prompt goes; false leaves the redraw to the editor.
    func lineEditorDidResize(_ editor: LineEditor) -> Bool

    /// Ctrl-L cleared the screen and put the cursor home; the delegate draws itself again
    /// and may move the cursor to the start of the row where the prompt goes.
    func lineEditorDidClearScreen(_ editor: LineEditor)

    /// Ctrl-Z: the process is about to stop and the shell to get the terminal. The delegate
    /// leaves a whole, normal screen (no scroll region, nothing of its own drawn), the cursor
    /// where it was.
    func lineEditorWillSuspend(_ editor: LineEditor)

    /// `fg`: the process runs again on a screen the shell used. The delegate draws itself
    /// again and may move the cursor to the start of the row where the prompt goes.
    func lineEditorDidResume(_ editor: LineEditor)
}
