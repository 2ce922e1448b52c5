import GRDBSQLite

/// The SQLite library sqlive runs on.
public enum SQLiteLibrary {
    /// Its version and source id, as `sqlite3 -version` prints them:
    /// `3.40.1 2022-12-28 14:03:47 df5c…`.
    public static var versionLine: String {
        "\(String(cString: sqlite3_libversion())) \(String(cString: sqlite3_sourceid()))"
    }

    /// The two lines sqlite3 greets an interactive session with: the version and the
    /// source id's date and time, then where to find help.
    public static var sqlite3Banner: String {
        "SQLite version \(String(cString: sqlite3_libversion())) \(String(cString: sqlite3_sourceid()).prefix(19))\n"
            + "Enter \".help\" for usage hints.\n"
    }
}
