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

    /// - Parameter shownAs: the name messages give the file (`.open --hexdb` restores from a
    ///   temporary file, and names the dump).
    static func run(_ direction: Direction, schema: String, in scope: DatabaseScope, shownAs: String? = nil) throws(Diagnostic) {
        var file: OpaquePointer?
        let flags = switch direction {
        case .toFile: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .fromFile: SQLITE_OPEN_READONLY
        }
        let opened = sqlite3_open_v2(direction.path, &file, flags, nil)
        defer { sqlite3_close(file) }
        guard opened == SQLITE_OK, let file else {
            throw Diagnostic("cannot open \(shownAs ?? direction.path): \(file.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory")")
        }
        if !direction.isBackup, let problem = notADatabase(file) {
            throw Diagnostic("cannot restore from \(shownAs ?? direction.path): \(problem)",
                             hint: "nothing was changed; give a database file (.backup writes one)")
        }
        var source = file
        var outOfWAL: WALFreeCopy?
        if !direction.isBackup, scope.connection.options.isInMemory, WALFreeCopy.isWAL(file) {
            do {
                outOfWAL = try WALFreeCopy(of: file)
            } catch {
                throw Diagnostic("cannot restore from \(shownAs ?? direction.path): \(error.message)", hint: "nothing was changed")
            }
            source = outOfWAL?.connection ?? file
        }
        defer { withExtendedLifetime(outOfWAL) {} }
        let failure: String?
        do {
            failure = try scope.statements.withDatabase { db in
                let failure = copy(direction, schema: schema, connection: db.sqliteConnection, file: source)
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
    /// Refuses a file that is not a database (see ``notADatabase(_:)``), for a caller that
    /// must know before it changes anything (`.open --hexdb`).
    static func checkIsDatabase(_ path: String, shownAs: String) throws(Diagnostic) {
        var file: OpaquePointer?
        defer { sqlite3_close(file) }
        guard sqlite3_open_v2(path, &file, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let file else {
            throw Diagnostic("cannot open \(shownAs)")
        }
        if let problem = notADatabase(file) {
            throw Diagnostic("\(shownAs) does not hold a database: \(problem)")
        }
    }

    /// Why the file a restore would copy from is no database, before anything is touched:
    /// SQLite opens any file, and an empty one (0 bytes) is an empty database to it, which
    /// a restore would copy over every table. Nil for a database of at least one page.
    static func notADatabase(_ file: OpaquePointer) -> String? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(file, "PRAGMA page_count", -1, &statement, nil) == SQLITE_OK,
              sqlite3_step(statement) == SQLITE_ROW else {
            return String(cString: sqlite3_errmsg(file))
        }
        return sqlite3_column_int64(statement, 0) > 0 ? nil : "the file is empty, not a database"
    }

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
