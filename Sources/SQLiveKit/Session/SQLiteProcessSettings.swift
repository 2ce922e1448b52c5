import CSQLiteShim

/// Process-wide SQLite settings, applied once, before the first connection opens.
///
/// SQLite keeps global memory statistics (`sqlite3_memory_used`, `sqlite3_status`) unless
/// told not to, and updating them takes a global mutex on every allocation and free: on a
/// script of small INSERTs that came to a tenth of all instructions, more than SQLite's own
/// parsing of the VALUES. sqlive never reads those statistics, so it turns them off. The
/// sqlite3 shell keeps them on for its `.stats` command.
///
///     SQLiteProcessSettings.applyOnce()   // in DatabaseConnection.init, before opening
enum SQLiteProcessSettings {
    /// True when the statistics are off: false only if SQLite was initialized before the
    /// first connection (then nothing changed, and everything works as before).
    static let memoryStatisticsAreOff: Bool = {
        sqlive_disable_memory_statistics() == 0
    }()

    static func applyOnce() {
        _ = memoryStatisticsAreOff
    }
}
