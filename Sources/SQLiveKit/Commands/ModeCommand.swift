/// `.mode [MODE [TABLE]]`: sets or shows the output mode.
struct ModeCommand: MetaCommand {
    let name = "mode"
    let needsDatabase = false
    let usage = "?MODE? ?TABLE?"
    let summary = "set the output mode (box, csv, json, …), or show it"
    var details: String {
        "Modes:\n" + OutputMode.allCases.map { "  \($0.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.summary)" }
            .joined(separator: "\n")
            + "\n.mode insert TABLE names the table in the INSERT statements (default \"table\")."
            + "\nqbox is box with each value an SQL literal, as in quote mode."
            + "\ncsv, tabs, list and quote also reset .separator, as in sqlite3."
    }

    func completions(after arguments: [String], prefix: String, in scope: SettingsScope) -> [String] {
        arguments.isEmpty ? OutputMode.allCases.map(\.rawValue) + ["qbox"] : []
    }

    func run(_ arguments: [String], in scope: SettingsScope) throws(Diagnostic) {
        guard let typed = arguments.first else {
            scope.output.append("current output mode: \(ShowCommand.modeText(scope.settings))\n")
            // sqlite3's `.mode` alone then selects the mode it named afresh: the grid modes
            // wrap at 60 again and stop quoting, list takes `|` back, insert's table is "table".
            let current = scope.settings.mode == .tabs ? OutputMode.list : scope.settings.mode
            scope.settings.setMode(current)
            scope.settings.wrapWidth = ColumnRenderer.wrapWidth
            return
        }
        // qbox is box with each value quoted, sqlite3's `.mode box --quote`.
        let quotes = typed.lowercased() == "qbox"
        guard let mode = quotes ? .box : OutputMode(rawValue: typed.lowercased()) else {
            let hint = Suggestion.closest(to: typed, among: OutputMode.allCases.map(\.rawValue))
                .map { "did you mean \($0)? " } ?? ""
            throw Diagnostic(".mode: unknown mode \(typed)",
                             hint: hint + "modes: " + OutputMode.allCases.map(\.rawValue).joined(separator: " "))
        }
        // In sqlite3 `.explain on` is a mode of its own, which choosing another one ends.
        if scope.settings.explain == .on { scope.settings.explain = .off }
        // sqlite3 ignores what follows a mode that takes no table: a script goes on.
        ignoreExtra(arguments, keeping: mode == .insert ? 2 : 1, in: scope)
        scope.settings.setMode(mode, table: mode == .insert && arguments.count >= 2 ? arguments[1] : nil)
        // sqlite3's .mode wraps grid values at 60 characters (its `--wrap 60`).
        scope.settings.wrapWidth = ColumnRenderer.wrapWidth
        scope.settings.quotesGridValues = quotes
    }
}
