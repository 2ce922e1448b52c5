import CSQLiteShim
import GRDB
import GRDBSQLite

/// The SQL of a DSL query is prepared without SQLite's double-quoted-string fallback, as GRDB
/// prepares it in a Swift app (GRDB turns the fallback off unless asked): a name that resolves
/// to no column is an error, never the string of its letters. sqlive's connections keep the
/// fallback on for the SQL people type, as sqlite3 does.
///
///     // Genre.select(Name).annotated(with: Track.count.forKey("tracks")).select(Name, tracks)
///     // SELECT "Genre"."Name", "tracks" FROM …   → error: no such column: tracks
enum DSLStrictNames {
    static func preparing<T>(in db: Database, _ body: () throws -> T) rethrows -> T {
        guard let connection = UnsafeMutableRawPointer(db.sqliteConnection),
              sqlive_connection_flag(connection, SQLITE_DBCONFIG_DQS_DML) == 1 else { return try body() }
        _ = sqlive_set_connection_flag(connection, SQLITE_DBCONFIG_DQS_DML, 0)
        defer { _ = sqlive_set_connection_flag(connection, SQLITE_DBCONFIG_DQS_DML, 1) }
        return try body()
    }
}
