/// The layout shared by `list`, `tabs`, `csv` and `quote`: cells joined by the column
/// separator, each row ended by the row separator, and, with `.headers on`, the column names
/// as a first row printed with the first row of data (so an empty result prints nothing, as
/// in sqlite3). Each mode says only how one value is written.
struct DelimitedRows {
    let output: OutputBuffer
    private let columnSeparator: [UInt8]
    private let rowSeparator: [UInt8]
    private let showHeaders: Bool
    private var columns: [String] = []
    private var rowCount = 0

    init(_ context: RenderContext) {
        output = context.output
        columnSeparator = RawBytes.bytes(of: context.settings.columnSeparator)
        rowSeparator = RawBytes.bytes(of: context.settings.rowSeparator)
        showHeaders = context.settings.showHeaders
        rowCount = context.rowsCountedBefore
    }

    mutating func begin(columns: [String]) {
        self.columns = columns
    }

    /// Writes one row: the header first if it is the first, then `cell(index)` for each cell.
    @inline(__always)
    mutating func write(cellCount: Int, header: (UnsafeBufferPointer<UInt8>) -> Void, cell: (Int) -> Void) {
        if rowCount == 0 && showHeaders {
            for (index, name) in columns.enumerated() {
                if index > 0 { output.appendUnfiltered(columnSeparator) }
                var name = name
                name.withUTF8(header)
            }
            output.appendUnfiltered(rowSeparator)
        }
        rowCount += 1
        for index in 0..<cellCount {
            if index > 0 { output.appendUnfiltered(columnSeparator) }
            cell(index)
        }
        output.appendUnfiltered(rowSeparator)
        output.endRow()
    }
}
