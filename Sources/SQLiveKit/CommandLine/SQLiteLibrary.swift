import GRDBSQLite

/// The SQLite library sqlive runs on.
public enum SQLiteLibrary {
    /// Its version and source id, as `sqlite3 -version` prints them:
    /// `3.40.1 2022-12-28 14:03:47 df5c…`.
    public static var versionLine: String {
        "\(String(cString: sqlite3_libversion())) \(String(cString: sqlite3_sourceid()))"
    }
}
