/// `json` mode: the result as a JSON array of objects, one object per line, byte for byte as
/// sqlite3 writes it.
///
///     sqlite> .mode json
///     sqlite> SELECT 1 AS id, 'a"b' AS name UNION ALL SELECT 2, NULL;
///     [{"id":1,"name":"a\"b"},
///     {"id":2,"name":null}]
///
/// Keys are the column names. INTEGER is a number, REAL a number with 20 significant digits
/// (infinities as `1e999`), TEXT a string up to its first NUL, a blob a string of its bytes,
/// NULL `null`. `.headers`, `.nullvalue` and the separators play no part. An empty result
/// prints nothing, not even `[]`.
final class JSONRenderer: ResultRenderer {
    private let output: OutputBuffer
    /// Each column's `"name":`, made once per result.
    private var keys: [[UInt8]] = []
    /// The rows sqlite3 counts: this result's, after any counted before it (which make the
    /// first row go on with `,` instead of opening the array).
    private var rowCount = 0
    private var rowsWritten = 0

    init(_ context: RenderContext) {
        output = context.output
        rowCount = context.rowsCountedBefore
    }

    func begin(columns: [String]) {
        keys = columns.map { name in
            let key = MemoryTarget()
            let buffer = OutputBuffer(target: key, flushThreshold: 256)
            var name = name
            name.withUTF8 { Self.writeString($0, to: buffer) }
            buffer.append(UInt8(ascii: ":"))
            buffer.flush()
            return key.bytes
        }
    }

    @_specialize(where Row == StatementRow)
    func write<Row: ResultRow>(row: Row) {
        output.append(rowCount == 0 ? Self.firstRowStart : Self.nextRowStart)
        rowCount += 1
        rowsWritten += 1
        for index in 0..<row.columnCount {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(keys[index])
            switch row.storageClass(at: index) {
            case .null:
                output.append(Self.null)
            case .integer:
                row.withText(at: index) { output.append($0) }
            case .real:
                SQLLiteral.writeReal(row.double(at: index), format: .json, to: output)
            case .text:
                row.withTextUntilNUL(at: index) { Self.writeString($0, to: output) }
            case .blob:
                row.withBlob(at: index) { Self.writeString($0, to: output) }
            }
        }
        output.append(UInt8(ascii: "}"))
        output.endRow()
    }

    func finish() {
        // Also after an error part way: the rows shown stay a complete array, as in sqlite3.
        if rowsWritten > 0 { output.append(Self.end) }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, … or `\u00XX`,
    /// every other byte (UTF-8 included) as it is.
    static func writeString(_ bytes: UnsafeBufferPointer<UInt8>, to output: OutputBuffer) {
        output.append(UInt8(ascii: "\""))
        var start = 0
        for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            output.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            case 0x22, 0x5C: output.append(byte)
            default:
                output.append(Self.unicodeEscapePrefix)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
            start = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        output.append(UInt8(ascii: "\""))
    }

    private static let firstRowStart = Array("[{".utf8)
    private static let nextRowStart = Array(",\n{".utf8)
    private static let end = Array("]\n".utf8)
    private static let null = Array("null".utf8)
    private static let unicodeEscapePrefix = Array("u00".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)
}
