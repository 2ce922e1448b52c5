import GRDB
import GRDBSQLite

extension Statement {
    /// The SQL with its bound arguments written in as SQL literals, without a trailing `;`:
    /// what `.sql` prints, which run again gives the same values.
    ///
    ///     SELECT * FROM "product" WHERE "price" > 0.30000000000000004
    ///
    /// SQLite's `sqlite3_expanded_sql` writes a text only as far as its first NUL and a double
    /// with 15 significant digits (`0.3` for 0.1 + 0.2, `Inf` for an infinity): here it only
    /// places the arguments (each bound as a marker), and each value is written by
    /// ``BoundValue``. The statement keeps its arguments.
    func sqlWithInlinedArguments(_ db: Database) throws -> String {
        let count = Int(sqlite3_bind_parameter_count(sqliteStatement))
        guard count > 0 else { return Self.trimmed(sql) }
        let values = try boundValues(db, count: count)
        let marker = "\u{1}sqlive-argument-\(UInt64.random(in: 0 ... .max))-"
        for index in 1...count {
            sqlite3_bind_text(sqliteStatement, Int32(index), "\(marker)\(index)\u{1}", -1, SQLiteDestructor.transient)
        }
        defer { setUncheckedArguments(arguments) }
        guard let expanded = sqlite3_expanded_sql(sqliteStatement) else { return Self.trimmed(sql) }
        defer { sqlite3_free(expanded) }
        var text = String(cString: expanded)
        for (offset, value) in values.enumerated() {
            let placed = "'\(marker)\(offset + 1)\u{1}'"
            while let range = text.range(of: placed) {
                var literal = value.literal
                // `- -5`, not `--5`, which would start a comment.
                if literal.hasPrefix("-"), text[..<range.lowerBound].hasSuffix("-") { literal = " " + literal }
                text.replaceSubrange(range, with: literal)
            }
        }
        return Self.trimmed(text)
    }

    /// The values bound to the statement's parameters, read back exactly (GRDB's values are
    /// read as C strings, which end at a NUL) through a statement that selects parameters of
    /// the same names and positions, bound with the same arguments.
    private func boundValues(_ db: Database, count: Int) throws -> [BoundValue] {
        let names = (1...count).map { index in
            sqlite3_bind_parameter_name(sqliteStatement, Int32(index)).map { String(cString: $0) } ?? "?\(index)"
        }
        let probe = try db.makeStatement(sql: "SELECT " + names.joined(separator: ", "))
        probe.setUncheckedArguments(arguments)
        guard sqlite3_step(probe.sqliteStatement) == SQLITE_ROW else { return Array(repeating: .null, count: count) }
        defer { sqlite3_reset(probe.sqliteStatement) }
        return (0..<Int32(count)).map { BoundValue(column: $0, of: probe.sqliteStatement) }
    }

    private static func trimmed(_ sql: String) -> String {
        var text = Substring(sql)
        while let last = text.last, last == ";" || last.isWhitespace { text.removeLast() }
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        return String(text)
    }
}

/// A value as an SQL literal that SQLite reads back as the same value, storage class included.
enum BoundValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text([UInt8])
    case blob([UInt8])

    init(column: Int32, of statement: SQLiteStatement) {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: self = .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: self = .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let bytes = sqlite3_column_text(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            self = .text(bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(statement, column)?.assumingMemoryBound(to: UInt8.self)
            let count = Int(sqlite3_column_bytes(statement, column))
            self = .blob(bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
        default: self = .null
        }
    }

    /// `NULL`, `42`, `0.30000000000000004` (the shortest digits that read back the same
    /// double), `9.0e+999` for an infinity (as sqlite3's `quote()`), `'O''Hara'`, `X'00FF'`;
    /// a text holding a NUL or bytes that are not UTF-8 as `CAST(X'…' AS TEXT)`.
    var literal: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value):
            guard value.isFinite else { return value < 0 ? "-9.0e+999" : "9.0e+999" }
            return "\(value)"
        case .text(let bytes):
            guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
                return "CAST(" + Self.hex(bytes) + " AS TEXT)"
            }
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes): return Self.hex(bytes)
        }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = Array("X'".utf8)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        text.append(UInt8(ascii: "'"))
        return String(decoding: text, as: UTF8.self)
    }
}
