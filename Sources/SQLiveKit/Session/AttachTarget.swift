import Foundation
import GRDBSQLite

/// Makes `ATTACH 'file.db'` (and `VACUUM INTO 'file.db'`) open a file in an in-memory session.
///
/// An in-memory session's database lives in SQLite's `memdb` VFS, so that the panes can read
/// it on a connection of their own, and SQLite opens an attached file with the VFS of the
/// main database: `ATTACH 'test.db'` would attach an empty in-memory database named
/// `test.db`. So in such a session an ATTACH whose file is a plain string literal is given
/// the file as a URI naming the system's default VFS (`file:/abs/test.db?vfs=unix`), which
/// opens the file as sqlite3 does. `:memory:` and `''` are left as written, and a URI gets the default VFS unless it names one.
///
///     AttachTarget.rewritten("ATTACH 'test.db' AS t")
///     // "ATTACH 'file:/home/me/test.db?vfs=unix' AS t"
enum AttachTarget {
    /// The statement with its file given as a default-VFS URI, or as it was.
    static func rewritten(_ sql: String) -> String {
        var rest: Substring
        switch StatementImpact.verb(of: sql) {
        case "ATTACH":
            rest = Substring(sql).drop { $0.isWhitespace }.dropFirst("ATTACH".count).drop { $0.isWhitespace }
            if rest.prefix(8).uppercased() == "DATABASE" {
                rest = rest.dropFirst(8).drop { $0.isWhitespace }
            }
        case "VACUUM":
            // VACUUM ?SCHEMA? INTO 'file' writes a file with the main database's VFS too.
            guard let into = sql.range(of: #"\bINTO\s+"#, options: [.regularExpression, .caseInsensitive]) else { return sql }
            rest = sql[into.upperBound...]
        default:
            return sql
        }
        guard rest.first == "'", let literal = stringLiteral(at: rest) else { return sql }
        let path = literal.value
        guard !path.isEmpty, path != ":memory:" else { return sql }
        let target: String
        if path.hasPrefix("file:") {
            // A URI that names no VFS would get the main database's, memdb, too.
            guard DatabaseFileName(path).parameter("vfs") == nil else { return sql }
            let fragment = path.firstIndex(of: "#") ?? path.endIndex
            let separator = path[..<fragment].contains("?") ? "&" : "?"
            target = path[..<fragment] + separator + "vfs=" + defaultVFS + path[fragment...]
        } else {
            target = fileURI(for: path)
        }
        let uri = "'" + target.replacingOccurrences(of: "'", with: "''") + "'"
        return String(sql[..<rest.startIndex]) + uri + String(sql[literal.end...])
    }

    /// An SQL string literal at the start of `text`: its value and where it ends.
    private static func stringLiteral(at text: Substring) -> (value: String, end: Substring.Index)? {
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "'" {
                if next < text.endIndex && text[next] == "'" {
                    value.append("'")
                    index = text.index(after: next)
                    continue
                }
                return (value, next)
            }
            value.append(character)
            index = next
        }
        return nil
    }

    /// `file:/absolute/path?vfs=DEFAULT`, with the characters a URI path may not hold escaped.
    static func fileURI(for path: String) -> String {
        let absolute = path.hasPrefix("/") ? path
            : FileManager.default.currentDirectoryPath + "/" + path
        var escaped = ""
        // The path's own bytes, should it not be UTF-8 (``RawBytes``).
        for byte in RawBytes.bytes(of: absolute) {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
                escaped += String(format: "%%%02X", byte)
            default:
                escaped.unicodeScalars.append(UnicodeScalar(byte))
            }
        }
        return "file:\(escaped)?vfs=\(defaultVFS)"
    }

    /// The system's default VFS, which opens files as sqlite3 does.
    private static var defaultVFS: String {
        sqlite3_vfs_find(nil).map { String(cString: $0.pointee.zName) } ?? "unix"
    }
}
