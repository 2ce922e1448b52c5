import GRDB
import Synchronization

/// The transaction observer that records, for every pane, what each commit changed in the
/// pane's region, so a refresh can say why it happened; it also writes the `.trace` lines.
///
/// It mirrors the way GRDB decides to wake an observation: a statement's kinds of change
/// (from SQLite's authorizer, through ``observes(eventsOfKind:)``) are tested against each
/// pane's region, then each changed row (through ``databaseDidChange(with:)``) against the
/// interested panes' rowids. It is added to the connection before any pane's observation, so
/// at each commit its ``databaseDidCommit(_:)`` runs first and the panes' fetches, which GRDB
/// runs right after in the same commit, find their cause in ``cause(for:)``.
///
///     recorder.watch(token, paneID: 1, label: "pane 1 (scores)", region: region)
///     // UPDATE player SET score = 0 WHERE id = 1, then at the pane's fetch:
///     recorder.cause(for: token)   // .changes("update player(score)[1]")
final class ChangeRecorder: TransactionObserver, Sendable {
    /// A pane whose region is watched.
    struct Watched: Sendable {
        var paneID: Int
        var label: String
        var region: DatabaseRegion
        var map: RegionMap
        /// The pane's query failed: a commit touching its last region asks for a retry.
        var isFailed = false
    }

    private struct KindKey: Hashable {
        var table: String
        var kind: DatabaseEvent.Kind
    }

    // MARK: - Mutable State
    //
    // Guarded by `state`. The transaction-observer callbacks run on GRDB's writer queue; the
    // board registers regions from the front-end thread and from `willTrackRegion` (writer
    // queue); fetch closures read `lastCommit` on the writer queue. Items for the front-end are
    // collected under the lock and posted to the inbox after it is released.

    private struct State {
        var watched: [ObservationToken: Watched] = [:]
        var byTable: [String: Set<ObservationToken>] = [:]
        var everywhere: Set<ObservationToken> = []
        /// For the statement running now: which panes care about each (table, kind).
        var interest: [KindKey: [ObservationToken]] = [:]
        /// The panes interested in the last kind asked about: they receive the changes a
        /// statement makes without announcing them (virtual tables' shadow tables), as GRDB does.
        var lastInterest: [ObservationToken] = []
        var updatedColumns: [String: Set<String>] = [:]
        var pending: [ObservationToken: ChangeSummary] = [:]
        var notified: Set<ObservationToken> = []
        var lastCommit: [ObservationToken: ChangeSummary] = [:]
        var lastNotified: Set<ObservationToken> = []
        var traceEnabled = false
        var tracedEvents = 0
    }

    /// At most this many change lines per transaction in `.trace`; the commit line counts all.
    static let tracedEventLimit = 100

    private let state = Mutex(State())
    private let inbox: PaneInbox

    init(inbox: PaneInbox) {
        self.inbox = inbox
    }

    var traceEnabled: Bool {
        get { state.withLock { $0.traceEnabled } }
        set { state.withLock { $0.traceEnabled = newValue } }
    }

    // MARK: - Regions

    /// Starts (or goes on) watching a pane's region.
    func watch(_ token: ObservationToken, paneID: Int, label: String, region: DatabaseRegion) {
        state.withLock { state in
            Self.removeFromIndex(token, &state)
            var watched = Watched(paneID: paneID, label: label, region: region, map: RegionMap(region))
            watched.isFailed = state.watched[token]?.isFailed ?? false
            state.watched[token] = watched
            if watched.map.isFullDatabase {
                state.everywhere.insert(token)
            }
            for table in watched.map.tableKeys {
                state.byTable[table, default: []].insert(token)
            }
        }
    }

    /// The pane's query failed: keep its last region to retry when a commit touches it.
    func markFailed(_ token: ObservationToken) {
        state.withLock { $0.watched[token]?.isFailed = true }
    }

    func unwatch(_ token: ObservationToken) {
        state.withLock { state in
            Self.removeFromIndex(token, &state)
            state.watched.removeValue(forKey: token)
        }
    }

    /// `.notify`: the panes woken by hand in the current transaction.
    func noteNotified(_ tokens: Set<ObservationToken>) {
        state.withLock { $0.notified.formUnion(tokens) }
    }

    /// The panes whose region a kind of change touches (for `.notify` and `.impact`).
    func tokens(modifiedBy kinds: [DatabaseEventKind]) -> Set<ObservationToken> {
        state.withLock { state in
            Set(state.watched.filter { _, watched in
                kinds.contains { watched.region.isModified(byEventsOfKind: $0) }
            }.keys)
        }
    }

    /// Why the commit being notified now woke a pane, for its fetch.
    func cause(for token: ObservationToken) -> RefreshCause {
        state.withLock { state in
            if let summary = state.lastCommit[token] { return .changes(summary) }
            return state.lastNotified.contains(token) ? .notifiedByHand : .commit
        }
    }

    private static func removeFromIndex(_ token: ObservationToken, _ state: inout State) {
        guard let old = state.watched[token] else { return }
        state.everywhere.remove(token)
        for table in old.map.tableKeys {
            state.byTable[table]?.remove(token)
        }
    }

    // MARK: - TransactionObserver

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        state.withLock { state in
            let table = eventKind.tableName.lowercased()
            if case .update(_, let columns) = eventKind {
                state.updatedColumns[table] = columns
            }
            let candidates = state.byTable[table, default: []].union(state.everywhere)
            let interested = candidates
                .filter { state.watched[$0]?.region.isModified(byEventsOfKind: eventKind) == true }
                .sorted()
            state.interest[KindKey(table: table, kind: eventKind.eventKind)] = interested
            state.lastInterest = interested
            return state.traceEnabled || !interested.isEmpty
        }
    }

    func databaseDidChange(with event: DatabaseEvent) {
        let line = state.withLock { state -> String? in
            let key = event.tableName.lowercased()
            let updated = event.kind == .update ? state.updatedColumns[key] ?? [] : []
            let tokens = state.interest[KindKey(table: key, kind: event.kind)] ?? state.lastInterest
            for token in tokens {
                guard let watched = state.watched[token], watched.region.isModified(by: event) else { continue }
                let columns = Self.columns(updated, within: watched.map.area(of: event.tableName))
                state.pending[token, default: ChangeSummary()]
                    .record(table: event.tableName, kind: event.kind, rowID: event.rowID, columns: columns)
            }
            return Self.traceLine(for: event, updated: updated, &state)
        }
        if let line { inbox.post(.trace(line)) }
    }

    func databaseDidCommit(_ db: Database) {
        let items = state.withLock { state -> [PaneInbox.Item] in
            var items: [PaneInbox.Item] = []
            let woken = Set(state.pending.keys).union(state.notified)
                .compactMap { token in state.watched[token].map { (token, $0) } }
                .sorted { $0.1.paneID < $1.1.paneID }
            for (token, watched) in woken where watched.isFailed {
                let cause: RefreshCause = state.pending[token].map { .changes($0) } ?? .notifiedByHand
                items.append(.retry(token, cause))
            }
            if state.traceEnabled {
                let labels = woken.map(\.1.label)
                let events = state.tracedEvents > Self.tracedEventLimit
                    ? " (\(state.tracedEvents) changes, \(state.tracedEvents - Self.tracedEventLimit) not shown)" : ""
                items.insert(.trace("commit\(events), woke " + (labels.isEmpty ? "no pane" : labels.joined(separator: ", "))), at: 0)
            }
            state.lastCommit = state.pending
            state.lastNotified = state.notified
            Self.endTransaction(&state)
            return items
        }
        items.forEach(inbox.post)
    }

    func databaseDidRollback(_ db: Database) {
        let traced = state.withLock { state -> Bool in
            Self.endTransaction(&state)
            return state.traceEnabled
        }
        if traced { inbox.post(.trace("rollback")) }
    }

    private static func endTransaction(_ state: inout State) {
        state.pending.removeAll()
        state.notified.removeAll()
        state.tracedEvents = 0
    }

    /// The updated columns a pane reads (all of them when its region takes every column).
    private static func columns(_ updated: Set<String>, within area: RegionMap.TableArea?) -> Set<String> {
        guard let read = area?.columns else { return updated }
        let readKeys = Set(read.map { $0.lowercased() })
        return updated.filter { readKeys.contains($0.lowercased()) }
    }

    private static func traceLine(for event: DatabaseEvent, updated: Set<String>, _ state: inout State) -> String? {
        guard state.traceEnabled else { return nil }
        state.tracedEvents += 1
        guard state.tracedEvents <= tracedEventLimit else { return nil }
        let columns = event.kind == .update && !updated.isEmpty ? "(\(updated.sorted().joined(separator: ",")))" : ""
        return "\(event.kind.verb) \(event.tableName)\(columns) rowid \(event.rowID)"
    }
}

extension DatabaseEventKind {
    /// The kind of row event a statement of this kind produces.
    var eventKind: DatabaseEvent.Kind {
        switch self {
        case .insert: .insert
        case .update: .update
        case .delete: .delete
        }
    }
}
