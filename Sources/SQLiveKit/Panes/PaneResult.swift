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

/// One value fetched for a pane, tagged with what the board needs to place it in order.
struct PaneFetch: Sendable {
    /// The observation that fetched it; values of an observation the board has since
    /// replaced are dropped.
    var token: ObservationToken
    /// Increases with every fetch of every pane, in the order fetches run on the database
    /// connection: a value with a lower number than the one shown is stale.
    var sequence: UInt64
    var cause: RefreshCause
    var result: PaneResult
    /// True for the first value of an observation (pin, restart), which GRDB's
    /// `removeDuplicates()` never compares with the value before it.
    var isInitial: Bool
}

/// Identifies one started observation of one pane.
struct ObservationToken: Hashable, Sendable, Comparable {
    let value: UInt64

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}

/// A fetch that failed, thrown from the fetch closure so the error handler knows which fetch
/// it was.
struct PaneFetchFailure: Error, Sendable {
    var token: ObservationToken
    var sequence: UInt64
    var cause: RefreshCause
    var message: String
}
