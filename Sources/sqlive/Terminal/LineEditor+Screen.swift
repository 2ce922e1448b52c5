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

    /// Writes to the terminal with `write(2)`, after libedit's own output (it flushes its
    /// stream after each redraw).
    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(1, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
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
    /// at once from the prompt's first row. A resize left without a redraw corrupted
    /// libedit's memory on the next Enter (see TERMINAL-NOTES.md).
    func redrawAfterResize() {
        el_resize(editLine)
        // Terminals rewrap the lines to the new width, so the rows are counted at that width.
        let (cursor, _) = positions()
        var moves = cursor.row > 0 ? "\u{1B}[\(cursor.row)A" : ""
        moves += "\r\u{1B}[J"
        write(moves)
        sqlive_el_refresh(editLine)
    }

    /// Where the cursor and the end of the line are.
    private func positions() -> (cursor: ScreenPosition, end: ScreenPosition) {
        guard let line = el_wline(editLine)?.pointee, let buffer = line.buffer, let cursor = line.cursor,
              let last = line.lastchar else {
            return (ScreenPosition(row: 0, column: Self.promptWidth), ScreenPosition(row: 0, column: Self.promptWidth))
        }
        let beforeCursor = UnsafeBufferPointer(start: buffer, count: cursor - buffer)
        let afterCursor = UnsafeBufferPointer(start: cursor, count: last - cursor)
        let cursorPosition = advance(ScreenPosition(row: 0, column: Self.promptWidth), over: beforeCursor)
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
