import CEditLine
#if canImport(Glibc)
import Glibc
#endif

/// Where the line being edited lies on screen, worked out the way libedit lays it out, since
/// libedit doesn't say where its cursor is.
extension LineEditor {
    /// A place on screen, counted from the first row of the prompt.
    struct ScreenPosition: Equatable {
        var row: Int
        var column: Int
    }

    /// Writes to the terminal (see ``TerminalOutput``), after libedit's own output.
    func write(_ text: String) {
        TerminalOutput.write(text)
    }

    /// The terminal's width as libedit last measured it.
    var columns: Int {
        max(1, Int(sqlive_el_columns(editLine)))
    }

    /// Moves the cursor to just after the last character of the line (from wherever it is
    /// in the line), so what is written next doesn't overwrite the line.
    func moveToEndOfText() {
        let (cursor, end) = positions()
        var moves = ""
        if end.row > cursor.row { moves += "\u{1B}[\(end.row - cursor.row)B" }
        moves += "\u{1B}[\(end.column + 1)G"
        write(moves)
    }

    /// After a resize: libedit learns the new size, and the prompt and line are drawn again
    /// at once, from the prompt's first row or where the delegate lays out a new screen. A
    /// resize left without a redraw corrupted libedit's memory on the next Enter (see
    /// TERMINAL-NOTES.md).
    func redrawAfterResize() {
        sqlive_el_resize(editLine)
        if delegate?.lineEditorDidResize(self) != true {
            clearFromPrompt()
        }
        sqlive_el_refresh(editLine)
    }

    /// Prints text above the prompt while a line is being edited (`.trace` lines, panes
    /// printed inline): the prompt and line are erased, `print` writes lines that end with a
    /// newline, and the prompt and line are drawn again below them.
    ///
    ///     editor.printAboveLine { TerminalOutput.write("-- trace: commit, woke pane 1\n") }
    func printAboveLine(_ print: () -> Void) {
        clearFromPrompt()
        print()
        sqlive_el_refresh(editLine)
    }

    /// Ctrl-Z (SIGTSTP, watched by ``SignalWatcher``): leaves the line as typed on screen,
    /// the delegate's dock cleared and the scroll region reset, the terminal in its normal
    /// mode, and stops the process as Ctrl-Z would have. On `fg` (SIGCONT) it goes on here:
    /// editing mode again, the size read afresh, the dock and the prompt and line drawn again.
    /// Without this the shell scrolled under a frozen dock, and after `fg` libedit echoed
    /// the first key twice on a terminal the shell had left in its normal mode.
    func suspend() {
        moveToEndOfText()
        delegate?.lineEditorWillSuspend(self)
        write("\r\n")
        setBracketedPaste(false)
        sqlive_el_prepare_terminal(editLine, 0)
        ProcessSuspension.stop()
        sqlive_el_prepare_terminal(editLine, 1)
        setBracketedPaste(true)
        sqlive_el_resize(editLine)
        delegate?.lineEditorDidResume(self)
        sqlive_el_refresh(editLine)
    }

    /// Ctrl-L (`sqlive-clear-screen`): clears the screen, lets the delegate lay out what it
    /// draws around the line (the dock), and draws the prompt and line again.
    func clearScreen() -> UInt8 {
        write("\u{1B}[H\u{1B}[2J")
        delegate?.lineEditorDidClearScreen(self)
        sqlive_el_refresh(editLine)
        return UInt8(CC_REFRESH)
    }

    /// Moves to the start of the prompt's first row and erases from there to the end of the
    /// screen, where `EL_REFRESH` then draws the prompt and line (it starts from the cursor).
    private func clearFromPrompt() {
        // After a resize the terminal has rewrapped the line: its rows are counted at the
        // width libedit now knows.
        let (cursor, _) = positions()
        var moves = cursor.row > 0 ? "\u{1B}[\(cursor.row)A" : ""
        moves += "\r\u{1B}[J"
        write(moves)
    }

    /// Where the cursor and the end of the line are.
    private func positions() -> (cursor: ScreenPosition, end: ScreenPosition) {
        // The prompt is laid out like the line: `.prompt` may make it wide, or of several rows.
        let promptCharacters = currentPrompt.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        let lineStart = promptCharacters.withUnsafeBufferPointer { advance(ScreenPosition(row: 0, column: 0), over: $0) }
        guard let line = sqlive_el_wline(editLine)?.pointee, let buffer = line.buffer, let cursor = line.cursor,
              let last = line.lastchar else {
            return (lineStart, lineStart)
        }
        let beforeCursor = UnsafeBufferPointer(start: buffer, count: cursor - buffer)
        let afterCursor = UnsafeBufferPointer(start: cursor, count: last - cursor)
        let cursorPosition = advance(lineStart, over: beforeCursor)
        return (cursorPosition, advance(cursorPosition, over: afterCursor))
    }

    /// Lays characters out after a position: wide characters take two columns, control
    /// characters show as `^X`, tabs stop every 8 columns, a newline starts a row, and a
    /// full row wraps.
    private func advance(_ start: ScreenPosition, over characters: UnsafeBufferPointer<wchar_t>) -> ScreenPosition {
        let width = columns
        var position = start
        for character in characters {
            if character == 0x0A {
                position = ScreenPosition(row: position.row + 1, column: 0)
                continue
            }
            let characterWidth: Int
            if character == 0x09 {
                characterWidth = 8 - position.column % 8
            } else {
                let measured = Int(wcwidth(character))
                characterWidth = measured < 0 ? 2 : measured
            }
            if position.column + characterWidth > width {
                position = ScreenPosition(row: position.row + 1, column: 0)
            }
            position.column += characterWidth
            if position.column >= width {
                position = ScreenPosition(row: position.row + 1, column: 0)
            }
        }
        return position
    }
}
