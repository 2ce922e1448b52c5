/// `tcl` mode: each value as a Tcl (C-style) string literal, cells joined by the column
/// separator (a space), NULL as the quoted `.nullvalue`; the quoted column names first when
/// `.headers on`, as sqlite3 prints them.
///
///     "a" "b"
///     "1" "tab\there \"q\" \303\251"
///
/// Backslash, double quote, tab, newline and carriage return are escaped by name; any other
/// byte outside printable ASCII is written in octal (`\377`), UTF-8 included.
final class TclRenderer: ResultRenderer {
    private var rows: DelimitedRows
    private let nullValue: [UInt8]

    init(_ context: RenderContext) {
        rows = DelimitedRows(context)
        nullValue = RawBytes.bytes(of: context.settings.nullValue)
    }

    func begin(columns: [String]) {
        rows.begin(columns: columns)
    }

    @_specialize(where Row == StatementRow)
    func write<Row: ResultRow>(row: Row) {
        let output = rows.output
        rows.write(cellCount: row.columnCount, header: { Self.writeQuoted($0, to: output) }) { index in
            if row.storageClass(at: index) == .null {
                nullValue.withUnsafeBufferPointer { Self.writeQuoted($0, to: output) }
            } else {
                row.withText(at: index) { Self.writeQuoted(TextValue.untilNUL($0), to: output) }
            }
        }
    }

    func finish() {}

    static func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to output: OutputBuffer) {
        output.append(UInt8(ascii: "\""))
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): output.append(Array(#"\\"#.utf8))
            case UInt8(ascii: "\""): output.append(Array(#"\""#.utf8))
            case 0x09: output.append(Array(#"\t"#.utf8))
            case 0x0A: output.append(Array(#"\n"#.utf8))
            case 0x0D: output.append(Array(#"\r"#.utf8))
            case 0x20..<0x7F: output.append(byte)
            default:
                output.append(UInt8(ascii: "\\"))
                output.append(UInt8(ascii: "0") + byte >> 6)
                output.append(UInt8(ascii: "0") + (byte >> 3) & 7)
                output.append(UInt8(ascii: "0") + byte & 7)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
