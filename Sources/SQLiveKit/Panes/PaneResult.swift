/// The rows a pane shows: at most its row limit, and whether the query had more.
///
///     // .pin --rows 2 SELECT id FROM player   (3 players)
///     result.rows.count   // 2
///     result.hasMore      // true: the title says "2+ rows"
public struct PaneResult: Sendable, Equatable {
    public var columns: [String]
    public var rows: [StoredRow]
    /// True when the query returned more rows than the pane keeps.
    public var hasMore: Bool
    /// The columns that identify a row (the primary key or rowid of the table the rows come
    /// from), used to tell changed rows from added ones; empty when the result has none.
    public var keyColumns: [Int]

    public init(columns: [String], rows: [StoredRow], hasMore: Bool, keyColumns: [Int] = []) {
        self.columns = columns
        self.rows = rows
        self.hasMore = hasMore
        self.keyColumns = keyColumns
    }

    /// `3 rows`, `1 row`, `20+ rows`.
    public var rowCountText: String {
        let count = "\(rows.count)\(hasMore ? "+" : "")"
        return rows.count == 1 && !hasMore ? "1 row" : "\(count) rows"
    }
}
