import GRDBSQLite
import Synchronization

/// A read-only connection of the external-change watcher's own, on the user's main database
/// file, opened at first use: it reads `PRAGMA data_version` while the user's transaction is
/// open, when the user's connection must not read (``ExternalChangeWatcher``).
///
/// It never reads a table, so it holds a lock only for the moment of that pragma.
final class SideReader: Sendable {
    private let path: String

    // MARK: - Mutable State
    //
    // Guarded by `connection`: the SQLite connection and its prepared pragma, used by one
    // check at a time (the watcher's checks run one after the other, under this lock anyway).
    private struct Connection: @unchecked Sendable {
        // Unchecked: the pointers are only used while `connection`'s lock is held.
        var database: OpaquePointer?
        var statement: OpaquePointer?
        var failed = false
    }
    private let connection = Mutex(Connection())

    init(path: String) {
        self.path = path
    }

    deinit {
        connection.withLock { connection in
            sqlite3_finalize(connection.statement)
            sqlite3_close_v2(connection.database)
        }
    }

    /// The main database's `data_version` now, or nil when it cannot be read (no file, a
    /// lock held this very moment).
    func dataVersion() -> Int? {
        connection.withLock { connection -> Int? in
            guard let statement = Self.prepared(&connection, path: path) else { return nil }
            defer { sqlite3_reset(statement) }
            guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
            return Int(sqlite3_column_int64(statement, 0))
        }
    }

    private static func prepared(_ connection: inout Connection, path: String) -> OpaquePointer? {
        if let statement = connection.statement { return statement }
        // A file that is no SQLite database (an in-memory name, a replica's URI) is never
        // opened: it is tried once.
        guard !connection.failed, DatabaseFileHeader.read(path: path) != nil else {
            connection.failed = true
            return nil
        }
        var database: OpaquePointer?
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            sqlite3_close_v2(database)
            connection.failed = true
            return nil
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "PRAGMA data_version", -1, &statement, nil) == SQLITE_OK else {
            sqlite3_close_v2(database)
            connection.failed = true
            return nil
        }
        connection.database = database
        connection.statement = statement
        return statement
    }
}
