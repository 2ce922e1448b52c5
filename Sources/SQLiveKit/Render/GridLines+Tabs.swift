extension GridLines {
    /// Adds a cell and wraps it at `limit` characters (nil: not at all) as sqlite3's grids
    /// wrap values, between words when `atWords`.
    mutating func appendWrapped(_ text: UnsafeBufferPointer<UInt8>, limit: Int?, atWords: Bool) -> Range<Int> {
        let cell = append(text)
        if let cut = rewrappingTabs(of: cell, text: text, limit: limit, atWords: atWords) { return cut }
        guard let limit else { return cell }
        return wrap(from: cell.lowerBound, limit: limit, atWords: atWords)
    }

    /// A column name holding a tab, as sqlite3 shows it into files and pipes: the first line
    /// of the name cut as a value would be at `limit` (nil: no limit), the tab as spaces
    /// (``headerText(_:)`` would end the name at the tab). Nil for other names, and on a
    /// terminal, where ``headerText(_:)`` and the cut at the width hold.
    mutating func appendTabbedName(_ name: String, limit: Int?, atWords: Bool) -> Range<Int>? {
        guard countsCharacters, name.utf8.contains(0x09) else { return nil }
        var name = name
        return name.withUTF8 { text in
            let cell = append(text)
            // sqlite3 reads no limit as a million characters.
            guard let cut = rewrappingTabs(of: cell, text: text, limit: limit ?? 1_000_000, atWords: atWords && limit != nil) else {
                return cell
            }
            if cut.count > 1 { lines.removeSubrange((cut.lowerBound + 1)...) }
            return cut.lowerBound..<cut.lowerBound + 1
        }
    }

    /// Cuts again, as sqlite3 3.40 cuts it into files and pipes, a value holding a tab that
    /// wraps at `limit` characters (between words when `atWords`); nil when the last
    /// ``append(_:)`` met no tab, on a terminal, or without a limit, when the usual cut holds.
    ///
    /// ``append(_:)`` turns a tab into spaces up to the next multiple of 8 before the value
    /// is wrapped; sqlite3 counts tab stops from the start of each wrapped line, never lets a
    /// tab's spaces pass the limit, and drops a tab (or another control character) that
    /// comes just as a line is full:
    ///
    ///     "y\tz" at 1      → "y", "z"            (append, then wrap: "y", 7 blank lines, "z")
    ///     "a\tb" at 5      → "a    ", "b"
    ///     "abcdefg\th" at 5 → "abcde", "fg   ", "h"
    ///
    /// `cell` is the range ``append(_:)`` just returned for `text`; it is replaced.
    mutating func rewrappingTabs(of cell: Range<Int>, text: UnsafeBufferPointer<UInt8>,
                                 limit: Int?, atWords: Bool) -> Range<Int>? {
        guard lastAppendHadTab, countsCharacters, let limit, limit > 0 else { return nil }
        removeLastCell(cell)
        let first = lines.count
        // The text stops at a NUL, as in append(_:); past its end every byte reads as 0.
        let end = text.firstIndex(of: 0) ?? text.count
        let text = UnsafeBufferPointer(rebasing: text[..<end])
        func byte(_ index: Int) -> UInt8 { index < end ? text[index] : 0 }
        var piece: [UInt8] = []
        var start = 0
        while true {
            // How far a line of `limit` characters reaches; a control character other than
            // a tab ends it early.
            var index = start, count = 0
            while count < limit {
                let current = byte(index)
                if current >= 0x20 {
                    count += 1
                    repeat { index += 1 } while byte(index) & 0xC0 == 0x80
                } else if current == 0x09 {
                    repeat { count += 1 } while count % 8 != 0 && count < limit
                    index += 1
                } else {
                    break
                }
            }
            var kept = index
            if count >= limit && atWords,
               let wordEnd = Self.wordBreak(in: text, start: start, full: index, lineEnd: end) {
                kept = wordEnd
                index = wordEnd
                while byte(index) == UInt8(ascii: " ") { index += 1 }
            }
            appendExpandingTabs(UnsafeBufferPointer(rebasing: text[start..<kept]), limit: limit, into: &piece)
            // Where the next line starts: at once after a full line that goes on with a
            // character, else after the control character that ended this one (both bytes
            // of `\r\n`); a control character at the very end starts no line.
            if count >= limit && byte(index) >= 0x20 {
                start = index
            } else if byte(index) == 0x0D && byte(index + 1) == 0x0A {
                guard byte(index + 2) != 0 else { break }
                start = index + 2
            } else if byte(index) == 0 || byte(index + 1) == 0 {
                break
            } else {
                start = index + 1
            }
        }
        return first..<lines.count
    }

    /// Adds one wrapped line, its tabs turned into spaces up to the next multiple of 8
    /// characters but not past `limit`. `piece` is scratch space, reused line after line.
    private mutating func appendExpandingTabs(_ line: UnsafeBufferPointer<UInt8>, limit: Int, into piece: inout [UInt8]) {
        piece.removeAll(keepingCapacity: true)
        var width = 0
        for byte in line {
            if byte == 0x09 {
                repeat {
                    piece.append(UInt8(ascii: " "))
                    width += 1
                } while width % 8 != 0 && width < limit
            } else {
                piece.append(byte)
                // As sqlite3 counts: every byte but a UTF-8 continuation byte.
                if byte & 0xC0 != 0x80 { width += 1 }
            }
        }
        piece.withUnsafeBufferPointer { appendLine($0, width: width) }
    }
}
