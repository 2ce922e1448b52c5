/// The output modes of `.mode`, each backed by one renderer.
public enum OutputMode: String, CaseIterable, Sendable {
    case box, table, markdown, column, csv, tabs, list, ascii, json, line, quote, insert, html, tcl

    /// Makes the renderer for one result.
    public func makeRenderer(_ context: RenderContext) -> any ResultRenderer {
        let renderer = plainRenderer(context)
        // sqlite3's `--quote` is a setting of all four modes that size their columns.
        return sizesColumns && context.settings.quotesGridValues ? QuotingRenderer(renderer) : renderer
    }

    /// The modes that size their columns (sqlite3's columnar modes).
    var sizesColumns: Bool {
        self == .box || self == .table || self == .markdown || self == .column
    }

    private func plainRenderer(_ context: RenderContext) -> any ResultRenderer {
        switch self {
        case .box: GridRenderer(context, style: .box)
        case .table: GridRenderer(context, style: .table)
        case .markdown: GridRenderer(context, style: .markdown)
        case .csv: CSVRenderer(context)
        case .column: ColumnRenderer(context)
        case .list, .tabs, .ascii: ListRenderer(context)
        case .html: HTMLRenderer(context)
        case .tcl: TclRenderer(context)
        case .json: JSONRenderer(context)
        case .line: LineRenderer(context)
        case .quote: QuoteRenderer(context)
        case .insert: InsertRenderer(context)
        }
    }

    /// One line for `.help mode` and completion.
    public var summary: String {
        switch self {
        case .box: "tables drawn with box characters (the default on a terminal)"
        case .table: "tables drawn with ASCII +-| characters"
        case .markdown: "Markdown tables"
        case .column: "columns two spaces apart, sized to fit or by .width"
        case .ascii: "values separated by 0x1F, rows by 0x1E"
        case .html: "HTML table rows"
        case .tcl: "values as Tcl strings"
        case .csv: "comma-separated values, RFC 4180 quoting"
        case .tabs: "tab-separated values"
        case .list: "values separated by .separator (the default in scripts)"
        case .json: "a JSON array of objects"
        case .line: "one value per line, records separated by blank lines"
        case .quote: "values as SQL literals"
        case .insert: "INSERT statements for TABLE"
        }
    }
}
