/// `.nullvalue TEXT`: the text shown for NULL.
struct NullValueCommand: MetaCommand {
    let name = "nullvalue"
    let needsDatabase = false
    let usage = "TEXT"
    let summary = "text to show for NULL values (default: NULL on a terminal, empty elsewhere)"

    func parse(_ words: [String]) throws(Diagnostic) -> String {
        try onlyWord(of: words)
    }

    func run(_ text: String, in scope: SettingsScope) throws(Diagnostic) {
        scope.settings.nullValue = text
        scope.settings.nullValueIsSet = true
    }
}

/// `.separator COL [ROW]`: the separators of list and csv modes.
struct SeparatorCommand: MetaCommand {
    let name = "separator"
    let needsDatabase = false
    let usage = "COL ?ROW?"
    let summary = "set the column (and row) separator of list, tabs, csv and quote modes"
    let details = """
        .separator COL sets the text between values; .separator COL ROW also the text after
        each row. Quote to use escapes: .separator "\\t" "\\n". Note that .mode csv, tabs,
        list and quote reset the separators, as in sqlite3.
        """

    /// The separators typed: between values, and after each row when given.
    struct Arguments: Equatable {
        let column: String
        let row: String?
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        // Too many words are an error that changes nothing (sqlite3 sets the first two).
        try expect(words, count: 1...2)
        return Arguments(column: words[0], row: words.count == 2 ? words[1] : nil)
    }

    func run(_ separators: Arguments, in scope: SettingsScope) throws(Diagnostic) {
        scope.settings.columnSeparator = separators.column
        if let row = separators.row {
            scope.settings.rowSeparator = row
        }
    }
}

/// `.print TEXT...`: writes its arguments, separated by spaces.
struct PrintCommand: MetaCommand {
    let name = "print"
    let needsDatabase = false
    let usage = "TEXT..."
    let summary = "print the arguments, separated by spaces"

    /// The line to print: the words joined by spaces, with its newline.
    func parse(_ words: [String]) throws(Diagnostic) -> PrintedLine {
        PrintedLine(text: words.joined(separator: " ") + "\n")
    }

    func run(_ line: PrintedLine, in scope: SettingsScope) throws(Diagnostic) {
        // A byte of the script that is not UTF-8 is written back as that byte, as in sqlite3.
        scope.output.append(RawBytes.bytes(of: line.text))
    }
}

/// What `.print` writes.
struct PrintedLine: Equatable {
    var text: String
}
