import GRDBSQLite

/// Values as SQL literals, byte for byte as sqlite3's `.dump` writes them, so a dump made by
/// sqlive and one made by sqlite3 are the same file:
///
///     NULL   42   1.0   0.10000000000000000555   1e999   X'00ff'   'it''s'
///     replace('line1\nline2','\n',char(10))
///
/// Reals use SQLite's own `%!.20g`, which reads back to the same double. Text holding a
/// newline or carriage return is written with `replace(…, char(10))` so that each statement
/// stays on one line, unless `keepsNewlines`. One deliberate difference: text holding a NUL
/// byte (which sqlite3 cuts short) is written `CAST(X'…' AS TEXT)`, so it loads back whole.
struct SQLLiteral {
    /// Write newlines inside text as they are (`.dump --newlines`).
    var keepsNewlines = false

    /// Appends the literal for one cell of a row.
    func append<Row: ResultRow>(_ row: Row, at index: Int, to output: OutputBuffer) {
        switch row.storageClass(at: index) {
        case .null:
            output.append("NULL")
        case .integer:
            row.withText(at: index) { output.append($0) }
        case .real:
            output.append(Self.real(row.double(at: index)))
        case .text:
            row.withText(at: index) { bytes in
                if bytes.contains(0) {
                    output.append("CAST(")
                    appendBlob(bytes, to: output)
                    output.append(" AS TEXT)")
                } else if bytes.contains(where: Self.needsCare) {
                    output.append(text(bytes))
                } else {
                    output.append(UInt8(ascii: "'"))
                    output.append(bytes)
                    output.append(UInt8(ascii: "'"))
                }
            }
        case .blob:
            row.withBlob(at: index) { appendBlob($0, to: output) }
        }
    }

    /// Bytes that a text literal can't hold as they are.
    private static func needsCare(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// A real as sqlite3 writes it: a whole number in the 64-bit range as that integer and
    /// `.0`, infinities as `1e999` / `-1e999`, anything else with `%!.20g`.
    static func real(_ value: Double) -> String {
        if value.isInfinite { return value < 0 ? "-1e999" : "1e999" }
        if value >= -0x1p63 && value < 0x1p63, let integer = Int64(exactly: value) {
            return "\(integer).0"
        }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = Int32(buffer.count)
        buffer.withUnsafeMutableBufferPointer { pointer in
            _ = withVaList([value]) { sqlite3_vsnprintf(count, pointer.baseAddress, "%!.20g", $0) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A text literal: quotes doubled, and newlines as `replace(…)` unless `keepsNewlines`.
    func text(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), quote = UInt8(ascii: "'")
        let hasNewline = !keepsNewlines && bytes.contains(newline)
        let hasCarriageReturn = !keepsNewlines && bytes.contains(carriageReturn)
        let newlineMarker = hasNewline ? Self.unusedMarker(in: bytes, "\\n", "\\012") : []
        let carriageReturnMarker = hasCarriageReturn ? Self.unusedMarker(in: bytes, "\\r", "\\015") : []
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 2)
        if hasNewline { result += Array("replace(".utf8) }
        if hasCarriageReturn { result += Array("replace(".utf8) }
        result.append(quote)
        for byte in bytes {
            switch byte {
            case quote: result += [quote, quote]
            case newline where hasNewline: result += newlineMarker
            case carriageReturn where hasCarriageReturn: result += carriageReturnMarker
            default: result.append(byte)
            }
        }
        result.append(quote)
        if hasCarriageReturn { result += Array(",'".utf8) + carriageReturnMarker + Array("',char(13))".utf8) }
        if hasNewline { result += Array(",'".utf8) + newlineMarker + Array("',char(10))".utf8) }
        return result
    }

    /// The first of `\n`, `\012`, `(\n0)`, `(\n1)`, … that the text does not contain, to
    /// stand for the character inside the literal.
    private static func unusedMarker(in bytes: UnsafeBufferPointer<UInt8>, _ short: String, _ octal: String) -> [UInt8] {
        for candidate in [short, octal] where !contains(bytes, Array(candidate.utf8)) {
            return Array(candidate.utf8)
        }
        var number = 0
        while contains(bytes, Array("(\(short)\(number))".utf8)) { number += 1 }
        return Array("(\(short)\(number))".utf8)
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            needle.indices.allSatisfy { haystack[start + $0] == needle[$0] }
        }
    }

    private func appendBlob(_ bytes: UnsafeBufferPointer<UInt8>, to output: OutputBuffer) {
        let digits = Array("0123456789abcdef".utf8)
        output.append("X'")
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        output.append(UInt8(ascii: "'"))
    }
}
