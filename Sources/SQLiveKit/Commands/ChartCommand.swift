/// `.chart QUERY`: the result of a query as a bar chart, or a sparkline for one column.
struct ChartCommand: RawTextCommand {
    let name = "chart"
    let usage = "QUERY"
    let summary = "draw QUERY's result as bars (label, value) or a sparkline (one column)"
    let details = """
        .chart QUERY draws the result in the terminal instead of printing it:
        - two or more columns: one bar per row; the last column is the value, the others
          make the label. Negative values draw to the left of an axis.
        - one column: a sparkline of its values in order, with the minimum and maximum.
        Values may be numbers or text that reads as a number; others get no bar.
        At most 100 bars are drawn. Examples:
          .chart SELECT name, count(*) FROM genre JOIN track USING (GenreId) GROUP BY 1 ORDER BY 2 DESC LIMIT 10;
          .chart SELECT total FROM invoice ORDER BY InvoiceDate;
        """

    /// The query, trimmed.
    func parse(text: String) throws(Diagnostic) -> String {
        try requiring(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func run(_ query: String, in scope: DatabaseScope) throws(Diagnostic) {
        try runQuery(query, in: scope) { ChartRenderer($0) }
    }
}
