/// `.migrations [DIR]`: where the database stands, the same as `.migrate --status [DIR]`.
struct MigrationsCommand: MetaCommand {
    let name = "migrations"
    let usage = "?DIR?"
    let summary = "list the migrations of DIR and whether each is applied (.migrate --status)"
    let effect = CommandEffect.readsFiles

    /// The folder typed, if any.
    func parse(_ words: [String]) throws(Diagnostic) -> String? {
        try expect(words, count: 0...1)
        return words.first
    }

    func run(_ folder: String?, in scope: TaskScope) throws(Diagnostic) {
        let plan = try scope.migrationPlan(folder: folder)
        scope.output.append(MigrationStatusReport(plan: plan).text)
    }
}

/// `.migrations-dir [DIR]`: the folder `.migrate` and `.migrations` use when given none.
struct MigrationsDirCommand: MetaCommand {
    let name = "migrations-dir"
    let usage = "?DIR?"
    let summary = "set the default migrations folder (default: ./migrations), or show it"
    let effect = CommandEffect.readsFiles
    let details = """
        .migrations-dir DIR makes DIR the folder .migrate and .migrations use when none is
        given; put it in ~/.replrc to set it for every session. A relative DIR is taken from
        the current folder when .migrate runs, so one init file serves every project that
        keeps its migrations in the same place. ~/ means the home folder.
        """

    /// The folder; nil shows the current one.
    func parse(_ words: [String]) throws(Diagnostic) -> String? {
        let path = try optionalWord(of: words)
        guard path != "" else { throw usageError("the folder name is empty") }
        return path
    }

    func run(_ path: String?, in scope: SettingsScope) throws(Diagnostic) {
        guard let path else {
            let current = scope.settings.migrationsDirectory.map { $0 } ?? "migrations (the default)"
            scope.output.append("migrations folder: \(current)\n")
            return
        }
        scope.settings.migrationsDirectory = path
    }
}
