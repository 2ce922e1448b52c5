/// `quote` mode: every value as an SQL literal, byte for byte as sqlite3 writes it.
///
///     sqlite> .mode quote
///     sqlite> SELECT 1, 0.1, 'it''s', x'00ff', NULL;
///     1,0.10000000000000000555,'it''s',X'00ff',NULL
///
/// Values are joined by `.separator` (`,` after `.mode quote`) and rows end with the row
/// separator. Text is quoted with `'` (quotes doubled, line breaks kept as they are), REAL
/// has 20 significant digits (``SQLLiteral/RealFormat/quote``), NULL is `NULL` whatever
/// `.nullvalue` says. With `.headers on` the column names come first, quoted like text.
final class QuoteRenderer: ResultRenderer {
    private let output: OutputBuffer
    private let columnSeparator: [UInt8]
    private let rowSeparator: [UInt8]
    private let showHeaders: Bool
    private var columns: [String] = []
    private var rowCount = 0

    init(_ context: RenderContext) {
        output = context.output
        columnSeparator = Array(context.settings.columnSeparator.utf8)
        rowSeparator = Array(context.settings.rowSeparator.utf8)
        showHeaders = context.settings.showHeaders
    }

    func begin(columns: [String]) {
        self.columns = columns
    }

    func write<Row: ResultRow>(row: Row) {
        // As in sqlite3, the names come with the first row: an empty result prints nothing.
        if rowCount == 0 && showHeaders {
            for (index, name) in columns.enumerated() {
                if index > 0 { output.append(columnSeparator) }
                var name = name
                name.withUTF8 { SQLLiteral.writeQuoted($0, to: output) }
            }
            output.append(rowSeparator)
        }
        rowCount += 1
        for index in 0..<row.columnCount {
            if index > 0 { output.append(columnSeparator) }
            switch row.storageClass(at: index) {
            case .null:
                output.append(Self.null)
            case .integer:
                row.withText(at: index) { output.append($0) }
            case .real:
                SQLLiteral.writeReal(row.double(at: index), format: .quote, to: output)
            case .text:
                row.withText(at: index) { SQLLiteral.writeQuoted($0, to: output) }
            case .blob:
                row.withBlob(at: index) { SQLLiteral.writeHexBlob($0, to: output) }
            }
        }
        output.append(rowSeparator)
        output.endRow()
    }

    func finish() {}

    private static let null = Array("NULL".utf8)
}
