import Foundation
import GRDBSQLite

/// Identifiers in generated SQL, quoted the way sqlite3's `.dump` quotes them.
enum SQLIdentifier {
    /// The name as is when it is a plain identifier (letters, digits and `_`, not starting
    /// with a digit, not a keyword), else in double quotes: `Album`, `"table"`, `"weird name"`.
    static func quotedIfNeeded(_ name: String) -> String {
        needsQuotes(name) ? quoted(name) : name
    }

    /// The name in double quotes, inner quotes doubled: `"a""b"`.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Text as an SQL string literal, inner quotes doubled (sqlite3's `%Q`): `'it''s'`.
    static func stringLiteral(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private static func needsQuotes(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return true }
        if bytes.contains(where: { !isLetter($0) && !isDigit($0) && $0 != UInt8(ascii: "_") }) { return true }
        return sqlite3_keyword_check(name, Int32(bytes.count)) != 0
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
