/// Splits a meta-command line into words the way sqlite3 does: spaces separate words,
/// '…' quotes literally, "…" quotes with backslash escapes (\n, \t, \\, \").
///
///     CommandLineTokenizer.words(#".separator "\t" '|'"#)   // [".separator", "\t", "|"]
public enum CommandLineTokenizer {
    public static func words(_ line: String) -> [String] {
        var words: [String] = []
        var scalars = line.unicodeScalars[...]
        while let word = nextWord(&scalars) {
            words.append(word)
        }
        return words
    }

    /// Removes the next word from the front of `scalars`; nil when only spaces are left.
    static func nextWord(_ scalars: inout Substring.UnicodeScalarView) -> String? {
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        guard let first = scalars.first else { return nil }
        var word = String.UnicodeScalarView()
        switch first {
        case "'":
            scalars.removeFirst()
            while let next = scalars.popFirst(), next != "'" { word.append(next) }
        case "\"":
            scalars.removeFirst()
            while let next = scalars.popFirst(), next != "\"" {
                if next == "\\", let escaped = scalars.popFirst() {
                    word.append(unescape(escaped))
                } else {
                    word.append(next)
                }
            }
        default:
            while let next = scalars.first, !next.properties.isWhitespace {
                word.append(next)
                scalars.removeFirst()
            }
        }
        return String(word)
    }

    private static func unescape(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "n": "\n"
        case "t": "\t"
        case "r": "\r"
        case "0": "\0"
        default: scalar
        }
    }
}
