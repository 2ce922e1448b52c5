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
    private var rows: DelimitedRows

    init(_ context: RenderContext) {
        rows = DelimitedRows(context)
    }

    func begin(columns: [String]) {
        rows.begin(columns: columns)
    }

    @_specialize(where Row == StatementRow)
    func write<Row: ResultRow>(row: Row) {
        let output = rows.output
        rows.write(cellCount: row.columnCount, header: { SQLLiteral.writeQuoted($0, to: output) }) { index in
            SQLLiteral.writeValue(of: row, at: index, mode: .quote, to: output)
        }
    }

    func finish() {}
}
