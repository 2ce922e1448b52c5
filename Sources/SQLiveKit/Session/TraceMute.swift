import Synchronization

/// Keeps sqlive's own statements out of `.trace`: the statements the panes run on the user's
/// connection (compiling a pane, reading its region, noticing schema changes and other
/// processes' commits) are not the user's, and sqlite3, which has no panes, would trace none
/// of them. Without it, a schema change with a pane pinned traced twenty lines of PRAGMAs.
///
/// One per connection (``DatabaseConnection/traceMute``). Accesses to a connection are
/// serialized, so a statement traced while the count is above zero is one of sqlive's own,
/// whatever thread runs it (the external watcher checks from a timer's).
///
///     connection.traceMute.during { try db.execute(sql: "PRAGMA data_version") }
final class TraceMute: Sendable {
    private let depth = Atomic<Int>(0)

    var isMuted: Bool { depth.load(ordering: .sequentiallyConsistent) > 0 }

    func during<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        depth.add(1, ordering: .sequentiallyConsistent)
        defer { depth.subtract(1, ordering: .sequentiallyConsistent) }
        return try body()
    }
}
