import GRDB
import CSQLiteShim

/// sqlite3's shell builds in SQLite's `decimal` extension: text numbers of any precision.
/// sqlive adds the same functions, with the same text: `decimal(X)`, `decimal_add(X,Y)`,
/// `decimal_sub(X,Y)`, `decimal_mul(X,Y)`, `decimal_cmp(X,Y)`.
///
///     SELECT decimal_mul('0.1', '3');   -- 0.3 (where 0.1 * 3 is 0.30000000000000004)
enum DecimalFunctions {
    static func install(in db: Database) {
        db.addShellFunction("decimal", argumentCount: 1, reach: .harmless) { values in
            decimal(values[0])?.text
        }
        // The function runs on this connection, inside its statement (see addShellFunction).
        nonisolated(unsafe) let connection = db.sqliteConnection.map { UnsafeMutableRawPointer($0) }
        let binary: [(String, (ShellDecimal, ShellDecimal) throws -> DatabaseValueConvertible)] = [
            ("decimal_add", { $0.plus($1).text }),
            ("decimal_sub", { $0.minus($1).text }),
            ("decimal_mul", { left, right in
                // Long numbers multiply for minutes: Ctrl-C and signals must stop it.
                guard let product = left.times(right, isInterrupted: { sqlive_is_interrupted(connection) != 0 }) else {
                    throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted")
                }
                return product.text
            }),
            ("decimal_cmp", { $0.compare($1) }),
        ]
        for (name, operation) in binary {
            db.addShellFunction(name, argumentCount: 2, reach: .harmless) { values in
                guard let left = decimal(values[0]), let right = decimal(values[1]) else { return nil }
                return try operation(left, right)
            }
        }
    }

    /// The value as a decimal: NULL stays NULL; text or a number is read from its text;
    /// text that is no number counts as 0, as in sqlite3.
    private static func decimal(_ value: DatabaseValue) -> ShellDecimal? {
        switch value.storage {
        case .null: return nil
        case .int64(let integer): return ShellDecimal(String(integer))
        case .double(let double): return ShellDecimal(String.fromDatabaseValue(value) ?? String(double))
        case .string(let text): return ShellDecimal(text) ?? ShellDecimal("0")
        case .blob: return ShellDecimal("0")
        }
    }
}
