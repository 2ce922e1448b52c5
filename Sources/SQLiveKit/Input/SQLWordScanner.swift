/// The words of SQL text (keywords and identifiers, unquoted), skipping strings, comments,
/// numbers and punctuation. A `.` between words is reported by ``peekIsDot()``.
///
/// The statement's own UTF-8 is read in place: ``leadingKeyword()`` runs for every statement
/// of a script, and a copy of the text cost an allocation each time.
struct SQLWordScanner {
    private let sql: String
    private var index = 0

    init(_ sql: String) {
        self.sql = sql
    }

    /// Calls `body` with the text's UTF-8, without a copy for a native string.
    private func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        sql.utf8.withContiguousStorageIfAvailable(body) ?? Array(sql.utf8).withUnsafeBufferPointer(body)
    }

    mutating func peekIsDot() -> Bool {
        var index = self.index
        defer { self.index = index }
        return withBytes { bytes in
            Self.skipSpaceAndComments(bytes, &index)
            return index < bytes.count && bytes[index] == UInt8(ascii: ".")
        }
    }

    mutating func next() -> String? {
        var index = self.index
        defer { self.index = index }
        return withBytes { Self.next(in: $0, &index) }
    }

    /// The next `PRAGMA [schema.]name [= value | (value)]`: its name, and its value as SQLite
    /// hands it to the pragma (unquoted, a leading `-` kept; nil when the pragma is read).
    /// SQLite takes a pragma's name and value in any quotes, `'…'` included.
    mutating func nextPragma() -> (name: String, value: String?)? {
        while let word = next() {
            guard word.lowercased() == "pragma" else { continue }
            var index = self.index
            defer { self.index = index }
            return withBytes { bytes in
                guard var name = Self.next(in: bytes, &index, strings: true) else { return nil }
                var afterName = index
                Self.skipSpaceAndComments(bytes, &afterName)
                if afterName < bytes.count, bytes[afterName] == UInt8(ascii: ".") {
                    index = afterName + 1
                    name = Self.next(in: bytes, &index, strings: true) ?? name
                }
                return (name, Self.pragmaValue(in: bytes, &index))
            }
        }
        return nil
    }

    private static func pragmaValue(in bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> String? {
        skipSpaceAndComments(bytes, &index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: "(") else { return nil }
        index += 1
        skipSpaceAndComments(bytes, &index)
        var sign = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            // SQLite drops a `+` and keeps a `-`.
            if bytes[index] == UInt8(ascii: "-") { sign = "-" }
            index += 1
            skipSpaceAndComments(bytes, &index)
        }
        return next(in: bytes, &index, strings: true).map { sign + $0 }
    }

    /// `strings`: a `'…'` string is a word too (its text), as where SQLite reads a name.
    private static func next(in bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, strings: Bool = false) -> String? {
        while true {
            skipSpaceAndComments(bytes, &index)
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"):
                let text = quoted(in: bytes, &index, until: UInt8(ascii: "'"))
                if strings { return text }
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                return quoted(in: bytes, &index, until: byte)
            case UInt8(ascii: "["):
                return quoted(in: bytes, &index, until: UInt8(ascii: "]"))
            case UInt8(ascii: "."):
                index += 1
                return "."
            default:
                if Self.isWordByte(byte) {
                    let start = index
                    while index < bytes.count && Self.isWordByte(bytes[index]) { index += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                index += 1
            }
        }
    }

    /// The ASCII letters that start the text after spaces and comments, uppercased: the
    /// keyword a statement starts with (empty when it starts otherwise). Keywords are short
    /// enough for Swift's inline small strings: no allocation.
    mutating func leadingKeyword() -> String {
        withLeadingWord { word in
            String(unsafeUninitializedCapacity: word.count) { keyword in
                for offset in word.indices { keyword[offset] = word[offset] & ~0x20 }
                return word.count
            }
        }
    }

    /// Whether the text starts, after spaces and comments, with `keyword` (uppercase ASCII
    /// letters) as its whole first word, in any case: ``leadingKeyword()`` compared in place,
    /// without making a String (the session asks it of every statement of a script).
    mutating func leadingKeywordIs(_ keyword: StaticString) -> Bool {
        withLeadingWord { word in
            word.count == keyword.utf8CodeUnitCount
                && word.indices.allSatisfy { word[$0] & ~0x20 == keyword.utf8Start[$0] }
        }
    }

    /// Hands `body` the ASCII letters that start the text after spaces and comments.
    private mutating func withLeadingWord<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var index = self.index
        defer { self.index = index }
        return withBytes { bytes in
            Self.skipSpaceAndComments(bytes, &index)
            let start = index
            while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index] | 0x20) { index += 1 }
            return body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
    }

    /// Reads a quoted token from its opening quote; a doubled closing quote stands for one.
    private static func quoted(in bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, until close: UInt8) -> String {
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

    private static func skipSpaceAndComments(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
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
