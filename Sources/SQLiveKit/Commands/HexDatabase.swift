import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The text form of a database that `.open --hexdb FILE` reads, as sqlite3's `.dbtotxt`
/// writes it: a size line, then for each page that is not all zeros its offset and
/// 16 bytes a line in hexadecimal (lines of zeros left out), up to an end line.
///
///     | size 8192 pagesize 4096 filename my.db
///     | page 1 offset 0
///     |      0: 53 51 4c 69 74 65 20 66 6f 72 6d 61 74 20 33 00   SQLite format 3.
///     | end my.db
///
/// The text may come from anyone: every number in it is checked before it is used (a
/// negative line offset, a page offset near `Int.max`, a byte past the size are errors
/// naming the line), and the size is capped at 256 MiB.
enum HexDatabase {
    /// The largest database a dump may describe.
    static let largestSize = 1 << 28

    /// The database's bytes; throws when the text is not such a dump.
    static func bytes(of text: String) throws(Diagnostic) -> [UInt8] {
        var bytes: [UInt8]?
        var pageOffset = 0
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard words.first == "|" else { continue }
            let fields = Array(words.dropFirst())
            func fail() -> Diagnostic {
                Diagnostic("not a hex dump of a database, line \(index + 1): \(rawLine.prefix(200))")
            }
            switch fields.first {
            case "size":
                guard fields.count >= 2, let size = Int(fields[1]), size > 0, size <= largestSize else { throw fail() }
                bytes = [UInt8](repeating: 0, count: size)
            case "page":
                guard fields.count >= 4, let offset = Int(fields[3]), offset >= 0 else { throw fail() }
                pageOffset = offset
            case "end":
                guard let bytes else { throw fail() }
                return bytes
            case let first? where first.hasSuffix(":"):
                guard let lineOffset = Int(first.dropLast()), lineOffset >= 0, var filled = bytes else { throw fail() }
                bytes = nil   // filled in place, without a copy
                // Up to 16 bytes; the text column after them is not read.
                for (position, word) in fields.dropFirst().prefix(16).enumerated() {
                    guard word.count == 2, let byte = UInt8(word, radix: 16) else { break }
                    let (start, overflow) = pageOffset.addingReportingOverflow(lineOffset)
                    guard !overflow, start < filled.count - position else { throw fail() }
                    filled[start + position] = byte
                }
                bytes = filled
            default:
                continue
            }
        }
        guard let bytes else { throw Diagnostic("not a hex dump of a database: no size line") }
        return bytes
    }

    /// The dump in the file at `path`, read as bytes (a dump is ASCII; other bytes make the
    /// line they are on fail to read).
    ///
    /// Only a regular file is read: a FIFO planted at the path froze `open(2)` for ever,
    /// deaf to signals. Opened without blocking, then looked at, so what is read is what
    /// was checked.
    static func read(_ path: String) throws(Diagnostic) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Diagnostic("cannot read \(path): \(String(cString: strerror(errno)))", kind: .io) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw Diagnostic("cannot read \(path): it is not a regular file", kind: .io, hint: "a hex dump is a text file")
        }
        var data: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Diagnostic("cannot read \(path): \(String(cString: strerror(errno)))", kind: .io)
            }
            if count == 0 { break }
            data.append(contentsOf: block[..<count])
            // A dump is text of about 3.3 bytes per database byte, and lines of zeros are left out.
            guard data.count <= 4 * largestSize else { throw Diagnostic("\(path) is too large for a hex dump of a database") }
        }
        return String(decoding: data, as: UTF8.self)
    }
}
