extension GridLines {
    /// Wraps the lines from `first` on at `limit` characters, between words when `atWords`.
    mutating func wrap(from first: Int, limit: Int, atWords: Bool) -> Range<Int> {
        atWords ? wrapAtWords(from: first, limit: limit) : wrap(from: first, limit: limit)
    }

    /// Splits each line from `first` on as sqlite3 3.40 does under `.mode box --wordwrap on`:
    /// a piece of `limit` characters backs up to just after the last space in its second
    /// half, or else to the last change between a letter or digit and anything else there,
    /// and the spaces at the break are dropped; with neither, it breaks at `limit`.
    ///
    ///     "hello world" at 11 → "hello " and "world"
    ///
    /// As in sqlite3, a piece that reaches the limit exactly backs up too (`hello world` at
    /// 11 is two lines), and the half is counted in bytes.
    mutating func wrapAtWords(from first: Int, limit: Int) -> Range<Int> {
        // A line with fewer bytes than the limit has fewer characters too: nothing backs up.
        guard lines[first...].contains(where: { $0.end - $0.start >= limit }) else { return first..<lines.count }
        var wrapped: [Line] = []
        bytes.withUnsafeBufferPointer { all in
            for line in lines[first...] {
                var start = line.start
                while true {
                    var index = start, count = 0
                    while index < line.end && count < limit {
                        index += scalarWidth(all, at: index).length
                        count += 1
                    }
                    guard count == limit else {
                        wrapped.append(measured(start..<line.end, in: all))
                        break
                    }
                    var end = index
                    if let wordEnd = Self.wordBreak(in: all, start: start, full: index, lineEnd: line.end) {
                        // The next piece starts after the spaces at the break.
                        (end, index) = (wordEnd, wordEnd)
                        while index < line.end && all[index] == UInt8(ascii: " ") { index += 1 }
                    }
                    wrapped.append(measured(start..<end, in: all))
                    guard index < line.end else { break }
                    start = index
                }
            }
        }
        lines.replaceSubrange(first..., with: wrapped)
        return first..<lines.count
    }

    /// Keeps the first line of a column name appended last (at `first`), wrapped as
    /// ``wrapAtWords(from:limit:)`` wraps values: sqlite3 wraps a name as it wraps values
    /// under `--wordwrap on` and shows its first piece (`aaa bbbb ccccc` at 10 is `aaa bbbb `).
    mutating func cutAtWords(from first: Int, limit: Int) {
        _ = wrapAtWords(from: first, limit: limit)
        if lines.count > first + 1 { lines.removeSubrange((first + 1)...) }
    }

    /// Where a full piece `start..<full` ends when it backs up to a word: after a space, or
    /// at a letter-or-digit boundary that is not inside a character, in its second half;
    /// nil when there is none (the piece breaks at `full`).
    static func wordBreak(in all: UnsafeBufferPointer<UInt8>, start: Int, full: Int, lineEnd: Int) -> Int? {
        let half = start + (full - start) / 2
        // The byte after the piece: a control character (0) where the line ended.
        func byte(_ index: Int) -> UInt8 { index < lineEnd ? all[index] : 0 }
        var end = full
        while end > half && !isCSpace(all[end - 1]) { end -= 1 }
        if end > half { return end }
        end = full
        while end > half && !(isAlphanumeric(all[end - 1]) != isAlphanumeric(byte(end)) && byte(end) & 0xC0 != 0x80) {
            end -= 1
        }
        return end > half ? end : nil
    }

    private func measured(_ range: Range<Int>, in all: UnsafeBufferPointer<UInt8>) -> Line {
        var index = range.lowerBound, width = 0
        while index < range.upperBound {
            let (scalarWidth, length) = scalarWidth(all, at: index)
            width += scalarWidth
            index += length
        }
        return Line(start: range.lowerBound, end: range.upperBound, width: width)
    }

    /// C's `isspace` and `isalnum` in the C locale, as sqlite3 tests bytes.
    private static func isCSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
