/// The text of a row's cells as a grid shows them: each cell cut into lines, each line with
/// its width: in terminal columns on a terminal (a wide character takes two, so the grid
/// lines up), or in characters, as sqlite3 counts it, for output that must be sqlite3's
/// bytes (`countsCharacters`).
///
/// Into files and pipes, like sqlite3's box mode, a line ends at a newline or any other
/// control character (`\r\n` counts as one break, and a break at the very end adds no empty
/// line). On a terminal only a newline (or `\r\n`) breaks a line; the other controls, DEL,
/// the C1 controls U+0080–U+009F and the bidirectional controls show as line mode shows them
/// (`^G`, `<U+009B>`, `<U+202E>`), so none reaches the terminal. A tab becomes spaces up to the next multiple of 8 columns,
/// and the text stops at a NUL byte.
///
///     var lines = GridLines()
///     let cell = lines.append("a\tb\nc")   // two lines: "a       b" (width 9) and "c"
///
/// One value is reused for every row, so a streamed row costs no allocation once the
/// buffers have grown to the widest row.
struct GridLines {
    /// One display line: a range of ``bytes`` and its width.
    struct Line {
        var start: Int
        var end: Int
        var width: Int
    }

    private(set) var bytes: [UInt8] = []
    var lines: [Line] = []
    /// Every character is one wide, as sqlite3 pads and wraps (into files and pipes).
    let countsCharacters: Bool
    /// The last ``append(_:)`` met a tab, which sqlite3 cuts differently when it wraps the
    /// value (``rewrappingTabs(of:text:limit:atWords:)``).
    private(set) var lastAppendHadTab = false

    init(countsCharacters: Bool = false) {
        self.countsCharacters = countsCharacters
    }

    /// The width of the character at `index` and its length in bytes. When counting
    /// characters, sqlite3 counts every byte but a continuation byte (0x80–0xBF): a valid
    /// sequence is 1 wide, and so is a stray lead byte, but a stray continuation byte is 0.
    @inline(__always)
    func scalarWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (width: Int, length: Int) {
        let (width, length) = UTF8Scalar.width(bytes, at: index)
        guard countsCharacters else { return (width, length) }
        return (bytes[index] & 0xC0 == 0x80 ? 0 : 1, length)
    }

    /// Forgets every line, keeping the storage.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }

    /// Adds the lines of one cell and returns their indices in ``lines`` (never empty: an
    /// empty value is one empty line).
    @discardableResult
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let first = lines.count
        lastAppendHadTab = false
        var start = bytes.count
        var width = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte >= 0x20 && byte < 0x7F {
                // A run of printable ASCII, the common case, is copied in one go.
                var end = index + 1
                while end < text.count && text[end] >= 0x20 && text[end] < 0x7F { end += 1 }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<end]))
                width += end - index
                index = end
            } else if byte >= 0x7F && (countsCharacters || VisibleControlCharacters.length(at: index, in: text) == nil) {
                // Into a file or a pipe DEL, the C1 controls and the bidirectional controls
                // are characters, as sqlite3 writes them; on a terminal they are shown below.
                let (scalarWidth, length) = scalarWidth(text, at: index)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<index + length]))
                width += scalarWidth
                index += length
            } else if byte == 0x09 {
                lastAppendHadTab = true
                repeat {
                    bytes.append(0x20)
                    width += 1
                } while width % 8 != 0
                index += 1
            } else if byte == 0 {
                break
            } else if !countsCharacters && !Self.isLineBreak(text, at: index) {
                // On a terminal a control shows as line mode shows it (BEL `^G`, ESC `^[`,
                // U+009B `<U+009B>`): breaking the line there would hide it and cut the
                // value in two. A bidirectional control (U+202E `<U+202E>`) too: shown here,
                // it is counted at the width it takes, and the grid stays aligned.
                let length = VisibleControlCharacters.length(at: index, in: text) ?? 1
                VisibleControlCharacters.write(UnsafeBufferPointer(rebasing: text[index..<index + length])) { visible in
                    bytes.append(contentsOf: visible)
                    width += visible.count
                }
                index += length
            } else {
                lines.append(Line(start: start, end: bytes.count, width: width))
                index += (byte == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A) || byte == 0xC2 ? 2 : 1
                if index >= text.count || text[index] == 0 { return first..<lines.count }
                start = bytes.count
                width = 0
            }
        }
        lines.append(Line(start: start, end: bytes.count, width: width))
        return first..<lines.count
    }

    /// A newline, or a carriage return before one.
    private static func isLineBreak(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        text[index] == 0x0A || (text[index] == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A)
    }

    /// Splits each line from `first` on into pieces of at most `limit` characters, as
    /// sqlite3's box, table and markdown modes wrap values (at 60 characters, counted as
    /// characters, not columns); returns the lines now making up the cell.
    mutating func wrap(from first: Int, limit: Int) -> Range<Int> {
        // A line of no more bytes than the limit has no more characters either.
        guard lines[first...].contains(where: { $0.end - $0.start > limit }) else { return first..<lines.count }
        var wrapped: [Line] = []
        bytes.withUnsafeBufferPointer { all in
            for line in lines[first...] {
                var start = line.start, index = line.start, count = 0, width = 0
                while index < line.end {
                    if count == limit {
                        wrapped.append(Line(start: start, end: index, width: width))
                        (start, count, width) = (index, 0, 0)
                    }
                    let (scalarWidth, length) = wrappedCharacter(all, at: index, end: line.end)
                    count += 1
                    width += scalarWidth
                    index += length
                }
                wrapped.append(Line(start: start, end: line.end, width: width))
            }
        }
        lines.replaceSubrange(first..., with: wrapped)
        return first..<lines.count
    }

    /// One character as sqlite3 wraps them into files and pipes: a byte and the continuation
    /// bytes (0x80–0xBF) after it, valid UTF-8 or not, so a run of stray continuation bytes
    /// is one character (0 wide). On a terminal, one scalar.
    private func wrappedCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (width: Int, length: Int) {
        guard countsCharacters else { return scalarWidth(bytes, at: index) }
        var length = 1
        while index + length < end && bytes[index + length] & 0xC0 == 0x80 { length += 1 }
        return (bytes[index] & 0xC0 == 0x80 ? 0 : 1, length)
    }

    /// Cuts each line from `first` on after `limit` characters, as sqlite3 cuts column names.
    mutating func cut(from first: Int, limit: Int) {
        bytes.withUnsafeBufferPointer { all in
            for index in first..<lines.count where lines[index].end - lines[index].start > limit {
                var end = lines[index].start, count = 0, width = 0
                while end < lines[index].end && count < limit {
                    let (scalarWidth, length) = scalarWidth(all, at: end)
                    count += 1
                    width += scalarWidth
                    end += length
                }
                lines[index].end = end
                lines[index].width = width
            }
        }
    }

    /// A column name as sqlite3's grids show it: up to its first control character (a line
    /// break, a tab), so a header is always one line.
    static func headerText(_ name: String) -> String {
        guard let end = name.utf8.firstIndex(where: { $0 < 0x20 }) else { return name }
        return String(name[..<end])
    }

    /// Adds the lines of a string (a column name, the null value).
    @discardableResult
    mutating func append(_ text: String) -> Range<Int> {
        var text = text
        return text.withUTF8 { append($0) }
    }

    /// The widest of some lines.
    func width(of range: Range<Int>) -> Int {
        lines[range].reduce(0) { max($0, $1.width) }
    }

    /// Forgets the lines of the cell appended last, and their bytes.
    mutating func removeLastCell(_ cell: Range<Int>) {
        guard let first = lines[cell].first else { return }
        bytes.removeSubrange(first.start...)
        lines.removeSubrange(cell.lowerBound...)
    }

    /// Adds one line made of `text`, `width` wide.
    mutating func appendLine(_ text: UnsafeBufferPointer<UInt8>, width: Int) {
        let start = bytes.count
        bytes.append(contentsOf: text)
        lines.append(Line(start: start, end: bytes.count, width: width))
    }

    /// Calls `body` with the bytes of one line.
    func withBytes<T>(of line: Line, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[line.start..<line.end])) }
    }
}
