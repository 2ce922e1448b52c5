/// `.migrate [--status | --dry-run | --to ID] [DIR]`: applies the pending migrations of a
/// folder of `NNNN_name.sql` files, or says where the database stands.
struct MigrateCommand: MetaCommand {
    let name = "migrate"
    let usage = "?--status|--dry-run|--to ID? ?DIR?"
    let summary = "apply the pending migrations of a folder of NNNN_name.sql files"
    let effect = CommandEffect.readsFiles
    let details = """
        .migrate applies, in order, the migrations of DIR (default: the .migrations-dir
        setting, else ./migrations) that the database has not applied yet. Files are named
        NNNN_name.sql and sorted by number (two files with one number are an error); a
        migration's identifier is its file name without .sql. Each runs in its own transaction, checks foreign keys before it
        commits, and is recorded in grdb_migrations with the SHA-256 of its file in
        sqlive_migration_checksums. A failing migration is rolled back whole and stops the run.
          --status    list every migration: applied, pending, changed, missing or unknown
          --dry-run   print what would run, and run nothing
          --to ID     stop after migration ID (its identifier, or just its number)
        .migrate refuses to run while an applied migration's file has changed or is gone, or
        the database has a migration the folder does not know; the message says which and how
        to recover. There is no --force: if the database really matches an edited file, update
        its checksum by hand (UPDATE sqlive_migration_checksums SET checksum = '<sha256sum of
        the file>' WHERE identifier = 'ID';). sqlive never erases or rolls back a database.
        """

    func completions(after arguments: [String], prefix: String, in scope: TaskScope) -> [String] {
        if arguments.last == "--to" {
            return (try? scope.migrationPlan(folder: nil).pendingFiles.map(\.identifier)) ?? []
        }
        // DIR: folders only.
        return ["--status", "--dry-run", "--to"]
            + FileNameCompletion.candidates(for: prefix, foldersOnly: true, homeDirectory: scope.environment.homeDirectory)
    }

    func parse(_ words: [String]) throws(Diagnostic) -> MigrateOptions {
        try MigrateOptions(words, command: self)
    }

    func run(_ options: MigrateOptions, in scope: TaskScope) throws(Diagnostic) {
        let plan = try scope.migrationPlan(folder: options.directory)
        if options.status {
            scope.output.append(MigrationStatusReport(plan: plan).text)
            return
        }
        try plan.validate()
        let files = try plan.pending(upTo: options.target)
        guard !files.isEmpty else {
            let position = plan.current.map { "the database is at \($0)" } ?? "no migrations in \(plan.folder.displayName)"
            scope.output.append("nothing to apply: \(position), \(plan.pendingFiles.count) pending\n")
            return
        }
        let runner = MigrationRunner(scope: scope, plan: plan)
        if options.dryRun {
            try runner.preview(files)
        } else {
            try runner.apply(files)
        }
    }
}

/// The arguments of `.migrate`, checked: `--status` stands alone; `--dry-run` and `--to`
/// combine; one folder at most.
struct MigrateOptions {
    var status = false
    var dryRun = false
    var target: String?
    var directory: String?

    init(_ arguments: [String], command: some MetaCommand) throws(Diagnostic) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--status":
                status = true
            case "--dry-run":
                dryRun = true
            case "--to":
                guard let value = remaining.popFirst() else {
                    throw command.usageError("--to needs a migration identifier")
                }
                target = value
            case _ where argument.hasPrefix("--to="):
                target = String(argument.dropFirst(5))
            case _ where argument.hasPrefix("-"):
                let known = ["--status", "--dry-run", "--to"]
                let hint = Suggestion.closest(to: argument, among: known).map { " (did you mean \($0)?)" } ?? ""
                throw command.usageError("unknown option \(argument)\(hint)")
            default:
                if directory != nil { throw command.usageError("too many arguments") }
                directory = argument
            }
        }
        if status && (dryRun || target != nil) {
            throw command.usageError("--status cannot be combined with --dry-run or --to")
        }
        if target?.isEmpty == true {
            throw command.usageError("--to needs a migration identifier")
        }
    }
}
