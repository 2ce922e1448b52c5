import CEditLine
import SQLiveKit

extension LineEditor {
    /// Tab (bound to `^I`): completes the word before the cursor with ``complete``'s
    /// candidates. One candidate is inserted whole; several put their shared beginning in
    /// and are listed below the line, with the prompt drawn again under the list. A Tab
    /// that comes in a paste is text: it is inserted as it is.
    func completeWord() -> UInt8 {
        if isPasting {
            sqlive_el_insertstr(editLine, "\t")
            return UInt8(CC_REFRESH)
        }
        guard let line = sqlive_el_line(editLine)?.pointee, let buffer = line.buffer, let cursor = line.cursor,
              let last = line.lastchar else {
            return UInt8(CC_ERROR)
        }
        let completion = complete(Self.text(from: buffer, to: cursor), Self.text(from: cursor, to: last))
        guard !completion.candidates.isEmpty else { return UInt8(CC_ERROR) }

        if completion.isAmbiguous {
            moveToEndOfText()
            write("\r\n" + completion.listing(width: columns))
        }
        if let replacement = completion.replacement {
            sqlive_el_deletestr(editLine, Int32(completion.word.unicodeScalars.count))
            sqlive_el_insertstr(editLine, replacement)
        }
        if completion.isAmbiguous {
            // libedit now thinks its cursor is where the line was: EL_REFRESH makes it start
            // over from the current row, below the list. (CC_REDISPLAY would first clear the
            // rows it believes the line used, erasing the list's last rows when the line
            // wraps.)
            sqlive_el_refresh(editLine)
        }
        return UInt8(CC_REFRESH)
    }

    private static func text(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>) -> String {
        start.withMemoryRebound(to: UInt8.self, capacity: end - start) {
            String(decoding: UnsafeBufferPointer(start: $0, count: end - start), as: UTF8.self)
        }
    }
}
