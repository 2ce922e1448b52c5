import GRDB
import GRDBSQLite
import CSQLiteShim

/// sqlite3's shell builds in SQLite's `series` extension: `generate_series(START, STOP, STEP)`,
/// a table whose rows are the integers from START to STOP by STEP (column `value`; hidden
/// columns `start`, `stop` and `step` take the arguments). It is a virtual table, which only
/// SQLite's C API can make: see GenerateSeries.c in CSQLiteShim.
///
///     SELECT value FROM generate_series(1, 10, 3);              -- 1, 4, 7, 10
///     SELECT t.name, s.value FROM t, generate_series(1, t.n) s;  -- a row per unit of t.n
enum SeriesFunction {
    static func install(in db: Database) throws {
        guard let connection = db.sqliteConnection else { return }
        let code = sqlive_register_generate_series(UnsafeMutableRawPointer(connection))
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot add generate_series()")
        }
    }
}
