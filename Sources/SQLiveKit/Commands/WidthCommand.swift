/// `.width NUM...`: the column widths of `column` mode.
struct WidthCommand: MetaCommand {
    let name = "width"
    let needsDatabase = false
    let usage = "NUM..."
    let summary = "set the widths of the columns in column mode (0: fit, negative: right-aligned)"
    let details = """
        .width 10 -8 0 makes the first column 10 characters wide, the second 8 and aligned
        right, and sizes the third to fit (at most 60). Wider values wrap. .width alone
        sizes every column to fit again. A width that is not a number is taken as 0, with a
        warning, as sqlite3 takes it.
        """

    /// Wider columns would only pad lines with megabytes of spaces (sqlite3 pads them).
    static let widest = 100_000

    /// One width as typed and as read.
    struct Width: Equatable {
        let word: String
        let value: Int
        /// The whole word was a number (`1x` is read as 1, with a warning).
        let isClean: Bool
    }

    func parse(_ words: [String]) throws(Diagnostic) -> [Width] {
        var widths: [Width] = []
        for word in words {
            // As sqlite3 reads a number (`1x` is 1, `0x10` is 16, `2K` is 2000), and what is
            // no number at all is 0 (fit).
            let (value, isClean) = SQLite3Integer.parse(word)
            guard value.magnitude <= Self.widest else {
                throw usageError("\(word) is wider than \(Self.widest) characters")
            }
            widths.append(Width(word: word, value: value, isClean: isClean))
        }
        return widths
    }

    func run(_ widths: [Width], in scope: SettingsScope) throws(Diagnostic) {
        // What is not a clean number is said, not refused, so a script written for sqlite3
        // lays its columns out the same.
        for width in widths where !width.isClean {
            scope.warn(".width: \(width.word) is not a number of characters; taken as \(width.value)\(width.value == 0 ? " (fit)" : ""), as sqlite3 does")
        }
        scope.settings.columnWidths = widths.map(\.value)
    }
}

/// A number as sqlite3's shell reads one in a dot-command's argument: an optional sign, then
/// digits or `0x` and hex digits, then optionally a multiplier (`K`, `KB`, `KiB`, `M`, `MB`,
/// `MiB`, `G`, `GB`, `GiB`); what follows is ignored. `isClean` says the whole word was a
/// number, with nothing ignored.
///
///     SQLite3Integer.parse("0x10")   // (16, true)
///     SQLite3Integer.parse("1x")     // (1, false)
enum SQLite3Integer {
    static let multipliers: [(suffix: String, factor: Int)] = [
        ("kib", 1024), ("mib", 1024 * 1024), ("gib", 1024 * 1024 * 1024),
        ("kb", 1000), ("mb", 1_000_000), ("gb", 1_000_000_000), ("k", 1000), ("m", 1_000_000), ("g", 1_000_000_000),
    ]

    static func parse(_ word: String) -> (value: Int, isClean: Bool) {
        var rest = Substring(word)
        var isNegative = false
        if rest.first == "-" || rest.first == "+" {
            isNegative = rest.first == "-"
            rest = rest.dropFirst()
        }
        var value = 0
        var digits = 0
        if rest.hasPrefix("0x") {
            rest = rest.dropFirst(2)
            while let digit = rest.first?.hexDigitValue {
                value = value &* 16 &+ digit
                digits += 1
                rest = rest.dropFirst()
            }
        } else {
            while let first = rest.first, first.isASCII, let digit = first.wholeNumberValue {
                value = value &* 10 &+ digit
                digits += 1
                rest = rest.dropFirst()
            }
        }
        if let multiplier = multipliers.first(where: { $0.suffix == rest.lowercased() }) {
            value = value &* multiplier.factor
            rest = ""
        }
        // Wrapping, as sqlite3's integer reading does: `-9223372036854775808` is Int.min, and
        // its negation stays Int.min instead of trapping.
        return (isNegative ? 0 &- value : value, digits > 0 && rest.isEmpty)
    }
}
