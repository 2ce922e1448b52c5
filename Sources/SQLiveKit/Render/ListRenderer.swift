/// `list` and `tabs` modes: values joined by the column separator, rows ended by the row
/// separator, NULL as `.nullvalue` (`NULL` on a terminal until it is set, see
/// ``RenderContext/displayedNull``); a header line first when `.headers on`.
final class ListRenderer: ResultRenderer {
    private var rows: DelimitedRows
    private let nullValue: [UInt8]
    private let styler: CellStyler

    init(_ context: RenderContext) {
        rows = DelimitedRows(context)
        nullValue = RawBytes.bytes(of: context.displayedNull)
        styler = CellStyler(context)
    }

    func begin(columns: [String]) {
        rows.begin(columns: columns)
    }

    @_specialize(where Row == StatementRow)
    func write<Row: ResultRow>(row: Row) {
        let output = rows.output
        rows.write(cellCount: row.columnCount, header: { output.append($0) }) { index in
            if row.storageClass(at: index) == .null {
                styler.open(.null, in: output)
                output.append(nullValue)
                styler.close(.null, in: output)
            } else {
                row.withTextUntilNUL(at: index) { output.append($0) }
            }
        }
    }

    func finish() {}
}
