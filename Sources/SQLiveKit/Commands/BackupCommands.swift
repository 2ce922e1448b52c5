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

    func parse(_ words: [String]) throws(Diagnostic) -> DatabaseCopyArguments {
        try DatabaseCopyArguments(words, for: self)
    }

    func run(_ arguments: DatabaseCopyArguments, in scope: DatabaseScope) throws(Diagnostic) {
        try DatabaseCopy.run(.toFile(arguments.path), schema: arguments.schema, in: scope)
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

    func parse(_ words: [String]) throws(Diagnostic) -> DatabaseCopyArguments {
        try DatabaseCopyArguments(words, for: self)
    }

    func run(_ arguments: DatabaseCopyArguments, in scope: DatabaseScope) throws(Diagnostic) {
        try DatabaseCopy.run(.fromFile(arguments.path), schema: arguments.schema, in: scope)
    }
}

/// The `?DB? FILE` arguments both commands take.
struct DatabaseCopyArguments {
    let schema: String
    let path: String

    init(_ arguments: [String], for command: some MetaCommand) throws(Diagnostic) {
        let words = arguments.filter { !$0.hasPrefix("-") }
        if let option = arguments.first(where: { $0.hasPrefix("-") }) {
            throw command.usageError("unknown option \(option)")
        }
        switch words.count {
        case 1: (schema, path) = ("main", words[0])
        case 2: (schema, path) = (words[0], words[1])
        case 0: throw command.usageError("missing FILE")
        default: throw command.usageError("too many arguments")
        }
    }
}
