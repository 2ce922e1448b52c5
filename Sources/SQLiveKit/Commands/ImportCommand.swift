/// `.import [--csv|--tsv] [--skip N] [--schema S] FILE TABLE`: loads a CSV or TSV file.
struct ImportCommand: MetaCommand {
    let name = "import"
    let usage = "?--csv|--tsv? ?--skip N? ?--schema S? FILE TABLE"
    let summary = "load the rows of a CSV or TSV file into TABLE (created from the header if new)"
    let effect = CommandEffect.opensFiles
    let details = """
        .import FILE TABLE reads FILE and inserts one row per record, in one transaction.
        --csv          comma-separated, RFC 4180 quoting ("a ""b"", c" is one field)
        --tsv          tab-separated (quotes work the same)
                       With neither, the separators are those of .separator (csv and tabs
                       modes set "," and a tab), one character each, as in sqlite3.
        --skip N       skip the first N records (say, lines before the header)
        --schema S     the table is in schema S (temp, or an attached database)
        When TABLE does not exist, the first record names its columns, all of type TEXT
        (sqlite3's rules). When it exists, every record is a row.
        A record with the wrong number of fields, invalid UTF-8, or that the table refuses,
        is reported with its line number and skipped; with .bail on it stops the import and
        nothing is imported. On a terminal, a progress bar shows after a second.
        Example: .import --csv albums.csv album
        """

    /// Options, then FILE from the file system, then TABLE from the schema.
    func completions(after arguments: [String], prefix: String, in scope: TaskScope) -> [String] {
        if prefix.hasPrefix("-") { return ["--csv", "--tsv", "--skip", "--schema"] }
        if arguments.last == "--skip" || arguments.last == "--schema" { return [] }
        var positionals = 0
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--skip" || arguments[index] == "--schema" { index += 1 }
            else if !arguments[index].hasPrefix("-") { positionals += 1 }
            index += 1
        }
        switch positionals {
        case 0: return FileNameCompletion.candidates(for: prefix, homeDirectory: scope.environment.homeDirectory)
        case 1: return SchemaNames(connection: scope.connection).tables
        default: return []
        }
    }

    func parse(_ words: [String]) throws(Diagnostic) -> ImportOptions {
        try ImportOptions.parse(words, for: self)
    }

    /// When FILE or TABLE is missing or a word is extra, sqlite3 prints its usage on the
    /// results output: the same reading of the words says whether that was the problem.
    func explaining(_ usageError: Diagnostic, of words: [String], in scope: TaskScope) -> Diagnostic {
        _ = try? ImportOptions.parse(words, for: self) { problem in
            scope.output.append(SQLite3Usage.text(problem, usage: SQLite3Usage.importCommand))
        }
        return usageError
    }

    func run(_ options: ImportOptions, in scope: TaskScope) throws(Diagnostic) {
        // sqlite3 quirk, kept for the same bytes: importing in csv mode with the mode's own
        // separators switches the row separator from the output default "\r\n" to the input
        // one, "\n", for good. An import with a format of its own (--csv) leaves it alone.
        if scope.settings.mode == .csv, scope.settings.rowSeparator == "\r\n", options.format == .currentSeparator {
            scope.settings.rowSeparator = "\n"
        }
        let start = ContinuousClock.now
        let outcome = try CSVImporter(scope: scope, options: options).run()
        let rows = "\(ImportProgress.grouped(outcome.importedRows)) row\(outcome.importedRows == 1 ? "" : "s")"
        if outcome.badRows > 0 {
            let bad = "\(ImportProgress.grouped(outcome.badRows)) bad row\(outcome.badRows == 1 ? "" : "s")"
            scope.warn("\(options.path): imported \(rows) into \(options.table), skipped \(bad)")
        } else if scope.environment.isInteractive {
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let tenths = Int(seconds * 10)
            scope.report(.notice("imported \(rows) into \(options.table) in \(tenths / 10).\(tenths % 10) s"))
        }
    }
}
