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

    /// One line, its continuations indented by `hangingIndent` columns (default: the line's
    /// leading spaces). Spaces inside a line are kept as they are (aligned columns stay).
    static func wrapLine(_ line: String, width: Int, hangingIndent: Int?) -> String {
        let indent = String(repeating: " ", count: hangingIndent ?? line.prefix { $0 == " " }.count)
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

    /// Where to break `text` so that what comes before fits in `columns`: the last space that
    /// ends a word within them, or nil when the first word alone is too wide (it stays whole).
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
        return best
    }
}
