import GRDB
import GRDBSQLite
import Synchronization

/// The one transaction observer on the user's connection: it records, for every pane, what
/// each commit changed in the pane's region, and at each commit hands the panes it woke, with
/// the cause, to the refresh scheduler (a ``PaneChangeSink``): a change source. It also writes the `.trace` lines.
///
/// A statement's kinds of change (from SQLite's authorizer, through
/// ``observes(eventsOfKind:)``) are tested against the regions of the panes indexed under the
/// table, so a commit costs what the panes it touches cost, not what all panes cost; then each
/// changed row (``databaseDidChange(with:)``) against the interested panes' rowids — but only
/// where every way that row can change is reported (``TableFacts/reportsEveryChange(of:)``):
/// SQLite does not report the rows `REPLACE` deletes, nor the old rowid of an update that
/// changes it.
///
///     recorder.watch(token, paneID: 1, label: "pane 1 (scores)", region: region)
///     // UPDATE player SET score = 0 WHERE id = 1; at the commit:
///     // sink.receive(.panes([token: .changes("update player(score)[1]")]))
final class ChangeRecorder: TransactionObserver, Sendable {
    /// A pane whose region is watched.
    struct Watched: Sendable {
        var paneID: Int
        var label: String
        var region: DatabaseRegion
        /// The tables of the region, lowercased (``RegionTables``).
        var tables: Set<String>
        /// The tables whose rows the region may be narrowed to (``RegionTables/narrowedTables``).
        var narrowedTables: Set<String>
    }

    private struct KindKey: Hashable {
        var table: String
        var kind: DatabaseEvent.Kind
    }

    /// A kind of change as SQLite's authorizer announces it: the table (lowercased), the kind,
    /// and for updates the columns.
    private struct AnnouncementKey: Hashable {
        var table: String
        var kind: DatabaseEvent.Kind
        var columns: Set<String>
    }

    /// The panes a statement's kind of change may touch, and whether rowids can narrow it.
    private struct Interest {
        var table: String
        var tokens: [ObservationToken]
        /// The updated columns each pane reads (updates only).
        var columns: [ObservationToken: Set<String>]
        var rowIDsNarrow: Bool

        /// Adds what an earlier statement of the transaction announced for the same table and
        /// kind: its panes, their columns; rowids narrow only where they narrowed for both.
        func merged(_ earlier: Interest) -> Interest {
            var merged = self
            merged.tokens = Array(Set(tokens).union(earlier.tokens)).sorted()
            merged.columns.merge(earlier.columns) { $0.union($1) }
            merged.rowIDsNarrow = rowIDsNarrow && earlier.rowIDsNarrow
            return merged
        }
    }

    // MARK: - Mutable State
    //
    // Guarded by `state`. The transaction-observer callbacks run on the user's connection's
    // queue; the board registers regions and marks statements from the front-end thread.
    // Nothing is called out while the lock is held: trace lines and the commit's wake-ups
    // are collected under it and handed on after.

    private struct State {
        var watched: [ObservationToken: Watched] = [:]
        var byTable: [String: Set<ObservationToken>] = [:]
        var everywhere: Set<ObservationToken> = []
        var facts: [String: TableFacts] = [:]
        /// Which panes care about each (table, kind), for what every statement of the
        /// transaction announced: changes GRDB held back inside a savepoint arrive after later
        /// statements announced other columns, and are matched with all of them.
        var interest: [KindKey: Interest] = [:]
        /// The same for the statement running now only: its own changes are matched with what
        /// it announced, so a cause names only the columns that statement updated.
        var statementInterest: [KindKey: Interest] = [:]
        /// The last kind asked about: its panes receive the changes a statement makes without
        /// announcing them (a virtual table's shadow tables), as GRDB does.
        var lastInterest: Interest?
        var updatedColumns: [String: Set<String>] = [:]
        /// The panes each kind of change concerns, worked out once: the same statements run
        /// again and again (a script's INSERTs), and asking every region costs more than the
        /// write itself. Forgotten whenever a region or what is known of a table changes.
        var answers: [AnnouncementKey: Interest] = [:]
        var pending: [ObservationToken: ChangeSummary] = [:]
        var notified: Set<ObservationToken> = []
        /// Panes that started inside the transaction: what it changed before they did is not
        /// in `pending`, so its commit wakes them whatever it changed.
        var startedInTransaction: Set<ObservationToken> = []
        /// `pending` and `notified` as they were before the statement running now, to forget
        /// what a failed statement did (SQLite undid it, and no hook says so).
        var checkpoint: (pending: [ObservationToken: ChangeSummary], notified: Set<ObservationToken>)?
        var traceEnabled = false
        var tracedEvents = 0
        var commitCount = 0
        /// The user's statement being stepped now (its address), or 0.
        var steppingStatement = 0
        /// Where the last row event went: a statement's changes come one row at a time,
        /// 200,000 of them for one `INSERT … SELECT`, nearly always to the same table and
        /// kind, and working out their panes again for each row cost three times what SQLite
        /// spends writing it. It holds its panes' summaries, taken out of `pending`, and puts
        /// them back (``settleRoute(_:)``) before anything reads `pending` or anything it was
        /// worked out from changes.
        var route: Route?
    }

    /// The panes one table's changes of one kind are recorded for, and how.
    private struct Route {
        /// The table as GRDB names it in its events, and the kind of change.
        var table: String
        var kind: DatabaseEvent.Kind
        var targets: [Target]
        /// The virtual table a shadow table's changes are counted to (nil: the table's own).
        var owner: String?
        /// The updated columns, for `.trace`.
        var updated: Set<String>
    }

    private struct Target {
        var token: ObservationToken
        /// The pane's region where it may be narrowed to rowids: each row is asked about.
        var narrowingRegion: DatabaseRegion?
        var columns: Set<String>
        /// The pane's summary of the transaction, out of `pending` while the route is followed.
        var summary: ChangeSummary
    }

    /// At most this many change lines per transaction in `.trace`; the commit line counts all.
    static let tracedEventLimit = 100
    /// At most this many kinds of change have their panes remembered.
    static let answerLimit = 1_000

    private let state = Mutex(State())
    private let inbox: PaneInbox
    /// Told after each commit which panes it woke and why (``PaneChange/panes(_:)``).
    private let sink: any PaneChangeSink

    init(inbox: PaneInbox, sink: any PaneChangeSink) {
        self.inbox = inbox
        self.sink = sink
    }

    var traceEnabled: Bool {
        get { state.withLock { $0.traceEnabled } }
        set { state.withLock { $0.traceEnabled = newValue } }
    }

    /// How many transactions this connection committed: tells a local schema change from
    /// another process's.
    var commitCount: Int { state.withLock { $0.commitCount } }

    // MARK: - Regions

    /// Starts (or goes on) watching a pane's region; `facts` describe the region's tables.
    func watch(_ token: ObservationToken, paneID: Int, label: String, region: DatabaseRegion,
               tables: Set<String>, narrowedTables: Set<String>, facts: [String: TableFacts],
               inheriting previous: ObservationToken? = nil) {
        state.withLock { state in
            Self.settleRoute(&state)
            if let previous {
                if let summary = state.pending.removeValue(forKey: previous) { state.pending[token] = summary }
                if state.notified.remove(previous) != nil { state.notified.insert(token) }
            }
            Self.removeFromIndex(token, &state)
            let watched = Watched(paneID: paneID, label: label, region: region, tables: tables,
                                  narrowedTables: narrowedTables)
            state.watched[token] = watched
            if region.isFullDatabase {
                state.everywhere.insert(token)
            }
            for table in tables {
                state.byTable[table, default: []].insert(token)
            }
            state.facts.merge(facts) { _, new in new }
            state.answers.removeAll()
        }
    }

    func unwatch(_ token: ObservationToken) {
        state.withLock { state in
            Self.settleRoute(&state)
            Self.removeFromIndex(token, &state)
            state.watched.removeValue(forKey: token)
            state.answers.removeAll()
        }
    }

    /// The schema changed: what is known of tables must be learnt again.
    func forgetTableFacts() {
        state.withLock { state in
            state.facts.removeAll()
            state.answers.removeAll()
        }
    }

    /// A pane started inside the user's transaction: its commit wakes it.
    func wakeAtCommit(_ token: ObservationToken) {
        state.withLock { _ = $0.startedInTransaction.insert(token) }
    }

    /// `.notify` inside a transaction: the panes woken by hand when it commits.
    func noteNotified(_ tokens: Set<ObservationToken>) {
        state.withLock { $0.notified.formUnion(tokens) }
    }

    /// The panes a kind of change touches (for `.notify` and `.impact`).
    func tokens(modifiedBy kinds: [DatabaseEventKind]) -> Set<ObservationToken> {
        state.withLock { state in
            Set(state.watched.filter { _, watched in
                kinds.contains { watched.region.isModified(byEventsOfKind: $0) }
            }.keys)
        }
    }

    // MARK: - Statements

    /// The session is about to run a statement: remember what was recorded before it.
    func statementWillRun() {
        state.withLock { state in
            Self.settleRoute(&state)
            state.checkpoint = (state.pending, state.notified)
            state.statementInterest.removeAll(keepingCapacity: true)
        }
    }

    /// The statement failed. Most often SQLite undid its changes — and all the transaction's,
    /// when no transaction is open any more (`RAISE(ROLLBACK)`, a failed COMMIT) — which no
    /// hook says. Under `OR FAIL` or `RAISE(FAIL)` it kept what the statement changed before
    /// the error (`keptChanges`): that stays in the transaction, or outside one SQLite
    /// committed it, which GRDB does not tell its observers (its commit hook ran, but a failed
    /// statement ends without `databaseDidCommit`), so it is this commit's.
    func statementDidFail(transactionIsOpen: Bool, keptChanges: Bool) {
        if keptChanges && !transactionIsOpen { return commitTransaction() }
        let notified = state.withLock { state -> [ObservationToken: RefreshCause] in
            Self.settleRoute(&state)
            guard transactionIsOpen else {
                let notified = Self.notifiedStillWatched(state)
                Self.endTransaction(&state)
                return notified
            }
            guard let checkpoint = state.checkpoint else { return [:] }
            state.checkpoint = nil
            guard !keptChanges else { return [:] }
            state.pending = checkpoint.pending
            state.notified = checkpoint.notified
            return [:]
        }
        if !notified.isEmpty { sink.receive(.panes(notified)) }
    }

    private static func removeFromIndex(_ token: ObservationToken, _ state: inout State) {
        guard let old = state.watched[token] else { return }
        state.everywhere.remove(token)
        for table in old.tables {
            state.byTable[table]?.remove(token)
        }
    }

    /// The session steps `statement` now (nil: it is done). What GRDB asks while it runs is
    /// not what the statement announces (``observes(eventsOfKind:)``).
    func stepping(_ statement: SQLiteStatement?) {
        state.withLock { $0.steppingStatement = statement.map { Int(bitPattern: $0) } ?? 0 }
    }

    // MARK: - TransactionObserver

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        state.withLock { state in
            // A statement compiled while the user's one runs: a virtual table's module
            // preparing its own, lazily (FTS5 prepares its DELETE of `f_docsize` at the first
            // delete from `f`; FTS4 its statements at the first insert), and GRDB's authorizer
            // asking whether deletions of that shadow table are observed. Recorded as an
            // announcement, it took the module's writes away from the virtual table: the first
            // write of each kind woke no pane. Those writes count as the virtual table's (see
            // databaseDidChange); the answer only keeps SQLite reporting them.
            if state.steppingStatement != 0, let stepping = OpaquePointer(bitPattern: state.steppingStatement),
               sqlite3_stmt_busy(stepping) != 0 {
                return true
            }
            let table = eventKind.tableName.lowercased()
            var updated: Set<String> = []
            if case .update(_, let columns) = eventKind {
                updated = columns
                state.updatedColumns[table, default: []].formUnion(columns)
            }
            let answerKey = AnnouncementKey(table: table, kind: eventKind.eventKind, columns: updated)
            let announced: Interest
            if let known = state.answers[answerKey], known.table == eventKind.tableName {
                announced = known
            } else {
                announced = Self.interest(in: eventKind, table: table, updated: updated, state)
                // Updates of ever new sets of columns must not grow it without bound.
                if state.answers.count >= Self.answerLimit { state.answers.removeAll() }
                state.answers[answerKey] = announced
            }
            let key = KindKey(table: table, kind: eventKind.eventKind)
            // GRDB holds back the changes made inside a savepoint until it is released or the
            // transaction commits, and hands them over after later statements were announced:
            // such a change is matched with what every statement of the transaction announced
            // for its table and kind, never only the last one.
            state.interest[key] = state.interest[key].map { announced.merged($0) } ?? announced
            state.statementInterest[key] = state.statementInterest[key].map { announced.merged($0) } ?? announced
            state.lastInterest = announced
            Self.settleRoute(&state)
            return state.traceEnabled || !announced.tokens.isEmpty
        }
    }

    /// The panes a kind of change concerns, asked of their regions.
    private static func interest(in eventKind: DatabaseEventKind, table: String, updated: Set<String>,
                                 _ state: State) -> Interest {
        let candidates = state.byTable[table, default: []].union(state.everywhere)
        let narrows = state.facts[table]?.reportsEveryChange(of: eventKind) ?? false
        // A statement that may delete rows unreported (REPLACE) concerns every pane on
        // the table, whatever columns it reads.
        let deletion = DatabaseEventKind.delete(tableName: eventKind.tableName)
        let tokens = candidates.filter { token in
            guard let region = state.watched[token]?.region else { return false }
            return region.isModified(byEventsOfKind: eventKind)
                || (!narrows && region.isModified(byEventsOfKind: deletion))
        }.sorted()
        var columns: [ObservationToken: Set<String>] = [:]
        if !updated.isEmpty {
            for token in tokens {
                guard let region = state.watched[token]?.region else { continue }
                columns[token] = updated.filter {
                    region.isModified(byEventsOfKind: .update(tableName: eventKind.tableName, columnNames: [$0]))
                }
            }
        }
        return Interest(table: eventKind.tableName, tokens: tokens, columns: columns, rowIDsNarrow: narrows)
    }

    func databaseDidChange(with event: DatabaseEvent) {
        // GRDB makes the name from SQLite's C string at each call: once is enough.
        let table = event.tableName
        let line = state.withLock { state -> String? in
            if state.route?.kind != event.kind || state.route?.table != table {
                Self.settleRoute(&state)
                state.route = Self.route(table: table, kind: event.kind, &state)
            }
            // The route is changed where it is, never copied: a copy of its targets would be
            // made for every row.
            let owner = state.route!.owner
            for index in state.route!.targets.indices {
                if let region = state.route!.targets[index].narrowingRegion, !region.isModified(by: event) { continue }
                if let owner {
                    state.route!.targets[index].summary.record(table: owner, kind: event.kind, rowID: nil, columns: [])
                } else {
                    let columns = state.route!.targets[index].columns
                    state.route!.targets[index].summary
                        .record(table: table, kind: event.kind, rowID: event.rowID, columns: columns)
                }
            }
            guard state.traceEnabled else { return nil }
            return Self.traceLine(for: event, updated: state.route!.updated, via: owner, &state)
        }
        if let line { inbox.post(.trace(line)) }
    }

    /// Which panes a change of `kind` to `table` is recorded for; their summaries move from
    /// `pending` into the route.
    private static func route(table: String, kind: DatabaseEvent.Kind, _ state: inout State) -> Route {
        let key = table.lowercased()
        let updated = kind == .update ? state.updatedColumns[key] ?? [] : []
        // The running statement's own change, or one GRDB held back in a savepoint (the
        // statement delivering it, RELEASE or COMMIT, announced nothing for its table).
        let kindKey = KindKey(table: key, kind: kind)
        if let interest = state.statementInterest[kindKey] ?? state.interest[kindKey] {
            var targets: [Target] = []
            for token in interest.tokens {
                guard let watched = state.watched[token] else { continue }
                let narrows = interest.rowIDsNarrow && watched.narrowedTables.contains(key)
                targets.append(Target(token: token, narrowingRegion: narrows ? watched.region : nil,
                                      columns: interest.columns[token] ?? [],
                                      summary: state.pending.removeValue(forKey: token) ?? ChangeSummary()))
            }
            return Route(table: table, kind: kind, targets: targets, owner: nil, updated: updated)
        }
        // A change the statement did not announce: a virtual table's module writing its
        // shadow tables. It counts as a change of the virtual table, without rowids.
        guard let announced = shadowOwner(of: key, state) ?? state.lastInterest else {
            return Route(table: table, kind: kind, targets: [], owner: nil, updated: updated)
        }
        var targets: [Target] = []
        for token in announced.tokens where state.watched[token] != nil {
            targets.append(Target(token: token, narrowingRegion: nil, columns: [],
                                  summary: state.pending.removeValue(forKey: token) ?? ChangeSummary()))
        }
        return Route(table: table, kind: kind, targets: targets, owner: announced.table, updated: updated)
    }

    /// The virtual table whose shadow table `table` is (`f` for `f_data`, `f_content`,
    /// `f_node`…), among the tables the transaction's statements announced, merged over the
    /// kinds of change announced for it. Inside a savepoint GRDB hands the shadow tables'
    /// changes over at RELEASE or COMMIT, after later statements announced other tables: the
    /// last interest then is another table's, and the pane on the virtual table was never
    /// woken.
    private static func shadowOwner(of table: String, _ state: State) -> Interest? {
        let owners = state.interest.filter { table.hasPrefix($0.key.table + "_") }
        guard let longest = owners.keys.max(by: { $0.table.count < $1.table.count })?.table else { return nil }
        return owners.filter { $0.key.table == longest }.values.reduce(nil) { merged, interest in
            merged.map(interest.merged) ?? interest
        }
    }

    /// Puts the route's summaries back into `pending` and forgets the route.
    private static func settleRoute(_ state: inout State) {
        guard let route = state.route else { return }
        state.route = nil
        for target in route.targets where !target.summary.isEmpty {
            state.pending[target.token] = target.summary
        }
    }

    func databaseDidCommit(_ db: Database) {
        commitTransaction()
    }

    /// Wakes the panes the transaction's changes concern, then forgets the transaction.
    private func commitTransaction() {
        let (woken, trace) = state.withLock { state -> ([ObservationToken: RefreshCause], String?) in
            Self.settleRoute(&state)
            // A literal, not `Dictionary(minimumCapacity:)`: that initializer is not specialized
            // here and looks up the storage's type metadata at every commit.
            var woken: [ObservationToken: RefreshCause] = [:]
            // In order of precedence, each token once (no set of all candidates is made: a
            // script's every statement is a commit): changes, then `.notify`, then a commit
            // that changed nothing the pane shows (an empty summary, a pane started inside
            // the transaction).
            for (token, summary) in state.pending where state.watched[token] != nil {
                if !summary.isEmpty {
                    woken[token] = .changes(summary)
                } else if !state.notified.contains(token) {
                    woken[token] = .commit
                }
            }
            for token in state.notified where woken[token] == nil && state.watched[token] != nil {
                woken[token] = .notifiedByHand
            }
            for token in state.startedInTransaction where woken[token] == nil && state.watched[token] != nil {
                woken[token] = .commit
            }
            var trace: String?
            if state.traceEnabled {
                let labels = woken.keys.compactMap { state.watched[$0] }.sorted { $0.paneID < $1.paneID }.map(\.label)
                let events = state.tracedEvents > Self.tracedEventLimit
                    ? " (\(state.tracedEvents) changes, \(state.tracedEvents - Self.tracedEventLimit) not shown)" : ""
                trace = "commit\(events), woke " + (labels.isEmpty ? "no pane" : labels.joined(separator: ", "))
            }
            state.commitCount += 1
            Self.endTransaction(&state)
            return (woken, trace)
        }
        if let trace { inbox.post(.trace(trace)) }
        if !woken.isEmpty { sink.receive(.panes(woken)) }
    }

    func databaseDidRollback(_ db: Database) {
        let (traced, notified) = state.withLock { state -> (Bool, [ObservationToken: RefreshCause]) in
            let notified = Self.notifiedStillWatched(state)
            Self.endTransaction(&state)
            return (state.traceEnabled, notified)
        }
        if traced { inbox.post(.trace("rollback")) }
        if !notified.isEmpty { sink.receive(.panes(notified)) }
    }

    /// The panes `.notify` woke by hand inside the transaction. Its changes are undone at a
    /// rollback, but the notice was about the committed state (a WITHOUT ROWID table's
    /// changes, which SQLite reports to no hook, made before): the panes refresh all the same
    /// (they kept their stale rows), which costs a read and never shows anything untrue.
    private static func notifiedStillWatched(_ state: State) -> [ObservationToken: RefreshCause] {
        var woken: [ObservationToken: RefreshCause] = [:]
        for token in state.notified where state.watched[token] != nil { woken[token] = .notifiedByHand }
        return woken
    }

    /// Forgets the transaction; the tables keep their storage, which the next one reuses (a
    /// script's every statement is a transaction).
    private static func endTransaction(_ state: inout State) {
        state.pending.removeAll(keepingCapacity: true)
        state.notified.removeAll(keepingCapacity: true)
        state.startedInTransaction.removeAll(keepingCapacity: true)
        state.checkpoint = nil
        state.tracedEvents = 0
        state.interest.removeAll(keepingCapacity: true)
        state.statementInterest.removeAll(keepingCapacity: true)
        state.updatedColumns.removeAll(keepingCapacity: true)
        state.lastInterest = nil
        state.route = nil
    }

    private static func traceLine(for event: DatabaseEvent, updated: Set<String>, via table: String?,
                                  _ state: inout State) -> String? {
        guard state.traceEnabled else { return nil }
        state.tracedEvents += 1
        guard state.tracedEvents <= tracedEventLimit else { return nil }
        let columns = event.kind == .update && !updated.isEmpty ? "(\(updated.sorted().joined(separator: ",")))" : ""
        if let table {
            return "\(event.kind.verb) \(table) (its module wrote \(event.tableName) rowid \(event.rowID))"
        }
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
