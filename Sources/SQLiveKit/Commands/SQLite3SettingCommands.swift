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

    func run(_ arguments: [String], in scope: SettingsScope) throws(Diagnostic) {
        guard let value = arguments.first else {
            throw Diagnostic(".stats: sqlive keeps no statistics to show",
                             hint: "sqlite3's .stats prints SQLite's memory figures; sqlive turns them off for speed")
        }
        // Unlike most commands, sqlite3's .stats refuses a second word.
        try expect(arguments, count: 1...1)
        switch value.lowercased() {
        case "stmt", "vmstep": scope.settings.stats = true
        default: scope.settings.stats = BooleanArgument.lenient(value, for: self, in: scope)
        }
    }
}

/// `.prompt MAIN ?CONTINUE?`: the prompts a sqlite3 init file sets, kept in the settings.
struct PromptCommand: MetaCommand {
    let name = "prompt"
    let usage = "MAIN ?CONTINUE?"
    let summary = "set the prompt and the continuation prompt"
    let needsDatabase = false

    func run(_ arguments: [String], in scope: SettingsScope) throws(Diagnostic) {
        // As sqlite3: `.prompt` alone changes nothing, and words after the second are ignored.
        guard let main = arguments.first else { return }
        ignoreExtra(arguments, keeping: 2, in: scope)
        let continuation = arguments.count > 1 ? arguments[1] : scope.settings.prompts?.continuation ?? "   ...> "
        scope.settings.prompts = (main, continuation)
    }
}
