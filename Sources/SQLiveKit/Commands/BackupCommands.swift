/// `.backup ?DB? FILE` (also `.save`): copies a database to FILE with SQLite's online
/// backup API, as sqlite3 does.
struct BackupCommand: MetaCommand {
    let name = "backup"
    let aliases = ["save"]
    let usage = "?DB? FILE"
    let summary = "copy database DB (default main) to FILE, with SQLite's online backup API"
    let details = """
        .backup FILE writes a consistent copy of the main database to FILE, replacing what
        FILE held; .backup DB FILE copies an attached database. Also .save. Refused with --safe.
          .backup nightly.db
        """
    let effect = CommandEffect.writesFiles

    func run(_ arguments: [String], in scope: DatabaseScope) throws(Diagnostic) {
        let (schema, path) = try DatabaseCopyArguments.parse(arguments, for: self)
        try DatabaseCopy.run(.toFile(path), schema: schema, in: scope)
    }
}

/// `.restore ?DB? FILE`: replaces a database's content with FILE's, through the backup API.
struct RestoreCommand: MetaCommand {
    let name = "restore"
    let usage = "?DB? FILE"
    let summary = "replace the content of database DB (default main) with FILE's"
    let details = """
        .restore FILE copies the database in FILE over the main database (every table, index
        and row it held is replaced); .restore DB FILE restores an attached one. Refused with
        --safe.
          .restore nightly.db
        """
    let effect = CommandEffect.opensFiles

    func run(_ arguments: [String], in scope: DatabaseScope) throws(Diagnostic) {
        let (schema, path) = try DatabaseCopyArguments.parse(arguments, for: self)
        try DatabaseCopy.run(.fromFile(path), schema: schema, in: scope)
    }
}

/// The `?DB? FILE` arguments both commands take.
enum DatabaseCopyArguments {
    static func parse(_ arguments: [String], for command: some MetaCommand) throws(Diagnostic) -> (schema: String, path: String) {
        let words = arguments.filter { !$0.hasPrefix("-") }
        if let option = arguments.first(where: { $0.hasPrefix("-") }) {
            throw command.usageError("unknown option \(option)")
        }
        switch words.count {
        case 1: return ("main", words[0])
        case 2: return (words[0], words[1])
        case 0: throw command.usageError("missing FILE")
        default: throw command.usageError("too many arguments")
        }
    }
}
