/// `.mode [MODE [TABLE]]`: sets or shows the output mode.
struct ModeCommand: MetaCommand {
    let name = "mode"
    let needsDatabase = false
    let usage = "?MODE? ?TABLE? ?--wrap N? ?--wordwrap on|off? ?--quote|--noquote?"
    let summary = "set the output mode (box, csv, json, …), or show it"
    var details: String {
        "Modes:\n" + OutputMode.allCases.map { "  \($0.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.summary)" }
            .joined(separator: "\n")
            + "\n.mode insert TABLE names the table in the INSERT statements (default \"table\")."
            + "\nqbox is box with each value an SQL literal, as in quote mode."
            + "\nbox, table, markdown and column take sqlite3's options: --wrap N wraps values at N"
            + "\ncharacters (60 by default, 0 never), --wordwrap on (or --ww) wraps between words,"
            + "\n--quote shows values as SQL literals, --noquote as text. On a terminal the grid fits"
            + "\nthe screen instead of wrapping; into a file or a pipe the bytes are sqlite3's."
            + "\ncsv, tabs, list and quote also reset .separator, as in sqlite3."
    }

    func completions(after arguments: [String], prefix: String, in scope: SettingsScope) -> [String] {
        arguments.isEmpty ? OutputMode.allCases.map(\.rawValue) + ["qbox"] : []
    }

    /// `.mode`'s words, read: the mode named (nil: show the current one), its words as
    /// typed (the mode, the table of insert mode, what sqlite3 ignores) and the grid options.
    struct Arguments {
        let mode: OutputMode?
        let words: [String]
        let options: GridModeOptions

        /// The table `.mode insert TABLE` names.
        var table: String? { mode == .insert && words.count >= 2 ? words[1] : nil }
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        var options = GridModeOptions()
        let words = options.parse(words)
        guard let typed = words.first else { return Arguments(mode: nil, words: [], options: options) }
        guard let mode = options.isQuotedBox ? .box : OutputMode(rawValue: typed.lowercased()) else {
            let hint = Suggestion.closest(to: typed, among: OutputMode.allCases.map(\.rawValue))
                .map { "did you mean \($0)? " } ?? ""
            throw Diagnostic(".mode: unknown mode \(typed)",
                             hint: hint + "modes: " + OutputMode.allCases.map(\.rawValue).joined(separator: " "))
        }
        return Arguments(mode: mode, words: words, options: options)
    }

    func run(_ arguments: Arguments, in scope: SettingsScope) throws(Diagnostic) {
        guard let mode = arguments.mode else {
            scope.output.append("current output mode: \(ShowCommand.modeText(scope.settings))\n")
            // sqlite3's `.mode` alone then selects the mode it named afresh: the grid modes
            // wrap at 60 again and stop quoting (or take the options given), list takes `|`
            // back, insert's table is "table".
            let current = scope.settings.mode == .tabs ? OutputMode.list : scope.settings.mode
            scope.settings.setMode(current)
            arguments.options.apply(to: &scope.settings)
            return
        }
        // In sqlite3 `.explain on` is a mode of its own, which choosing another one ends.
        if scope.settings.explain == .on { scope.settings.explain = .off }
        // sqlite3 ignores what follows a mode that takes no table: a script goes on.
        ignoreExtra(arguments.words, keeping: mode == .insert ? 2 : 1, in: scope)
        scope.settings.setMode(mode, table: arguments.table)
        arguments.options.apply(to: &scope.settings)
    }
}
