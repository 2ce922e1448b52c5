/// `list` and `tabs` modes: values joined by the column separator, rows ended by the row
/// separator, NULL as `.nullvalue`; a header line first when `.headers on`.
final class ListRenderer: ResultRenderer {
    private var rows: DelimitedRows
    private let nullValue: [UInt8]

    init(_ context: RenderContext) {
        rows = DelimitedRows(context)
        nullValue = Array(context.settings.nullValue.utf8)
    }

    func begin(columns: [String]) {
        rows.begin(columns: columns)
    }

    func write<Row: ResultRow>(row: Row) {
        let output = rows.output
        rows.write(cellCount: row.columnCount, header: { output.append($0) }) { index in
            if row.storageClass(at: index) == .null {
                output.append(nullValue)
            } else {
                row.withText(at: index) { output.append(TextValue.untilNUL($0)) }
            }
        }
    }

    func finish() {}
}
