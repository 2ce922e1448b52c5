import Foundation
import GRDB
import GRDBSQLite

/// The SQL functions of SQLite's `shathree` extension, which sqlite3's shell builds in and
/// `.sha3sum` is made of, with the same results:
///
/// - `sha3(X)`, `sha3(X, SIZE)`: the digest of a blob's bytes, or of the text of any other
///   value (NULL for NULL); SIZE is 224, 256 (the default), 384 or 512.
/// - `sha3_query(SQL)`, `sha3_query(SQL, SIZE)`: the digest of what the queries in SQL return,
///   statement text included, so that two databases hash alike only when the same queries
///   give the same values of the same types.
enum SHA3Functions {
    /// The SQL given to `sha3_query()` gets the check typed SQL gets (``SafeStatementCheck``,
    /// more of it under `--safe`), since a pragma does its harm while it compiles.
    static func install(in db: Database, safe: Bool) {
        // sha3_query() runs its queries on its own connection while the calling statement
        // runs, as the extension does with the connection of its context. SQLite calls it
        // only on that connection's queue, inside one of its statements: the pointer never
        // crosses threads, whatever the closure's Sendable type says.
        nonisolated(unsafe) let connection = db.sqliteConnection
        for argumentCount in [1, 2] {
            db.addShellFunction("sha3", argumentCount: argumentCount, reach: .harmless) { values in
                var hasher = SHA3(bits: try size(values))
                switch values[0].storage {
                case .null: return nil
                case .blob(let data): hasher.update(data)
                case .string(let text): hasher.update(text)
                case .int64(let integer): hasher.update(String(integer))
                case .double(let number): hasher.update(SQLLiteral.text(of: number))
                }
                return Data(hasher.finish())
            }
            db.addShellFunction("sha3_query", argumentCount: argumentCount) { values in
                guard let sql = String.fromDatabaseValue(values[0]) else { return nil }
                do throws(Diagnostic) {
                    try SafeStatementCheck.check(sql, safe: safe)
                } catch {
                    throw DatabaseError(message: error.message)
                }
                var hasher = SHA3(bits: try size(values))
                try hashQueries(sql, on: connection, into: &hasher)
                return Data(hasher.finish())
            }
        }
    }

    private static func size(_ values: [DatabaseValue]) throws -> Int {
        guard values.count == 2 else { return 256 }
        guard let bits = Int.fromDatabaseValue(values[1]), SHA3.sizes.contains(bits) else {
            throw DatabaseError(message: "SHA3 size should be one of: 224 256 384 512")
        }
        return bits
    }

    /// Feeds the hasher each statement as `S<length>:<sql>`, then each row as `R` followed by
    /// its values: `N` for NULL, `I` or `F` and eight big-endian bytes for numbers, and
    /// `T<length>:` or `B<length>:` before text and blob bytes.
    private static func hashQueries(_ sql: String, on connection: SQLiteConnection?, into hasher: inout SHA3) throws {
        let bytes = Array(sql.utf8)
        var offset = 0
        while offset < bytes.count {
            var statement: SQLiteStatement?
            var consumed = 0
            let code = bytes.withUnsafeBufferPointer { buffer -> Int32 in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                    var tail: UnsafePointer<CChar>?
                    let start = base + offset
                    let code = sqlite3_prepare_v2(connection, start, Int32(buffer.count - offset), &statement, &tail)
                    consumed = tail.map { $0 - start } ?? (buffer.count - offset)
                    return code
                }
            }
            let statementText = String(decoding: bytes[offset..<offset + consumed], as: UTF8.self)
            offset += max(consumed, 1)
            guard code == SQLITE_OK else {
                sqlite3_finalize(statement)
                let message = String(cString: sqlite3_errmsg(connection))
                throw DatabaseError(message: "error SQL statement [\(statementText.trimmingCharacters(in: .whitespacesAndNewlines))]: \(message)")
            }
            guard let statement else { continue }   // only spaces or comments
            defer { sqlite3_finalize(statement) }
            guard sqlite3_stmt_readonly(statement) != 0 else {
                throw DatabaseError(message: "non-query: [\(String(cString: sqlite3_sql(statement)))]")
            }
            let text = Array(String(cString: sqlite3_sql(statement)).utf8)
            hasher.update("S\(text.count):")
            hasher.update(text)
            try hashRows(of: statement, on: connection, into: &hasher)
        }
    }

    private static func hashRows(of statement: SQLiteStatement, on connection: SQLiteConnection?, into hasher: inout SHA3) throws {
        let columnCount = sqlite3_column_count(statement)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(message: String(cString: sqlite3_errmsg(connection)))
            }
            hasher.update("R")
            for column in 0..<columnCount {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER:
                    hasher.update("I")
                    hasher.update(bigEndianBytes(UInt64(bitPattern: sqlite3_column_int64(statement, column))))
                case SQLITE_FLOAT:
                    hasher.update("F")
                    hasher.update(bigEndianBytes(sqlite3_column_double(statement, column).bitPattern))
                case SQLITE_TEXT, SQLITE_BLOB:
                    let isText = sqlite3_column_type(statement, column) == SQLITE_TEXT
                    let pointer = isText
                        ? UnsafeRawPointer(sqlite3_column_text(statement, column))
                        : sqlite3_column_blob(statement, column)
                    let count = Int(sqlite3_column_bytes(statement, column))
                    hasher.update("\(isText ? "T" : "B")\(count):")
                    if let pointer, count > 0 {
                        hasher.update(UnsafeRawBufferPointer(start: pointer, count: count))
                    }
                default:
                    hasher.update("N")
                }
            }
        }
    }

    private static func bigEndianBytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - UInt64($0)))) }
    }
}
