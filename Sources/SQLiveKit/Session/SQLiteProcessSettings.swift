import CSQLiteShim

/// Process-wide SQLite settings, applied when the process is loaded (a constructor of the C
/// shim), before anything can initialize SQLite.
///
/// - Memory statistics off: SQLite keeps global memory statistics (`sqlite3_memory_used`,
///   `sqlite3_status`) unless told not to, and updating them takes a global mutex on every
///   allocation and free: on a script of small INSERTs that came to a tenth of all
///   instructions, more than SQLite's own parsing of the VALUES. sqlive never reads them. The
///   sqlite3 shell keeps them on for its `.stats` command.
/// - URI file names on, as in the sqlite3 shell: an in-memory database is opened as
///   `file:/sqlive-…?vfs=memdb`, so that the panes' own connection can share it (see
///   ``DatabaseConnection``).
///
///     SQLiteProcessSettings.applyOnce()   // in DatabaseConnection.init, before opening
enum SQLiteProcessSettings {
    /// True when both settings took: false only if SQLite was initialized before the shim's
    /// constructor ran (then nothing changed, and in-memory databases are private to one
    /// connection).
    static let applied: Bool = {
        let statistics = sqlive_disable_memory_statistics()
        let uris = sqlive_enable_uri_filenames()
        return statistics == 0 && uris == 0
    }()

    static func applyOnce() {
        _ = applied
    }
}
