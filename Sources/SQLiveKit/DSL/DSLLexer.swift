/// Splits a DSL query into tokens, the way Swift would: names, numbers, double-quoted strings
/// with Swift's escapes, punctuation and operators, and `//` comments, which it skips.
///
///     try DSLLexer.tokens(in: #"player.filter(name == "Léa")"#).count   // 8 (with the end)
///
/// Errors (an unterminated string, a character the DSL has no use for) are diagnostics with a
/// caret under the offending character.
enum DSLLexer {
    static func tokens(in text: String) throws(Diagnostic) -> [DSLToken] {
        var scanner = Scanner(text: text)
        var tokens: [DSLToken] = []
        while let token = try scanner.next() {
            tokens.append(token)
        }
        tokens.append(DSLToken(kind: .end, range: scanner.bytes.count..<scanner.bytes.count))
        return tokens
    }

    private struct Scanner {
        let text: String
        let bytes: [UInt8]
        var offset = 0

        init(text: String) {
            self.text = text
            self.bytes = Array(text.utf8)
        }

        mutating func next() throws(Diagnostic) -> DSLToken? {
            skipSpaceAndComments()
            guard offset < bytes.count else { return nil }
            let start = offset
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                return DSLToken(kind: .string(try string()), range: start..<offset)
            }
            if byte == UInt8(ascii: "`") {
                return DSLToken(kind: .identifier(try backquotedName()), range: start..<offset)
            }
            if Self.isDigit(byte) {
                return DSLToken(kind: try number(), range: start..<offset)
            }
            if Self.startsName(byte) {
                while offset < bytes.count, Self.continuesName(bytes[offset]) { offset += 1 }
                return DSLToken(kind: .identifier(substring(start..<offset)), range: start..<offset)
            }
            if byte == UInt8(ascii: "-"), let smallest = smallestInteger(at: start) {
                return smallest
            }
            for symbol in DSLSymbol.longestFirst where matches(symbol.rawValue) {
                offset += symbol.rawValue.utf8.count
                return DSLToken(kind: .symbol(symbol), range: start..<offset)
            }
            if DSLClosureForms.starts(byte) {
                throw DSLClosureForms.diagnostic(at: start, in: text)
            }
            if byte == UInt8(ascii: "'") {
                throw DSLDiagnostic.at(start, in: text, "strings are written in double quotes in the query DSL",
                                       hint: "write \"text\", as in Swift")
            }
            throw DSLDiagnostic.at(start, in: text, "unexpected character \(characterDescription(at: start))")
        }

        private mutating func skipSpaceAndComments() {
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    offset += 1
                } else if matches("//") {
                    while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
                } else {
                    return
                }
            }
        }

        private func matches(_ literal: String) -> Bool {
            var index = offset
            for byte in literal.utf8 {
                guard index < bytes.count, bytes[index] == byte else { return false }
                index += 1
            }
            return true
        }

        /// Decimal integers and reals, with `_` separators as in Swift: `1_000`, `2.5`, `1e-3`.
        /// `1...5` stays an integer followed by a range operator.
        private mutating func number() throws(Diagnostic) -> DSLToken.Kind {
            let start = offset
            skipDigits()
            var isReal = false
            if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "."), Self.isDigit(bytes[offset + 1]) {
                isReal = true
                offset += 1
                skipDigits()
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                var index = offset + 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                if index < bytes.count, Self.isDigit(bytes[index]) {
                    isReal = true
                    offset = index
                    skipDigits()
                }
            }
            if offset < bytes.count, Self.continuesName(bytes[offset]) {
                throw DSLDiagnostic.at(offset, in: text, "unexpected \(characterDescription(at: offset)) in a number")
            }
            let digits = substring(start..<offset).filter { $0 != "_" }
            if isReal, let value = Double(digits) {
                return .real(value)
            }
            guard let value = Int64(digits) else {
                throw DSLDiagnostic.at(start, in: text, "integer \(digits) is too large (the largest is \(Int64.max))")
            }
            return .integer(value)
        }

        /// `-9223372036854775808`, Int.min: Swift reads a `-` in prefix position written
        /// against a number as part of the literal, whose magnitude alone is too large for an
        /// Int. Any other negative number stays `-` applied to a number.
        private mutating func smallestInteger(at start: Int) -> DSLToken? {
            guard start + 1 < bytes.count, Self.isDigit(bytes[start + 1]) else { return nil }
            if start > 0 {
                let before = bytes[start - 1]
                if Self.continuesName(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]")
                    || before == UInt8(ascii: "\"") || before == UInt8(ascii: "`") {
                    return nil
                }
            }
            let saved = offset
            offset = start + 1
            skipDigits()
            let digits = substring(start + 1..<offset).filter { $0 != "_" }
            let isReal = offset + 1 < bytes.count && bytes[offset] == UInt8(ascii: ".") && Self.isDigit(bytes[offset + 1])
            let continues = offset < bytes.count && Self.continuesName(bytes[offset])
            guard digits == "9223372036854775808", !isReal, !continues else {
                offset = saved
                return nil
            }
            return DSLToken(kind: .integer(.min), range: start..<offset)
        }

        private mutating func skipDigits() {
            while offset < bytes.count, Self.isDigit(bytes[offset]) || bytes[offset] == UInt8(ascii: "_") { offset += 1 }
        }

        /// A Swift string literal on one line: `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\u{…}`.
        private mutating func string() throws(Diagnostic) -> String {
            let start = offset
            offset += 1
            var scalars = String.UnicodeScalarView()
            var segmentStart = offset
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[segmentStart..<end], as: UTF8.self).unicodeScalars)
            }
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "\""):
                    flush(offset)
                    offset += 1
                    return String(scalars)
                case UInt8(ascii: "\n"):
                    offset = bytes.count
                case UInt8(ascii: "\\"):
                    flush(offset)
                    scalars.append(try escape())
                    segmentStart = offset
                default:
                    offset += 1
                }
            }
            throw DSLDiagnostic.at(start, in: text, "unterminated string: this \" has no closing \"")
        }

        private mutating func escape() throws(Diagnostic) -> Unicode.Scalar {
            let start = offset
            offset += 1
            guard offset < bytes.count else {
                throw DSLDiagnostic.at(start, in: text, "unterminated string: this \\ escapes nothing")
            }
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "'"): return "'"
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "0"): return "\0"
            case UInt8(ascii: "u"):
                guard matches("{"), let close = bytes[offset...].firstIndex(of: UInt8(ascii: "}")),
                      let value = UInt32(substring((offset + 1)..<close), radix: 16),
                      let scalar = Unicode.Scalar(value) else {
                    throw DSLDiagnostic.at(start, in: text, "invalid \\u{…} escape", hint: "write a hexadecimal code point, as in \\u{E9}")
                }
                offset = close + 1
                return scalar
            default:
                let escaped = String(decoding: bytes[(start + 1)...].prefix(4), as: UTF8.self).unicodeScalars.first.map(String.init) ?? ""
                throw DSLDiagnostic.at(start, in: text, "unknown escape \\\(escaped)",
                                       hint: "the escapes are \\\" \\\\ \\n \\t \\r \\0 \\u{…}")
            }
        }

        /// `` `name` ``: any characters but a backquote, for names that are not Swift names.
        private mutating func backquotedName() throws(Diagnostic) -> String {
            let start = offset
            guard let close = bytes[(offset + 1)...].firstIndex(where: { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "\n") }),
                  bytes[close] == UInt8(ascii: "`"), close > offset + 1 else {
                throw DSLDiagnostic.at(start, in: text, "unterminated name: this ` has no closing `")
            }
            offset = close + 1
            return substring((start + 1)..<close)
        }

        private func substring(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        private func characterDescription(at index: Int) -> String {
            let rest = String(decoding: bytes[index...].prefix(4), as: UTF8.self)
            guard let character = rest.unicodeScalars.first else { return "end of line" }
            if character.value < 0x20 || character.value == 0x7F {
                return "U+" + String(character.value, radix: 16, uppercase: true)
            }
            return "\"\(character)\""
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        private static func startsName(_ byte: UInt8) -> Bool { DSLNameBytes.starts(byte) }

        private static func continuesName(_ byte: UInt8) -> Bool { DSLNameBytes.continues(byte) }
    }
}
