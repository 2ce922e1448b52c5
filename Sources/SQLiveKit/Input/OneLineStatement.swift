#if canImport(Glibc)
import Glibc
#endif

/// Recognises the most common line of a script, one whole SQL statement (`INSERT INTO t
/// VALUES(1, 'a');`), in a single pass over its bytes, so that the splitter can hand it on
/// without asking `sqlite3_complete` and without cutting it into statements.
///
/// The answer is the one the general path reaches (`sqlite3_complete`, then
/// ``InputSplitter/forEachStatement(in:_:)``) whenever it is yes; anything unusual answers no
/// and takes the general path: a line that does not open with a statement keyword, one that
/// opens with `CREATE` or `EXPLAIN` (a trigger's body has `;` inside it), a quote or comment
/// left open, a second statement after the `;`, a NUL byte. `InputSplitterTests` checks the
/// two paths against each other on random lines.
///
///     OneLineStatement.isWhole("insert into t values(1, 'a;b'); -- done")   // true
///     OneLineStatement.isWhole("select 1; select 2;")                       // false: two
///     OneLineStatement.isWhole("select 'open")                              // false
enum OneLineStatement {
    /// True when the line is exactly one complete SQL statement, optionally followed by
    /// spaces and comments.
    static func isWhole(_ line: String) -> Bool {
        // Lines read from input are native strings, contiguous: no copy is made.
        line.utf8.withContiguousStorageIfAvailable(isWhole) ?? false
    }

    static func isWhole(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // An ASCII letter first: not a meta-command, a blank or `#` line, a comment, or
        // sqlite3's `go` terminator, which the general path handles.
        guard let first = bytes.first, isASCIILetter(first), first | 0x20 != UInt8(ascii: "g") else { return false }
        // sqlite3_complete reads a C string: a NUL ends the text it sees.
        guard let base = bytes.baseAddress, memchr(base, 0, bytes.count) == nil else { return false }
        var index = 0
        while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
        let word = UnsafeBufferPointer(rebasing: bytes[0..<index])
        // Only these two words open a statement that may hold `;` outside quotes (a trigger).
        if equalsIgnoringCase(word, "create") || equalsIgnoringCase(word, "explain") { return false }
        guard SQLKeywords.startsSQLStatement(bytes) else { return false }
        let count = bytes.count
        // Up to the statement's `;`, only quotes, comments and the `;` itself matter.
        while true {
            while index < count, !isSpecialInStatement(bytes[index]) { index += 1 }
            guard index < count else { return false }
            let byte = bytes[index]
            let next: UInt8 = index + 1 < count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: ";") {
                index += 1
                break
            } else if byte == UInt8(ascii: "-") && next == UInt8(ascii: "-") {
                guard let newline = find(UInt8(ascii: "\n"), in: bytes, from: index + 2) else { return false }
                index = newline + 1
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                guard let close = findCommentEnd(in: bytes, from: index + 2) else { return false }
                index = close
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") {
                index += 1
            } else {
                let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
                guard let close = find(closing, in: bytes, from: index + 1) else { return false }
                index = close + 1
            }
        }
        // After it, only what sqlite3_complete skips: spaces (not \v) and comments.
        while index < count {
            let next: UInt8 = index + 1 < count ? bytes[index + 1] : 0
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
                index += 1
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                guard let newline = find(UInt8(ascii: "\n"), in: bytes, from: index + 2) else { return true }
                index = newline + 1
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                guard let close = findCommentEnd(in: bytes, from: index + 2) else { return false }
                index = close
            default:
                return false
            }
        }
        return true
    }

    /// `;`, the quotes (`'`, `"`, `` ` ``, `[`) and the bytes that may open a comment.
    private static func isSpecialInStatement(_ byte: UInt8) -> Bool {
        // One bit per byte below 64: `"` 0x22, `'` 0x27, `-` 0x2D, `/` 0x2F, `;` 0x3B.
        let special: UInt64 = 1 << 0x22 | 1 << 0x27 | 1 << 0x2D | 1 << 0x2F | 1 << 0x3B
        return byte < 64 ? special >> byte & 1 != 0 : byte == UInt8(ascii: "[") || byte == UInt8(ascii: "`")
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// Bytes SQLite's tokenizer keeps in a word: letters, digits, `_`, `$` and non-ASCII.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func equalsIgnoringCase(_ word: UnsafeBufferPointer<UInt8>, _ keyword: StaticString) -> Bool {
        guard word.count == keyword.utf8CodeUnitCount else { return false }
        let letters = keyword.utf8Start
        for index in 0..<word.count where word[index] | 0x20 != letters[index] { return false }
        return true
    }

    private static func find(_ target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == target { return index }
            index += 1
        }
        return nil
    }

    /// The index after the `*/` that closes a comment opened before `start`.
    private static func findCommentEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return nil
    }
}
