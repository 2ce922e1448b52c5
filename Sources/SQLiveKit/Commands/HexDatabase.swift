import Foundation

/// The text form of a database that `.open --hexdb FILE` reads, as sqlite3's `.dbtotxt`
/// writes it: a size line, then for each page that is not all zeros its offset and
/// 16 bytes a line in hexadecimal (lines of zeros left out), up to an end line.
///
///     | size 8192 pagesize 4096 filename my.db
///     | page 1 offset 0
///     |      0: 53 51 4c 69 74 65 20 66 6f 72 6d 61 74 20 33 00   SQLite format 3.
///     | end my.db
enum HexDatabase {
    /// The database's bytes; throws when the text is not such a dump.
    static func bytes(of text: String) throws(Diagnostic) -> [UInt8] {
        var bytes: [UInt8]?
        var pageOffset = 0
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard words.first == "|" else { continue }
            let fields = words.dropFirst()
            func fail() -> Diagnostic { Diagnostic("not a hex dump of a database, line \(index + 1): \(rawLine)") }
            switch fields.first {
            case "size":
                guard fields.count >= 2, let size = Int(fields[fields.startIndex + 1]), size > 0, size <= 1 << 30 else { throw fail() }
                bytes = [UInt8](repeating: 0, count: size)
            case "page":
                guard fields.count >= 4, let offset = Int(fields[fields.startIndex + 3]), offset >= 0 else { throw fail() }
                pageOffset = offset
            case "end":
                guard let bytes else { throw fail() }
                return bytes
            case let first? where first.hasSuffix(":"):
                guard let lineOffset = Int(first.dropLast()), bytes != nil else { throw fail() }
                // Up to 16 bytes; the text column after them is not read.
                for (position, word) in fields.dropFirst().prefix(16).enumerated() {
                    guard word.count == 2, let byte = UInt8(word, radix: 16) else { break }
                    let at = pageOffset + lineOffset + position
                    guard at < bytes!.count else { throw fail() }
                    bytes![at] = byte
                }
            default:
                continue
            }
        }
        guard let bytes else { throw Diagnostic("not a hex dump of a database: no size line") }
        return bytes
    }
}
