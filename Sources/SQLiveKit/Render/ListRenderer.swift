/// `list` and `tabs` modes: values joined by the column separator, rows ended by the row
/// separator, NULL as `.nullvalue`; a header line first when `.headers on`.
final class ListRenderer: ResultRenderer {
    private let output: OutputBuffer
    private let columnSeparator: [UInt8]
    private let rowSeparator: [UInt8]
    private let nullValue: [UInt8]
    private let showHeaders: Bool
    private var columns: [String] = []
    private var rowCount = 0

    init(_ context: RenderContext) {
        output = context.output
        columnSeparator = Array(context.settings.columnSeparator.utf8)
        rowSeparator = Array(context.settings.rowSeparator.utf8)
        nullValue = Array(context.settings.nullValue.utf8)
        showHeaders = context.settings.showHeaders
    }

    func begin(columns: [String]) {
        self.columns = columns
    }

    func write<Row: ResultRow>(row: Row) {
        // sqlite3 prints the header with the first row, so an empty result prints nothing.
        if rowCount == 0 && showHeaders {
            for (index, name) in columns.enumerated() {
                if index > 0 { output.append(columnSeparator) }
                output.append(name)
            }
            output.append(rowSeparator)
        }
        rowCount += 1
        for index in 0..<row.columnCount {
            if index > 0 { output.append(columnSeparator) }
            if row.storageClass(at: index) == .null {
                output.append(nullValue)
            } else {
                row.withText(at: index) { output.append(TextValue.untilNUL($0)) }
            }
        }
        output.append(rowSeparator)
        output.endRow()
    }

    func finish() {}
}
