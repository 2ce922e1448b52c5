/// The words of SQL text (keywords and identifiers, unquoted), skipping strings, comments,
/// numbers and punctuation. A `.` between words is reported by ``peekIsDot()``.
struct SQLWordScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ sql: String) {
        bytes = Array(sql.utf8)
    }

    mutating func peekIsDot() -> Bool {
        skipSpaceAndComments()
        return index < bytes.count && bytes[index] == UInt8(ascii: ".")
    }

    mutating func next() -> String? {
        while true {
            skipSpaceAndComments()
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"):
                _ = quoted(until: UInt8(ascii: "'"))
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                return quoted(until: byte)
            case UInt8(ascii: "["):
                return quoted(until: UInt8(ascii: "]"))
            case UInt8(ascii: "."):
                index += 1
                return "."
            default:
                if Self.isWordByte(byte) {
                    let start = index
                    while index < bytes.count && Self.isWordByte(bytes[index]) { index += 1 }
                    return String(decoding: bytes[start..<index], as: UTF8.self)
                }
                index += 1
            }
        }
    }

    /// The ASCII letters that start the text after spaces and comments, uppercased: the
    /// keyword a statement starts with (empty when it starts otherwise).
    mutating func leadingKeyword() -> String {
        skipSpaceAndComments()
        var keyword = ""
        while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index] | 0x20) {
            keyword.unicodeScalars.append(Unicode.Scalar(bytes[index] & ~0x20))
            index += 1
        }
        return keyword
    }

    /// Reads a quoted token from its opening quote; a doubled closing quote stands for one.
    private mutating func quoted(until close: UInt8) -> String {
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            if bytes[index] == close {
                if close != UInt8(ascii: "]"), index + 1 < bytes.count, bytes[index + 1] == close {
                    text.append(close)
                    index += 2
                    continue
                }
                index += 1
                break
            }
            text.append(bytes[index])
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else {
                return
            }
        }
    }

    /// Letters, digits, `_`, `$` and every non-ASCII byte, as in SQLite's tokenizer.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
