/// The options sqlite3 3.40's `.mode` takes for its grid modes (box, table, markdown,
/// column), read as sqlite3 reads them: anywhere among the words, with one dash or two.
///
///     var options = GridModeOptions()
///     options.parse(["box", "--wrap", "40", "--ww"])   // ["box"]; wraps at 40, between words
///
/// `qbox` is box with `--quote`, and resets what came before it, as in sqlite3.
struct GridModeOptions {
    /// sqlite3's default `--wrap`.
    static let defaultWrap = ColumnRenderer.wrapWidth

    var wrap = Self.defaultWrap
    var wrapsAtWords = false
    var quotes = false
    /// The mode word was `qbox`.
    private(set) var isQuotedBox = false

    /// Takes the options out of `arguments` and returns the other words (the mode and
    /// its table), in order.
    mutating func parse(_ arguments: [String]) -> [String] {
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            let hasValue = index + 1 < arguments.count
            if Self.matches(word, "wrap") && hasValue {
                index += 1
                wrap = SQLite3Integer.parse(arguments[index]).value
            } else if Self.matches(word, "ww") {
                wrapsAtWords = true
            } else if Self.matches(word, "wordwrap") && hasValue {
                index += 1
                wrapsAtWords = Self.booleanValue(arguments[index])
            } else if Self.matches(word, "quote") {
                quotes = true
            } else if Self.matches(word, "noquote") {
                quotes = false
            } else {
                if words.isEmpty && word.lowercased() == "qbox" {
                    self = GridModeOptions()
                    quotes = true
                    isQuotedBox = true
                }
                words.append(word)
            }
            index += 1
        }
        return words
    }

    /// Sets the options of the grid modes; the others keep theirs, as in sqlite3.
    func apply(to settings: inout Settings) {
        switch settings.mode {
        case .box, .table, .markdown, .column:
            // sqlite3 wraps at the width a negative --wrap names.
            settings.wrapWidth = abs(wrap)
            settings.wrapsAtWords = wrapsAtWords
            settings.quotesGridValues = quotes
        default:
            break
        }
    }

    /// `-name` or `--name`, as sqlite3's `optionMatch`.
    private static func matches(_ word: String, _ name: String) -> Bool {
        guard word.hasPrefix("-") else { return false }
        let bare = word.hasPrefix("--") ? word.dropFirst(2) : word.dropFirst()
        return bare == name
    }

    /// sqlite3's `booleanValue`: a number is true unless 0, `on` and `yes` are true,
    /// anything else false.
    private static func booleanValue(_ text: String) -> Bool {
        if let number = Int(text) { return number != 0 }
        return ["on", "yes"].contains(text.lowercased())
    }
}
