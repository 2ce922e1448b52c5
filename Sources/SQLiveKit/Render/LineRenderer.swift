/// `line` mode: one `name = value` line per column, records separated by an empty line,
/// byte for byte as sqlite3 writes them.
///
///     sqlite> .mode line
///     sqlite> SELECT 1 AS id, 'Alice' AS name UNION ALL SELECT 2, NULL;
///        id = 1
///      name = Alice
///
///        id = 2
///      name =
///
/// Names are right-aligned to the longest (at least 5 bytes; sqlite3 counts bytes, not
/// characters). Each line ends with the row separator, which also separates records. NULL
/// is `.nullvalue` (`NULL` on a terminal until it is set); `.headers` plays no part.
final class LineRenderer: ResultRenderer {
    private let output: OutputBuffer
    private let rowSeparator: [UInt8]
    private let nullValue: [UInt8]
    private let styler: CellStyler
    /// Each column's padded `name = `, made once per result.
    private var labels: [[UInt8]] = []
    private var rowCount = 0

    init(_ context: RenderContext) {
        output = context.output
        rowSeparator = RawBytes.bytes(of: context.settings.rowSeparator)
        nullValue = RawBytes.bytes(of: context.displayedNull)
        styler = CellStyler(context)
        rowCount = context.rowsCountedBefore
    }

    func begin(columns: [String]) {
        let width = columns.reduce(5) { max($0, $1.utf8.count) }
        labels = columns.map { name in
            Array(repeating: UInt8(ascii: " "), count: width - name.utf8.count) + Array(name.utf8) + Array(" = ".utf8)
        }
    }

    @_specialize(where Row == StatementRow)
    func write<Row: ResultRow>(row: Row) {
        if rowCount > 0 { output.appendUnfiltered(rowSeparator) }
        rowCount += 1
        for index in 0..<row.columnCount {
            output.append(labels[index])
            if row.storageClass(at: index) == .null {
                styler.open(.null, in: output)
                output.append(nullValue)
                styler.close(.null, in: output)
            } else {
                row.withTextUntilNUL(at: index) { output.append($0) }
            }
            output.appendUnfiltered(rowSeparator)
        }
        output.endRow()
    }

    func finish() {}
}
