import Foundation

/// `.open [--readonly] [--new] [--hexdb] [FILE]`, `.open --replica URL`: closes the
/// database and opens another.
struct OpenCommand: MetaCommand {
    let name = "open"
    let needsDatabase = false
    let usage = "?--readonly? ?--new? ?--hexdb? ?--trusted-schema? ?FILE? | --replica URL"
    let summary = "close this database and open FILE (no FILE: a new in-memory database)"
    let effect = CommandEffect.opensFiles
    let details = """
        .open FILE opens FILE, creating it if it does not exist. FILE may be a URI:
        file:data.db?mode=ro, with any of SQLite's parameters and %HH escapes.
        --readonly  open it read-only
        --new       start from an empty file: FILE and its journal files are deleted
                    first (asks nothing: the file's data is gone), unless another
                    process holds a lock on it
        --hexdb     FILE is the text sqlite3's .dbtotxt writes: open a new in-memory
                    database holding those bytes
        --trusted-schema  let FILE's schema call functions SQLite does not mark
                    harmless (PRAGMA trusted_schema=1 before it is read), for a
                    database you trust; not with --safe
        --replica URL  open the Litestream replica at URL (file:///…, s3://…)
                    read-only through Litestream's VFS: see docs/REPLICAS.md
        The database stays as it was if FILE cannot be opened.
        """

    func completions(after arguments: [String], prefix: String, in control: SessionControl) -> [String] {
        prefix.hasPrefix("-") ? ["--readonly", "--new", "--hexdb", "--trusted-schema", "--replica"]
            : FileNameCompletion.candidates(for: prefix, homeDirectory: control.files.homeDirectory)
    }

    /// `.open` read: what to open, and how.
    struct Arguments {
        var readonly = false
        var startsEmpty = false
        var readsHexDump = false
        var trustsSchema = false
        var path: String?
        var replicaURL: String?
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        var arguments = Arguments()
        var rest = words[...]
        while let word = rest.popFirst() {
            switch word {
            case "--replica", "-replica":
                guard let url = rest.popFirst() else { throw usageError("--replica needs the replica's URL") }
                arguments.replicaURL = url
            case "--readonly", "-readonly": arguments.readonly = true
            case "--new", "-new": arguments.startsEmpty = true
            case "--hexdb", "-hexdb": arguments.readsHexDump = true
            case "--trusted-schema": arguments.trustsSchema = true
            default:
                if word.hasPrefix("-") { throw usageError("unknown option \(word)") }
                if arguments.path != nil { throw usageError("too many arguments") }
                arguments.path = word
            }
        }
        if arguments.readsHexDump, arguments.path == nil {
            throw usageError("--hexdb reads FILE (reading the dump from the input is absent)")
        }
        if arguments.trustsSchema, arguments.readsHexDump || arguments.replicaURL != nil {
            throw usageError("--trusted-schema goes with FILE")
        }
        if !arguments.readsHexDump, arguments.replicaURL != nil, arguments.path != nil || arguments.startsEmpty {
            throw usageError("--replica URL opens the replica only: drop FILE and --new")
        }
        return arguments
    }

    func run(_ arguments: Arguments, in control: SessionControl) throws(Diagnostic) {
        let path = arguments.path
        if arguments.readsHexDump, let path {
            return try openHexDump(path, readonly: arguments.readonly, in: control)
        }
        if let replicaURL = arguments.replicaURL {
            return try openReplica(replicaURL, in: control)
        }
        let readonly = arguments.readonly
        let startsEmpty = arguments.startsEmpty
        let current = control.connection.options
        var options = OpenOptions(path: path ?? ":memory:", readonly: readonly,
                                  busyTimeout: Double(control.settings.busyTimeoutMilliseconds) / 1000, isSafe: current.isSafe,
                                  staysReadonly: current.staysReadonly)
        options.trustsSchema = arguments.trustsSchema
        if startsEmpty && options.readonly {
            throw usageError("--new empties the file, which a read-only session does not do")
        }
        // The file a URI names (file:new.db?cache=private), not the URI's text.
        if startsEmpty, !options.isInMemory, let file = options.fileName.localFile {
            guard let path = String(validating: file, as: UTF8.self) else {
                throw Diagnostic(".open --new: \(options.path) is not a UTF-8 name, which --new does not delete",
                                 hint: "delete the file first, then .open it")
            }
            try FreshDatabaseFile.clear(path)
        }
        control.replaceConnection(try control.openConnection(options))
    }

    /// `--replica URL`: the Litestream VFS is loaded first when it is not yet.
    private func openReplica(_ url: String, in control: SessionControl) throws(Diagnostic) {
        try LitestreamReplica.loadVFS(explicit: nil, environment: control.environment.variables)
        let current = control.connection.options
        let options = OpenOptions(replica: LitestreamReplica(url: url),
                                  busyTimeout: Double(control.settings.busyTimeoutMilliseconds) / 1000,
                                  isSafe: current.isSafe, staysReadonly: current.staysReadonly)
        // A replica with no transaction yet is waited for in the open (``ReplicaOpening``).
        control.replaceConnection(try ReplicaOpening.open(options, url: url, stop: control.stopRequest, note: control.warn))
    }

    /// `--hexdb FILE`: a new in-memory database holding the dump's bytes. They are written
    /// to a temporary file and restored from it with the backup API, as `.restore` does.
    private func openHexDump(_ path: String, readonly: Bool, in control: SessionControl) throws(Diagnostic) {
        let bytes = try HexDatabase.bytes(of: HexDatabase.read(path))
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("sqlive-hexdb-\(UUID().uuidString).db").path
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw Diagnostic("cannot write a temporary file for \(path)")
        }
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        // Before the database open now is closed: a dump of something else changes nothing.
        try DatabaseCopy.checkIsDatabase(temporary, shownAs: path)
        let current = control.connection.options
        let options = OpenOptions(path: ":memory:", readonly: false,
                                  busyTimeout: Double(control.settings.busyTimeoutMilliseconds) / 1000, isSafe: current.isSafe,
                                  staysReadonly: current.staysReadonly)
        control.replaceConnection(try control.openConnection(options))
        try DatabaseCopy.run(.fromFile(temporary), schema: "main", in: control.database, shownAs: path)
    }
}
