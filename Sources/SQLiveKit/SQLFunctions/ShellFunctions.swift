import Foundation
import GRDB

/// The SQL functions sqlite3's shell adds to its connection for scripts that move files in
/// and out of a database: `readfile(PATH)`, the file's bytes as a blob (NULL when it can't
/// be read), and `writefile(PATH, DATA)`, which writes DATA to PATH and returns the number
/// of bytes written. With `--safe` both refuse, as in sqlite3.
///
///     INSERT INTO images(name, data) VALUES ('logo', readfile('logo.png'));
///     SELECT writefile('logo-copy.png', data) FROM images WHERE name = 'logo';   -- 5120
enum ShellFunctions {
    static func install(in db: Database, safe: Bool) {
        db.addShellFunction("readfile", argumentCount: 1) { values in
            if safe { throw refusal("readfile") }
            guard let path = String.fromDatabaseValue(values[0]) else { return nil }
            return FileManager.default.contents(atPath: path)
        }
        db.addShellFunction("writefile", argumentCount: 2) { values in
            if safe { throw refusal("writefile") }
            guard let path = String.fromDatabaseValue(values[0]) else { return nil }
            let data: Data
            switch values[1].storage {
            case .null: data = Data()
            case .blob(let blob): data = blob
            case .string(let text): data = Data(text.utf8)
            case .int64(let integer): data = Data(String(integer).utf8)
            case .double: data = Data((String.fromDatabaseValue(values[1]) ?? "").utf8)
            }
            do {
                try data.write(to: URL(fileURLWithPath: path))
            } catch {
                throw DatabaseError(message: "writefile: cannot write \(path)")
            }
            return data.count
        }
    }

    /// What the shell's extensions add that is harmless and every connection sqlive opens
    /// gets, the panes' readers included (through ``ConnectionHardening/apply(to:safe:)``,
    /// the one step they share with the session's connection), `--safe` or not: the
    /// `decimal`, `ieee754`, `shathree`, `series` and `regexp` extensions and the `uint`
    /// collation.
    static func installOnEveryConnection(in db: Database, safe: Bool) throws {
        DecimalFunctions.install(in: db)
        IEEE754Functions.install(in: db)
        SHA3Functions.install(in: db, safe: safe)
        try SeriesFunction.install(in: db)
        try RegexpFunctions.install(in: db)
        UintCollation.install(in: db)
    }

    private static func refusal(_ function: String) -> DatabaseError {
        DatabaseError(message: "cannot use the \(function)() function in safe mode")
    }
}
