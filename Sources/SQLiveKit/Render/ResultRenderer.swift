/// Turns one result set into output, one row at a time.
///
/// A renderer is made for each statement that returns rows: ``begin(columns:)`` once, then
/// ``write(row:)`` for every row as the statement steps, then ``finish()``. Renderers write
/// into the context's ``OutputBuffer``; none of them keeps more than a bounded window of rows.
///
/// The session calls ``write(row:)`` through `any ResultRenderer`, which reaches the generic
/// code of the renderer, reading each cell through the protocol's witnesses (with closures
/// that are not inlined). Each mode's `write(row:)` is marked
/// `@_specialize(where Row == StatementRow)`: that generic code then jumps to a copy
/// compiled for the statement's rows, where cells are read inline (a quarter of `list`
/// mode's instructions on a stored table).
public protocol ResultRenderer: AnyObject {
    func begin(columns: [String])
    func write<Row: ResultRow>(row: Row)
    func finish()
    /// Instead of ``finish()`` when the statement failed or was interrupted after
    /// ``begin(columns:)``: closes what was shown. By default, ``finish()``.
    func finishAfterError()
}

extension ResultRenderer {
    public func finishAfterError() { finish() }
}

/// What a renderer needs to know besides the rows: the settings in force and where to write.
public struct RenderContext {
    public var settings: Settings
    public var output: OutputBuffer
    /// Columns available on a terminal, or nil when output is not a terminal.
    public var terminalWidth: Int?
    /// Results go to a terminal that shows colour (never a file or a pipe, and `NO_COLOR`
    /// is unset): renderers may style cells with ``CellStyler``.
    public var usesColor = false
    /// Rows sqlite3 has already counted for this statement before its own: under `.eqp full`
    /// the EXPLAIN listing's, which leave its row count above 0, so the result that follows
    /// gets no column names (list, csv, quote, tcl, ascii, html, `.explain on`), json goes
    /// on with `,` instead of opening with `[`, and line mode starts with a separator.
    public var rowsCountedBefore = 0

    public init(settings: Settings, output: OutputBuffer, terminalWidth: Int? = nil) {
        self.settings = settings
        self.output = output
        self.terminalWidth = terminalWidth
    }
}

extension RenderContext {
    /// The text shown for NULL: `.nullvalue` when it was set or when output is a file or a
    /// pipe (sqlite3's bytes); `NULL` on a terminal otherwise, so NULL and '' look different.
    public var displayedNull: String {
        settings.nullValueIsSet || terminalWidth == nil ? settings.nullValue : "NULL"
    }
}
