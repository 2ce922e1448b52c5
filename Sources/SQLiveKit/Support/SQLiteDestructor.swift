import GRDBSQLite

/// SQLite's two special destructors for bound text: `static` (the text stays put until the
/// statement is stepped) and `transient` (SQLite copies it).
enum SQLiteDestructor {
    static let `static` = unsafeBitCast(0, to: sqlite3_destructor_type.self)
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
