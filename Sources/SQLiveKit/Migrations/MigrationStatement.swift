import GRDB
import GRDBSQLite

/// One SQL statement of a migration file and the line where it starts.
///
/// Migrations run their statements one at a time, so a failure names the statement and the
/// line, with a caret where SQLite points (or at the statement's start when SQLite points at
/// nothing, as for a constraint failure):
///
///     error: migrations/0004_create_loans.sql:9: migration 0004_create_loans failed and was rolled back: no such table: members
///       memberId INTEGER NOT NULL REFERENCES members(id),
///                                            ^
public struct MigrationStatement: Sendable, Equatable {
    /// The statement's text as the splitter gave it: it may open with the blank lines and
    /// comments that came before it.
    public let sql: String
    /// The line where ``sql`` starts, not counting its opening blank lines.
    public let line: Int

    /// Compiles and runs the statement; an error becomes a diagnostic naming the file and line.
    ///
    /// After each statement the connection must still be in the migration's transaction:
    /// ``TransactionStatement`` refuses what SQLite calls a transaction statement before
    /// anything runs, and this asks SQLite again afterwards, so that a migration that
    /// somehow ended its transaction is never reported as rolled back.
    func execute(in db: Database, file: MigrationFile) throws {
        do {
            let statements = try db.allStatements(sql: sql)
            while let statement = try statements.next() {
                try statement.execute()
                if sqlite3_get_autocommit(db.sqliteConnection) != 0 {
                    throw Diagnostic(
                        "migration \(file.identifier) ended its own transaction: what ran before line \(line) is committed, and the migration is not recorded as applied",
                        location: SourceLocation(source: file.path, line: line),
                        hint: "check the database, then remove the statement that ends the transaction")
                }
            }
        } catch let error as DatabaseError {
            let pointed = Int(sqlite3_error_offset(db.sqliteConnection))
            let offset = (0...sql.utf8.count).contains(pointed) ? pointed : firstTokenOffset
            let cause = Diagnostic(converting: error)
            let outcome = cause.isInterruption
                ? "was interrupted and rolled back" : "failed and was rolled back: \(cause.message)"
            throw Diagnostic(
                "migration \(file.identifier) \(outcome)",
                // Not an interruption for the closing line to replace: it says what was rolled back.
                kind: cause.isInterruption ? .general : cause.kind,
                location: SourceLocation(source: file.path, line: line(atOffset: offset)),
                excerpt: Diagnostic.Excerpt(text: sql, offset: offset))
        }
    }

    /// The file line of a UTF-8 offset in ``sql``.
    func line(atOffset offset: Int) -> Int {
        let bytes = Array(sql.utf8)
        let newlinesBefore = bytes[..<min(offset, bytes.count)].count(where: { $0 == UInt8(ascii: "\n") })
        let leadingNewlines = bytes.prefix(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A })
            .count(where: { $0 == UInt8(ascii: "\n") })
        return line + max(0, newlinesBefore - leadingNewlines)
    }

    /// The offset of the statement's first word, past spaces and comments.
    var firstTokenOffset: Int {
        let bytes = Array(sql.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(bytes.count, index + 2)
            default:
                return index
            }
        }
        return 0
    }
}
