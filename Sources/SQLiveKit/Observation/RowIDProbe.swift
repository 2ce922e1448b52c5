import GRDB
import Synchronization

/// Which rowids a region holds, asked through GRDB's public API alone.
///
/// A region answers about one row only when given a `DatabaseEvent`
/// (`isModified(by:)`), and only SQLite makes events: so the probe makes real ones. It creates
/// each table by name in a private in-memory database, inserts the rows of the rowids asked
/// about, and keeps the events GRDB reports for them. The region then answers for each.
/// A region cannot list its rowids, so the probe asks only about candidates (the keys a query
/// names, ``RowIDCandidates``), and about one rowid no candidate is, which a region narrowed to
/// rowids never holds: that tells "every row" from "these rows".
///
///     let probe = try RowIDProbe(asking: [1, 2, 3])
///     try probe.rowIDs(of: "player", in: Table("player").filter(keys: [2]).databaseRegion(db))   // [2]
///     try probe.rowIDs(of: "player", in: Table("player").databaseRegion(db))                    // nil: every row
struct RowIDProbe {
    private let candidates: [Int64]
    /// A rowid no candidate is.
    private let outsider: Int64
    private let scratch: DatabaseQueue
    private let events = EventKeeper()

    init(asking candidates: Set<Int64>) throws {
        self.candidates = candidates.sorted()
        outsider = (Int64.min...).first { !candidates.contains($0) } ?? .min
        scratch = try DatabaseQueue()
        try scratch.write { [events] db in db.add(transactionObserver: events, extent: .databaseLifetime) }
    }

    /// The candidates `region` holds for `table` (which it must cover), or nil when it holds
    /// every row of it, or when the table cannot be made to ask (SQLite reserves `sqlite_`
    /// names): nil never leaves out a row the region holds.
    func rowIDs(of table: String, in region: DatabaseRegion) throws -> [Int64]? {
        let asked = [outsider] + candidates
        let made: [DatabaseEvent]
        do {
            made = try scratch.write { db in
                // A map asks once per table (names differ without regard to case).
                let name = SQLIdentifier.quoted(table)
                try db.execute(sql: "CREATE TABLE \(name)(v)")
                events.kept = []
                for rowID in asked {
                    try db.execute(sql: "INSERT INTO \(name)(rowid) VALUES (?)", arguments: [rowID])
                }
                return events.kept
            }
        } catch {
            return nil
        }
        guard made.count == asked.count, !region.isModified(by: made[0]) else { return nil }
        return zip(asked, made).dropFirst().filter { region.isModified(by: $0.1) }.map(\.0)
    }
}

extension RowIDProbe {
    /// Whether `region` may be narrowed to rowids in `table`: asked with an event of a rowid
    /// no query's key is (`Int64.min`), made once per table name and kept for the process.
    /// Every pane compiles again at every schema change; a scratch database made for each
    /// compile cost 650k instructions. Without a scratch database every table may be narrowed
    /// (which only costs asking about each row); a table it cannot make (SQLite keeps
    /// `sqlite_` names) counts as whole, as ``rowIDs(of:in:)`` reads it.
    static func mayNarrow(_ table: String, in region: DatabaseRegion) -> Bool {
        outsiders.withLock { cache -> Bool in
            let key = table.lowercased()
            if cache.events[key] == nil {
                if cache.probe == nil || cache.events.count >= outsiderLimit {
                    cache.probe = try? RowIDProbe(asking: [])
                    cache.events.removeAll()
                }
                guard let probe = cache.probe else { return true }
                cache.events[key] = .some(probe.outsiderEvent(of: key))
            }
            guard let event = cache.events[key] ?? nil else { return false }
            return !region.isModified(by: event)
        }
    }

    /// Table names whose events are kept, at most (a new scratch database past them).
    private static let outsiderLimit = 1_000
    private static let outsiders = Mutex<(probe: RowIDProbe?, events: [String: DatabaseEvent?])>((nil, [:]))

    /// The event of inserting the outsider's row into a table of this name, or nil when
    /// the table cannot be made.
    private func outsiderEvent(of table: String) -> DatabaseEvent? {
        try? scratch.write { db in
            try db.execute(sql: "CREATE TABLE \(SQLIdentifier.quoted(table))(v)")
            events.kept = []
            try db.execute(sql: "INSERT INTO \(SQLIdentifier.quoted(table))(rowid) VALUES (?)", arguments: [outsider])
            return events.kept.first
        }
    }
}

/// Keeps a copy of every row event of the scratch database. Only its queue's writes touch it.
private final class EventKeeper: TransactionObserver, @unchecked Sendable {
    // @unchecked: `kept` is read and written only inside `scratch.write`, on its serial queue.
    var kept: [DatabaseEvent] = []

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) { kept.append(event.copy()) }
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
}
