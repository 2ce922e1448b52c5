import Foundation
import GRDBSQLite

/// A database in WAL mode copied to a temporary file taken out of WAL, for `.restore` into an
/// in-memory session. The backup API copies page 1 as it is, and its header then says WAL,
/// which the `memdb` VFS of sqlive's in-memory databases cannot open: every statement after
/// the restore failed with "unable to open database file" (sqlite3's `:memory:` has no VFS to
/// refuse it). The user's file is only read.
///
///     let copy = try WALFreeCopy(of: file)   // file: the WAL database, opened read-only
///     // restore from copy.connection; the copy goes when the object does
final class WALFreeCopy {
    let connection: OpaquePointer
    private let path: String

    /// True when the open database is in WAL mode.
    static func isWAL(_ file: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(file, "PRAGMA journal_mode", -1, &statement, nil) == SQLITE_OK,
              sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return false }
        return String(cString: text).lowercased() == "wal"
    }

    init(of file: OpaquePointer) throws(Diagnostic) {
        path = NSTemporaryDirectory() + "sqlive-restore-\(getpid())-\(UUID().uuidString).db"
        var opened: OpaquePointer?
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let opened else {
            sqlite3_close(opened)
            unlink(path)
            throw Diagnostic("cannot make a temporary copy out of WAL")
        }
        connection = opened
        guard let backup = sqlite3_backup_init(opened, "main", file, "main") else {
            throw Diagnostic(String(cString: sqlite3_errmsg(opened)))
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            throw Diagnostic(String(cString: sqlite3_errstr(stepped == SQLITE_DONE ? finished : stepped)))
        }
        guard sqlite3_exec(opened, "PRAGMA journal_mode = DELETE", nil, nil, nil) == SQLITE_OK else {
            throw Diagnostic(String(cString: sqlite3_errmsg(opened)))
        }
    }

    /// Closes the copy and deletes its files (an init that failed once the copy opened too).
    deinit {
        sqlite3_close(connection)
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }
}
