/// `.stats on|off`: sqlite3's statistics switch, kept so that a sqlite3 init file or script
/// runs unchanged and `.show` says what it was set to. sqlive prints no statistics: it turns
/// SQLite's memory accounting off for speed (README, "Benchmarks"), so the figures sqlite3
/// prints do not exist here.
struct StatsCommand: MetaCommand {
    let name = "stats"
    let usage = "on|off"
    let summary = "sqlite3's statistics setting: kept for scripts, no statistics are printed"
    let needsDatabase = false
    let details = """
        .stats on|off is accepted as sqlite3 accepts it and shown by .show; sqlive prints no
        memory or statement statistics (SQLite's memory accounting is off for speed).
        """

    func completions(after arguments: [String], prefix: String, in scope: SettingsScope) -> [String] {
        arguments.isEmpty ? BooleanArgument.completions : []
    }

    /// `stmt` or `vmstep` (on), or an on/off word.
    enum Arguments: Equatable {
        case statements
        case toggle(ToggleArguments)
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        guard let value = words.first else {
            throw Diagnostic(".stats: sqlive keeps no statistics to show",
                             hint: "sqlite3's .stats prints SQLite's memory figures; sqlive turns them off for speed")
        }
        // Unlike most commands, sqlite3's .stats refuses a second word.
        try expect(words, count: 1...1)
        switch value.lowercased() {
        case "stmt", "vmstep": return .statements
        default: return .toggle(ToggleArguments(value))
        }
    }

    func run(_ arguments: Arguments, in scope: SettingsScope) throws(Diagnostic) {
        switch arguments {
        case .statements: scope.settings.stats = true
        case .toggle(let toggle): scope.settings.stats = toggle.value(for: self, in: scope)
        }
    }
}

/// `.prompt MAIN ?CONTINUE?`: the prompts a sqlite3 init file sets, kept in the settings.
struct PromptCommand: MetaCommand {
    let name = "prompt"
    let usage = "MAIN ?CONTINUE?"
    let summary = "set the prompt and the continuation prompt"
    let needsDatabase = false

    /// The prompts typed, and the words as typed, for the warning about what is ignored.
    struct Arguments: Equatable {
        let words: [String]
        /// Nil for `.prompt` alone, which changes nothing, as in sqlite3.
        var main: String? { words.first }
        /// Nil when only MAIN is given: the continuation prompt stays.
        var continuation: String? { words.count > 1 ? words[1] : nil }
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        Arguments(words: words)
    }

    func run(_ arguments: Arguments, in scope: SettingsScope) throws(Diagnostic) {
        guard let main = arguments.main else { return }
        // As sqlite3, words after the second are ignored.
        ignoreExtra(arguments.words, keeping: 2, in: scope)
        scope.settings.prompts = (main, arguments.continuation ?? scope.settings.prompts?.continuation ?? "   ...> ")
    }
}
