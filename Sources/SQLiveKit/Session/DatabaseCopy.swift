import GRDB
import GRDBSQLite

/// Copies a whole database between the session's connection and a file with SQLite's
/// online backup API (`sqlite3_backup_*`), for `.backup`, `.save` and `.restore`: a
/// consistent copy, page by page, whatever the journal mode.
///
///     try DatabaseCopy.run(.toFile("copy.db"), schema: "main", in: scope)
enum DatabaseCopy {
    enum Direction {
        /// The session's schema into the file, which is created or replaced.
        case toFile(String)
        /// The file into the session's schema, whose content it replaces.
        case fromFile(String)

        var path: String {
            switch self {
            case .toFile(let path), .fromFile(let path): path
            }
        }
    }

    static func run(_ direction: Direction, schema: String, in scope: DatabaseScope) throws(Diagnostic) {
        var file: OpaquePointer?
        let flags = switch direction {
        case .toFile: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .fromFile: SQLITE_OPEN_READONLY
        }
        let opened = sqlite3_open_v2(direction.path, &file, flags, nil)
        defer { sqlite3_close(file) }
        guard opened == SQLITE_OK, let file else {
            throw Diagnostic("cannot open \(direction.path): \(file.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory")")
        }
        let failure: String?
        do {
            failure = try scope.statements.withDatabase { db in
                let failure = copy(direction, schema: schema, connection: db.sqliteConnection, file: file)
                // A restore rewrote the schema behind GRDB's back.
                if !direction.isBackup { db.clearSchemaCache() }
                return failure
            }
        } catch {
            throw Diagnostic("cannot copy \(direction.path): \(error)")
        }
        if !direction.isBackup { scope.schemaDidChange() }
        if let failure {
            throw Diagnostic("cannot copy \(schema) \(direction.isBackup ? "to" : "from") \(direction.path): \(failure)")
        }
    }
}

extension DatabaseCopy {
    /// Runs the backup in one step; the error message when it fails.
    private static func copy(_ direction: Direction, schema: String, connection: OpaquePointer?, file: OpaquePointer) -> String? {
        let destination: OpaquePointer?, source: OpaquePointer?
        let destinationName: String, sourceName: String
        if direction.isBackup {
            (destination, destinationName, source, sourceName) = (file, "main", connection, schema)
        } else {
            (destination, destinationName, source, sourceName) = (connection, schema, file, "main")
        }
        guard let backup = sqlite3_backup_init(destination, destinationName, source, sourceName) else {
            return String(cString: sqlite3_errmsg(destination))
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            return String(cString: sqlite3_errstr(stepped == SQLITE_DONE ? finished : stepped))
        }
        return nil
    }
}

extension DatabaseCopy.Direction {
    var isBackup: Bool {
        if case .toFile = self { true } else { false }
    }
}
