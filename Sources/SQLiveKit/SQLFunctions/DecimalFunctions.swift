import GRDB

/// sqlite3's shell builds in SQLite's `decimal` extension: text numbers of any precision.
/// sqlive adds the same functions, with the same text: `decimal(X)`, `decimal_add(X,Y)`,
/// `decimal_sub(X,Y)`, `decimal_mul(X,Y)`, `decimal_cmp(X,Y)`.
///
///     SELECT decimal_mul('0.1', '3');   -- 0.3 (where 0.1 * 3 is 0.30000000000000004)
enum DecimalFunctions {
    static func install(in db: Database) {
        db.add(function: DatabaseFunction("decimal", argumentCount: 1, pure: true) { values in
            decimal(values[0])?.text
        })
        let binary: [(String, @Sendable (ShellDecimal, ShellDecimal) -> DatabaseValueConvertible)] = [
            ("decimal_add", { $0.plus($1).text }),
            ("decimal_sub", { $0.minus($1).text }),
            ("decimal_mul", { $0.times($1).text }),
            ("decimal_cmp", { $0.compare($1) }),
        ]
        for (name, operation) in binary {
            db.add(function: DatabaseFunction(name, argumentCount: 2, pure: true) { values in
                guard let left = decimal(values[0]), let right = decimal(values[1]) else { return nil }
                return operation(left, right)
            })
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
