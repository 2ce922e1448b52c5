/// Fits help text to a terminal: each line longer than the width breaks at the last space
/// that fits, and its continuation lines keep the line's own indentation. Existing line
/// breaks stay; a word longer than the width is left whole (never cut mid-word).
///
///     TextWrapping.wrap("  one two three", width: 10)   // "  one two\n  three"
enum TextWrapping {
    static func wrap(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrapLine(String($0), width: width, hangingIndent: nil) }
            .joined(separator: "\n")
    }

    /// Joins the lines of each prose paragraph of text written hard-wrapped at some width,
    /// so that ``wrap(_:width:)`` can break them again at another. A line is prose unless it
    /// is empty, indented, an option (`--rows N …`), an example (`Example: …`), or aligned
    /// in columns (two spaces inside); a prose line right after another joins it.
    ///
    ///     TextWrapping.reflowed("Runs FILE\nline by line.\n--bail  stop")   // "Runs FILE line by line.\n--bail  stop"
    static func reflowed(_ text: String) -> String {
        var lines: [String] = []
        var previousIsProse = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let isProse = !line.isEmpty && !line.hasPrefix(" ") && !line.hasPrefix("-")
                && !line.hasPrefix("Example:") && !line.contains("  ")
            if isProse && previousIsProse, let last = lines.popLast() {
                lines.append(last + " " + line)
            } else {
                lines.append(line)
            }
            previousIsProse = isProse
        }
        return lines.joined(separator: "\n")
    }

    /// One line, its continuations indented by `hangingIndent` columns (default: where the
    /// line's second column starts when it has one, `--rows N   keep at most…`, else its
    /// leading spaces). Spaces inside a line are kept as they are (aligned columns stay).
    static func wrapLine(_ line: String, width: Int, hangingIndent: Int?) -> String {
        let indent = String(repeating: " ", count: hangingIndent ?? defaultIndent(of: line, width: width))
        var lines: [String] = []
        var rest = Substring(line)
        var prefix = ""
        while DisplayWidth.of(prefix + rest) > width {
            guard let cut = lastBreak(in: rest, fitting: width - DisplayWidth.of(prefix)) else { break }
            lines.append(prefix + rest[..<cut])
            rest = rest[cut...].drop { $0 == " " }
            prefix = indent
        }
        lines.append(prefix + rest)
        return lines.joined(separator: "\n")
    }

    /// The start of the text after the first run of two spaces past the indentation (an
    /// aligned second column), when it is in the line's first half; else the indentation.
    private static func defaultIndent(of line: String, width: Int) -> Int {
        let leading = line.prefix { $0 == " " }.count
        let body = line.dropFirst(leading)
        guard let gap = body.range(of: "  ") else { return leading }
        let column = leading + body.distance(from: body.startIndex, to: gap.lowerBound)
            + body[gap.lowerBound...].prefix { $0 == " " }.count
        return column <= width / 2 ? column : leading
    }

    /// Where to break `text` so that what comes before fits in `columns`: the last space that
    /// ends a word within them; when the first word alone is too wide, the space after it
    /// (the word stays whole); nil when nothing follows it.
    private static func lastBreak(in text: Substring, fitting columns: Int) -> Substring.Index? {
        var used = 0
        var best: Substring.Index?
        var index = text.startIndex
        var sawWord = false
        while index < text.endIndex {
            let character = text[index]
            if character == " " {
                if sawWord { best = index }
            } else {
                sawWord = true
            }
            used += DisplayWidth.of(String(character))
            if used > columns { break }
            index = text.index(after: index)
        }
        if index == text.endIndex { return nil }
        if let best { return best }
        let afterFirstWord = text[index...].firstIndex(of: " ")
        return afterFirstWord.flatMap { text[$0...].contains { $0 != " " } ? $0 : nil }
    }
}
