/// Why a pane was fetched again: what `.why`, the dock's title line and the script blocks
/// (`-- pane 1 (scores): update player(score)[1]`) show.
///
///     RefreshCause.changes(summary).description   // "insert player[4], update player(score)[1]"
///     RefreshCause.notifiedByHand.description     // "notified by hand"
public enum RefreshCause: Sendable, Equatable, CustomStringConvertible {
    /// The first value, fetched by `.pin`.
    case pinned
    /// A commit changed rows in the pane's region.
    case changes(ChangeSummary)
    /// GRDB woke the pane for a commit whose changes sqlive did not record (such as the
    /// unannounced writes of a virtual table's module).
    case commit
    /// `.notify`.
    case notifiedByHand
    /// Another process committed to the database file.
    case externalChange
    /// A replica applied a transaction replicated from its primary (Litestream's txid).
    case replicatedCommit(transaction: Int)
    /// The schema changed: the query was compiled again.
    case schemaChange
    /// `.refresh`.
    case refreshedByHand
    /// `.resume`.
    case resumed
    /// `.open` replaced the database the pane reads.
    case databaseOpened
    /// `.parameter` changed the value of parameters the query binds.
    case parametersChanged([String])
    /// A PRAGMA changed a setting that changes what queries return (``ReaderSettings``).
    case settingsChanged([String])

    public var description: String {
        switch self {
        case .pinned: "pinned"
        case .changes(let summary): summary.description
        case .commit: "commit"
        case .notifiedByHand: "notified by hand"
        case .externalChange: "external change"
        case .replicatedCommit(let transaction): "replicated commit txid \(transaction)"
        case .schemaChange: "schema change"
        case .refreshedByHand: "refreshed by hand"
        case .resumed: "resumed"
        case .databaseOpened: "database opened"
        case .parametersChanged(let names):
            "parameter\(names.count == 1 ? "" : "s") \(names.joined(separator: ", ")) changed"
        case .settingsChanged(let names):
            "PRAGMA \(names.joined(separator: ", ")) changed"
        }
    }

    /// One cause for the causes gathered between two refreshes: the changes of several
    /// commits add up; otherwise the first cause tells why the pane ran, unless a later one
    /// says more (a schema change after changes).
    static func combining(_ causes: [RefreshCause]) -> RefreshCause {
        guard var first = causes.first else { return .commit }
        for cause in causes.dropFirst() {
            switch (first, cause) {
            case (.changes(var summary), .changes(let more)):
                summary.merge(more)
                first = .changes(summary)
            case (_, .schemaChange), (_, .databaseOpened):
                first = cause
            default:
                break
            }
        }
        return first
    }
}
