import GRDBSQLite
import CSQLiteShim
import Synchronization

/// Extensions loaded before the database opens (`--load EXT`, and the Litestream VFS of
/// `--replica`), so that what they register for the whole process — a VFS the database's
/// URI names (`vfs=litestream`), automatic extensions — is there when SQLite opens it.
///
/// An extension is loaded into a connection: one of our own, in memory, keeps the session's
/// database out of it. That connection is never closed: closing it would unload the
/// extension's library, and a VFS it registered would point into unmapped memory. Each file
/// is loaded this way once per process, however many databases name its VFS.
///
///     try ExtensionPreload.load(path: "./litestream-vfs.so")
///     // now "file:x?vfs=litestream&replica_url=…" opens
public enum ExtensionPreload {
    /// The files loaded so far, by the path given.
    private static let loaded = Mutex<Set<String>>([])

    /// True when `path` was loaded before (by this type).
    static func hasLoaded(_ path: String) -> Bool {
        loaded.withLock { $0.contains(path) }
    }

    /// Loads the extension at `path` for the process, unless it was already.
    public static func load(path: String, entryPoint: String? = nil) throws(Diagnostic) {
        SQLiteProcessSettings.applyOnce()
        guard !hasLoaded(path) else { return }
        var connection: OpaquePointer?
        let opened = sqlite3_open_v2(":memory:", &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard opened == SQLITE_OK, let connection else {
            sqlite3_close_v2(connection)
            throw Diagnostic("cannot load \(path): \(String(cString: sqlite3_errstr(opened)))")
        }
        var message: UnsafeMutablePointer<CChar>?
        let code = RawBytes.bytes(of: path).withUnsafeBufferPointer { bytes -> Int32 in
            let cPath = Array(bytes.map { CChar(bitPattern: $0) }) + [0]
            return sqlive_load_extension(UnsafeMutableRawPointer(connection), cPath, entryPoint, &message)
        }
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            sqlite3_close_v2(connection)
            let reason = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            throw Diagnostic("cannot load \(path): \(reason)")
        }
        loaded.withLock { _ = $0.insert(path) }
    }
}

/// An extension to load: its file, and the entry point when not the one SQLite derives from
/// the file's name.
public struct LoadableExtension: Sendable, Equatable {
    public var path: String
    public var entryPoint: String?

    public init(path: String, entryPoint: String? = nil) {
        self.path = path
        self.entryPoint = entryPoint
    }
}
