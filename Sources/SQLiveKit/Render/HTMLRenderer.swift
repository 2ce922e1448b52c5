/// `html` mode: one `<TR>` per row, one `<TD>` per value on its own line, the column names
/// as `<TH>` cells first when `.headers on`, as sqlite3 prints them (no `<TABLE>` around).
///
///     <TR><TH>a</TH>
///     <TH>b</TH>
///     </TR>
///     <TR><TD>1</TD>
///     <TD>x&lt;y</TD>
///     </TR>
///
/// `<`, `>`, `&`, `"` and `'` are written as entities; NULL is `.nullvalue`, escaped too.
final class HTMLRenderer: ResultRenderer {
    private let output: OutputBuffer
    private let nullValue: [UInt8]
    private let showHeaders: Bool
    private var columns: [String] = []
    private var rowCount = 0

    init(_ context: RenderContext) {
        output = context.output
        nullValue = RawBytes.bytes(of: context.settings.nullValue)
        showHeaders = context.settings.showHeaders
        rowCount = context.rowsCountedBefore
    }

    func begin(columns: [String]) {
        self.columns = columns
    }

    @_specialize(where Row == StatementRow)
    func write<Row: ResultRow>(row: Row) {
        if rowCount == 0 && showHeaders {
            writeRow(count: columns.count, tag: "TH") { index in
                var name = columns[index]
                name.withUTF8 { writeEscaped($0) }
            }
        }
        rowCount += 1
        writeRow(count: row.columnCount, tag: "TD") { index in
            if row.storageClass(at: index) == .null {
                nullValue.withUnsafeBufferPointer { writeEscaped($0) }
            } else {
                row.withText(at: index) { writeEscaped(TextValue.untilNUL($0)) }
            }
        }
        output.endRow()
    }

    func finish() {}

    private func writeRow(count: Int, tag: String, cell: (Int) -> Void) {
        output.append("<TR>")
        for index in 0..<count {
            if index > 0 { output.append("\n") }
            output.append("<\(tag)>")
            cell(index)
            output.append("</\(tag)>")
        }
        output.append("\n</TR>\n")
    }

    /// Writes `bytes` in runs between the characters that become entities: a run goes
    /// through the buffer whole, so on a terminal a C1 control's two UTF-8 bytes are seen
    /// together and shown as `<U+009B>`, as in the other modes (byte by byte they were not).
    private func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for (index, byte) in bytes.enumerated() {
            let entity: String
            switch byte {
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            output.append(entity)
            runStart = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
