import Foundation

/// `.open [--readonly] [--new] [--hexdb] [FILE]`: closes the database and opens another.
struct OpenCommand: MetaCommand {
    let name = "open"
    let needsDatabase = false
    let usage = "?--readonly? ?--new? ?--hexdb? ?FILE?"
    let summary = "close this database and open FILE (no FILE: a new in-memory database)"
    let effect = CommandEffect.opensFiles
    let details = """
        .open FILE opens FILE, creating it if it does not exist.
        --readonly  open it read-only
        --new       start from an empty file: FILE and its journal files are deleted
                    first (asks nothing: the file's data is gone), unless another
                    process holds a lock on it
        --hexdb     FILE is the text sqlite3's .dbtotxt writes: open a new in-memory
                    database holding those bytes
        The database stays as it was if FILE cannot be opened.
        """

    func completions(after arguments: [String], prefix: String, in session: Session) -> [String] {
        prefix.hasPrefix("-") ? ["--readonly", "--new", "--hexdb"]
            : FileNameCompletion.candidates(for: prefix, homeDirectory: session.environment.homeDirectory)
    }

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        var readonly = false
        var startsEmpty = false
        var readsHexDump = false
        var path: String?
        for argument in arguments {
            switch argument {
            case "--readonly", "-readonly": readonly = true
            case "--new", "-new": startsEmpty = true
            case "--hexdb", "-hexdb": readsHexDump = true
            default:
                if argument.hasPrefix("-") { throw usageError("unknown option \(argument)") }
                if path != nil { throw usageError("too many arguments") }
                path = argument
            }
        }
        if readsHexDump {
            guard let path else { throw usageError("--hexdb reads FILE (reading the dump from the input is absent)") }
            return try openHexDump(path, readonly: readonly, in: session)
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
        session.statements.installStatementTrace()
    }

    /// `--hexdb FILE`: a new in-memory database holding the dump's bytes. They are written
    /// to a temporary file and restored from it with the backup API, as `.restore` does.
    private func openHexDump(_ path: String, readonly: Bool, in session: Session) throws(Diagnostic) {
        let bytes = try HexDatabase.bytes(of: HexDatabase.read(path))
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("sqlive-hexdb-\(UUID().uuidString).db").path
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw Diagnostic("cannot write a temporary file for \(path)")
        }
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        // Before the database open now is closed: a dump of something else changes nothing.
        try DatabaseCopy.checkIsDatabase(temporary, shownAs: path)
        let current = session.connection.options
        let options = OpenOptions(path: ":memory:", readonly: false,
                                  busyTimeout: Double(session.settings.busyTimeoutMilliseconds) / 1000, isSafe: current.isSafe,
                                  staysReadonly: current.staysReadonly)
        session.replaceConnection(try DatabaseConnection(options))
        session.statements.installStatementTrace()
        try DatabaseCopy.run(.fromFile(temporary), schema: "main", in: .scope(of: session), shownAs: path)
    }
}
