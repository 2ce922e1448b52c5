/// `.open [--readonly] [--new] [FILE]`: closes the database and opens another.
struct OpenCommand: MetaCommand {
    let name = "open"
    let needsDatabase = false
    let usage = "?--readonly? ?--new? ?FILE?"
    let summary = "close this database and open FILE (no FILE: a new in-memory database)"
    let effect = CommandEffect.opensFiles
    let details = """
        .open FILE opens FILE, creating it if it does not exist.
        --readonly  open it read-only
        --new       start from an empty file: FILE and its journal files are deleted
                    first (asks nothing: the file's data is gone), unless another
                    process holds a lock on it
        The database stays as it was if FILE cannot be opened.
        """

    func completions(after arguments: [String], prefix: String, in session: Session) -> [String] {
        prefix.hasPrefix("-") ? ["--readonly", "--new"]
            : FileNameCompletion.candidates(for: prefix, homeDirectory: session.environment.homeDirectory)
    }

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        var readonly = false
        var startsEmpty = false
        var path: String?
        for argument in arguments {
            switch argument {
            case "--readonly", "-readonly": readonly = true
            case "--new", "-new": startsEmpty = true
            default:
                if argument.hasPrefix("-") { throw usageError("unknown option \(argument)") }
                if path != nil { throw usageError("too many arguments") }
                path = argument
            }
        }
        let current = session.connection.options
        let options = OpenOptions(path: path ?? ":memory:", readonly: readonly,
                                  busyTimeout: Double(session.settings.busyTimeoutMilliseconds) / 1000, isSafe: current.isSafe,
                                  staysReadonly: current.staysReadonly)
        if startsEmpty && options.readonly {
            throw usageError("--new empties the file, which a read-only session does not do")
        }
        if startsEmpty && !options.isInMemory {
            try FreshDatabaseFile.clear(options.path)
        }
        session.replaceConnection(try DatabaseConnection(options))
        session.installStatementTrace()
    }
}
