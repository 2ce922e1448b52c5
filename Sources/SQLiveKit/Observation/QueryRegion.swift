import GRDB
import Synchronization

/// The region GRDB tracks for a query (`.region`), and the changes it will not see by itself.
///
///     let report = try QueryRegion.inspect("SELECT id, name FROM player", board: board)
///     report.region.description   // "player(id,name)"
///     report.warnings             // e.g. changes by other processes while .external is off
struct QueryRegion {
    var region: DatabaseRegion
    var warnings: [String]

    static func inspect(_ text: String, board: PaneBoard) throws(Diagnostic) -> QueryRegion {
        let query = try board.compile(text)
        defer { board.close(query) }
        guard let binding = board.binding else {
            throw Diagnostic("the session of these panes has ended")
        }
        let region = trackedRegion(of: query, in: binding.connection.queue)
        var warnings = try binding.connection.access { db in try tableWarnings(for: RegionMap(region), db: db) }
        if region.isEmpty {
            warnings.append("the query reads no table: it never refreshes by itself (.refresh runs it again)")
        }
        if !binding.connection.options.isInMemory && board.externalInterval == nil {
            warnings.append("changes by other processes (rows or schema) are not seen while .external is off: "
                            + ".external on watches for them, or .notify after them")
        }
        return QueryRegion(region: region, warnings: warnings)
    }

    /// Starts an observation of the query's declared region and keeps the region GRDB starts
    /// tracking: GRDB's own view, with views replaced by their tables and names in their
    /// canonical case. A read-only connection tracks nothing: the declared region is shown.
    private static func trackedRegion(of query: PaneQuery, in queue: DatabaseQueue) -> DatabaseRegion {
        let declared = query.declaredRegion
        let tracked = Mutex<DatabaseRegion?>(nil)
        let cancellable = ValueObservation
            .tracking { db in try db.registerAccess(to: declared) }
            .handleEvents(willTrackRegion: { region in tracked.withLock { $0 = region } })
            .start(in: queue, scheduling: PaneScheduler(), onError: { _ in }, onChange: { _ in })
        cancellable.cancel()
        return tracked.withLock { $0 } ?? declared
    }

    /// Tables whose changes GRDB cannot see: WITHOUT ROWID tables (SQLite reports no row
    /// changes for them) and virtual tables (their module may change them on its own).
    private static func tableWarnings(for map: RegionMap, db: Database) throws -> [String] {
        var warnings: [String] = []
        for area in map.areas {
            switch try TableKind.of(area.table, db: db) {
            case .withoutRowID:
                warnings.append("\(area.table) is a WITHOUT ROWID table: SQLite does not report changes to it, "
                                + "so panes do not refresh by themselves (.notify \(area.table) after changing it)")
            case .virtual:
                warnings.append("\(area.table) is a virtual table: changes its module makes on its own are not seen "
                                + "(.notify \(area.table) after them)")
            default:
                break
            }
        }
        return warnings
    }
}
