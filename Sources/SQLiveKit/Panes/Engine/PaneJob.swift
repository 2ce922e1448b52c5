import GRDB

/// One pane as the ``RefreshScheduler`` knows it: the SQL to run on the reader connection,
/// made from the pane's text (SQL or DSL) by the session's compiler on the user's connection.
///
///     PaneJob(paneID: 1, token: token, sql: "SELECT count(*) FROM \"player\"", arguments: [],
///             rowLimit: 20)
struct PaneJob: Sendable {
    var paneID: Int
    var token: ObservationToken
    var sql: String
    /// The arguments GRDB made for a DSL query's literals; nil for SQL, which takes the
    /// `.parameter` values.
    var arguments: StatementArguments?
    var rowLimit: Int
}

/// What one refresh of one pane produced.
struct PaneFetch: Sendable {
    enum Outcome: Sendable, Equatable {
        case rows(PaneResult)
        case failure(String)
    }

    /// The observation that fetched it; values of an observation the board has since
    /// replaced are dropped.
    var token: ObservationToken
    /// Why it ran: every cause gathered since the pane's previous refresh, oldest first.
    var causes: [RefreshCause]
    var outcome: Outcome
    /// How long the query took, in seconds.
    var duration: Double
}

/// The panes refreshed together, from one read transaction of the reader connection: one
/// snapshot of the database, so the screen never shows two panes from different states.
struct PaneFrame: Sendable {
    /// Increases with each frame: frames are applied in order.
    var sequence: UInt64
    var fetches: [PaneFetch]
}

/// Identifies one started observation of one pane.
struct ObservationToken: Hashable, Sendable, Comparable {
    let value: UInt64

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}
