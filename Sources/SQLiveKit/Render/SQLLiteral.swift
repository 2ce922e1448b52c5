import CSQLiteShim

/// Writes values as SQL literals, byte for byte as sqlite3's shell does in `quote`, `insert`
/// and `json` modes.
///
///     'it''s'                           text, quotes doubled
///     replace('a\nb','\n',char(10))     text with a line break, in insert mode
///     X'00ff'                           a blob
///     3.0   0.10000000000000000555      a REAL, with SQLite's "%!.20g"
enum SQLLiteral {
    /// How each mode writes a REAL: all use SQLite's `%!.20g` (`0.10000000000000000555`,
    /// `3.0`), but `json` and `insert` write infinities as `1e999` (which reads back as
    /// infinity) where `quote` writes `Inf`, and `insert` writes an integral value that fits
    /// 64 bits as that integer and `.0`.
    enum RealFormat {
        case quote, json, insert
    }

    /// The two modes whose every value is an SQL literal. They differ only in a REAL (see
    /// ``RealFormat``) and in text with a line break, which `insert` escapes to keep each
    /// statement on one line.
    enum Mode {
        case quote, insert
    }

    /// Cell `index` of `row` as an SQL literal: the one place each storage class is mapped
    /// to its literal for `quote` and `insert` modes. Inlined so the renderers' row loops
    /// stay specialized for their row type, with no boxing or allocation per value.
    ///
    ///     SQLLiteral.writeValue(of: row, at: 0, mode: .quote, to: output)   // 'it''s'
    ///     SQLLiteral.writeValue(of: row, at: 1, mode: .insert, to: output)  // 3.0
    @inline(__always)
    static func writeValue<Row: ResultRow>(of row: Row, at index: Int, mode: Mode, to output: OutputBuffer) {
        switch row.storageClass(at: index) {
        case .null:
            output.append(null)
        case .integer:
            row.withText(at: index) { output.append($0) }
        case .real:
            writeReal(row.double(at: index), format: mode == .insert ? .insert : .quote, to: output)
        case .text where mode == .insert:
            row.withText(at: index) { writeEscapedQuoted($0, to: output) }
        case .text:
            row.withText(at: index) { writeQuoted($0, to: output) }
        case .blob:
            row.withBlob(at: index) { writeHexBlob($0, to: output) }
        }
    }

    private static let null = Array("NULL".utf8)

    /// `'text'`, single quotes doubled, up to the first NUL (sqlite3 prints with `%s`).
    static func writeQuoted(_ text: UnsafeBufferPointer<UInt8>, to output: OutputBuffer) {
        let text = TextValue.untilNUL(text)
        output.append(UInt8(ascii: "'"))
        var start = 0
        for (index, byte) in text.enumerated() where byte == UInt8(ascii: "'") {
            output.append(UnsafeBufferPointer(rebasing: text[start...index]))
            output.append(UInt8(ascii: "'"))
            start = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: text[start...]))
        output.append(UInt8(ascii: "'"))
    }

    /// Like ``writeQuoted(_:to:)``, but line feeds and carriage returns are written as
    /// escapes undone by `replace(…,char(10))`, so each INSERT stays on one line.
    static func writeEscapedQuoted(_ text: UnsafeBufferPointer<UInt8>, to output: OutputBuffer) {
        let text = TextValue.untilNUL(text)
        let hasLineFeed = text.contains(0x0A)
        let hasReturn = text.contains(0x0D)
        guard hasLineFeed || hasReturn else {
            writeQuoted(text, to: output)
            return
        }
        let lineFeedMarker = hasLineFeed ? unusedMarker(in: text, preferred: "\\n", fallback: "\\012") : []
        let returnMarker = hasReturn ? unusedMarker(in: text, preferred: "\\r", fallback: "\\015") : []
        if hasLineFeed { output.append("replace(") }
        if hasReturn { output.append("replace(") }
        output.append(UInt8(ascii: "'"))
        // Runs between the bytes to replace go out whole, so that the output buffer sees a
        // two-byte C1 control together when it makes control characters visible.
        var start = 0
        for (index, byte) in text.enumerated() where byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "'") {
            output.append(UnsafeBufferPointer(rebasing: text[start..<index]))
            switch byte {
            case 0x0A: output.append(lineFeedMarker)
            case 0x0D: output.append(returnMarker)
            default: output.append([UInt8(ascii: "'"), UInt8(ascii: "'")])
            }
            start = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: text[start...]))
        output.append(UInt8(ascii: "'"))
        if hasReturn {
            output.append(",'")
            output.append(returnMarker)
            output.append("',char(13))")
        }
        if hasLineFeed {
            output.append(",'")
            output.append(lineFeedMarker)
            output.append("',char(10))")
        }
    }

    /// A marker for a line break that does not occur in the text: `preferred`, `fallback`,
    /// or `(preferred0)`, `(preferred1)`, … as sqlite3 picks them.
    private static func unusedMarker(in text: UnsafeBufferPointer<UInt8>, preferred: String, fallback: String) -> [UInt8] {
        var candidate = Array(preferred.utf8)
        if !contains(text, candidate) { return candidate }
        candidate = Array(fallback.utf8)
        if !contains(text, candidate) { return candidate }
        var counter = 0
        repeat {
            candidate = Array("(\(preferred)\(counter))".utf8)
            counter += 1
        } while contains(text, candidate)
        return candidate
    }

    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard text.count >= needle.count else { return false }
        return (0...(text.count - needle.count)).contains { start in
            needle.indices.allSatisfy { text[start + $0] == needle[$0] }
        }
    }

    /// `X'00ff'`: a blob in lowercase hexadecimal.
    static func writeHexBlob(_ blob: UnsafeBufferPointer<UInt8>, to output: OutputBuffer) {
        output.append(UInt8(ascii: "X"))
        output.append(UInt8(ascii: "'"))
        for byte in blob {
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        }
        output.append(UInt8(ascii: "'"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A REAL as sqlite3 writes it in the given mode.
    static func writeReal(_ value: Double, format: RealFormat, to output: OutputBuffer) {
        if value.isInfinite && format != .quote {
            output.append(value < 0 ? "-1e999" : "1e999")
        } else if format == .insert && value.isFinite && value >= -0x1p63 && value < 0x1p63
                    && value == value.rounded(.towardZero) {
            // sqlite3 tests `r == (double)(sqlite3_int64)r`: true exactly for these values.
            output.appendDecimal(Int64(value))
            output.append(UInt8(ascii: "."))
            output.append(UInt8(ascii: "0"))
        } else {
            writePrintf(value, to: output)
        }
    }

    /// `%!.20g` through `sqlite3_snprintf`, whose digits differ from C's and Swift's.
    private static func writePrintf(_ value: Double, to output: OutputBuffer) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 50) { buffer in
            guard let base = buffer.baseAddress else { return }
            let length = Int(sqlive_format_real(base, Int32(buffer.count), value, 20))
            buffer.withMemoryRebound(to: UInt8.self) { text in
                output.append(UnsafeBufferPointer(rebasing: text[..<length]))
            }
        }
    }

    /// A REAL as SQLite turns it into text (`CAST(x AS TEXT)`, `%!.15g`).
    static func text(of value: Double) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 50) { buffer in
            guard let base = buffer.baseAddress else { return "" }
            _ = sqlive_format_real(base, Int32(buffer.count), value, 15)
            return String(cString: base)
        }
    }
}
