/// Splits a meta-command line into words the way sqlite3 does: spaces separate words,
/// '…' quotes literally; elsewhere backslash escapes are resolved (\n, \t, \\, \", octal).
///
///     CommandLineTokenizer.words(#".separator "\t" '|'"#)   // [".separator", "\t", "|"]
public enum CommandLineTokenizer {
    public static func words(_ line: String) -> [String] {
        var words: [String] = []
        var scalars = line.unicodeScalars[...]
        while true {
            while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
            guard let first = scalars.first else { break }
            var word = String.UnicodeScalarView()
            switch first {
            case "'":
                scalars.removeFirst()
                while let next = scalars.popFirst(), next != "'" { word.append(next) }
            case "\"":
                scalars.removeFirst()
                while let next = scalars.popFirst(), next != "\"" {
                    appendResolvingEscape(next, from: &scalars, to: &word, inQuotes: true)
                }
            default:
                // sqlite3 resolves escapes in unquoted words too: `.separator \t`.
                while let next = scalars.first, !next.properties.isWhitespace {
                    scalars.removeFirst()
                    appendResolvingEscape(next, from: &scalars, to: &word, inQuotes: false)
                }
            }
            // sqlite3's words are C strings: an escaped NUL (`\000`) ends one there.
            if let nul = word.firstIndex(of: "\u{0}") { word.removeSubrange(nul...) }
            words.append(String(word))
        }
        return words
    }

    /// Appends `scalar`, or the character it escapes with what follows when it is a
    /// backslash: sqlite3's `\a \b \t \n \v \f \r`, up to three octal digits, or the next
    /// character itself (`\\`, `\"`). Outside quotes a space still ends the word.
    private static func appendResolvingEscape(
        _ scalar: Unicode.Scalar, from scalars: inout Substring.UnicodeScalarView, to word: inout String.UnicodeScalarView,
        inQuotes: Bool
    ) {
        guard scalar == "\\", let escaped = scalars.first, inQuotes || !escaped.properties.isWhitespace else {
            word.append(scalar)
            return
        }
        scalars.removeFirst()
        if let octal = octalValue(escaped) {
            var value = octal
            for _ in 0..<2 {
                guard let next = scalars.first, let digit = octalValue(next) else { break }
                value = value << 3 | digit
                scalars.removeFirst()
            }
            word.append(Unicode.Scalar(UInt8(truncatingIfNeeded: value)))
            return
        }
        switch escaped {
        case "a": word.append("\u{07}")
        case "b": word.append("\u{08}")
        case "t": word.append("\t")
        case "n": word.append("\n")
        case "v": word.append("\u{0B}")
        case "f": word.append("\u{0C}")
        case "r": word.append("\r")
        default: word.append(escaped)
        }
    }

    private static func octalValue(_ scalar: Unicode.Scalar) -> UInt32? {
        ("0"..."7").contains(scalar) ? scalar.value - 48 : nil
    }
}
