import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Runs the panes' queries on a connection of their own, off the front-end thread, so the
/// user's next statement never waits for a pane.
///
/// Commits (through the ``ChangeRecorder``), `.notify`, external changes and the board mark
/// panes *dirty*; one serial queue turns the dirty panes into *frames*: every pane due is
/// fetched inside one read transaction of the reader connection — one snapshot — and the
/// frame is delivered whole, so the dock repaints the panes a commit woke together.
///
/// - Coalescing: at most one frame runs at a time; what commits meanwhile makes its panes
///   dirty again, and the next frame reads the latest state.
/// - Yielding: where a reader blocks a writer (a rollback journal, the shared in-memory
///   database), the user's busy handler calls ``interruptReads()``; the frame is dropped and
///   its panes run again once the lock is free.
/// - Throttling: on a terminal a pane refreshes at most once per four times its own cost, so
///   a slow pane cannot take more than a fair share of the machine.
/// - Schema: each frame first reads every database's `schema_version`; when one moved, the
///   frame posts ``PaneInbox/Item/schemaChanged`` and the board compiles the panes again.
///
///     let scheduler = RefreshScheduler(reader: reader, inbox: inbox, throttles: true)
///     scheduler.start(job, cause: .pinned)        // fetched soon, delivered as a frame
///     scheduler.wake([job.token: .changes(…)])    // after a commit
///     scheduler.waitUntilSettled(timeout: 30)     // scripts: after each statement
final class RefreshScheduler: Sendable {
    /// A pane whose query costs less than this is never throttled.
    static let throttleThreshold = 0.01
    /// A pane's next refresh starts at least this many times its cost after the last one.
    static let throttleFactor = 4.0

    // MARK: - Mutable State
    //
    // `state` guards everything below; the front-end thread, the user's connection queue
    // (commits, the busy handler) and the scheduler's queue all touch it, and none calls out
    // while holding it. `statements` belongs to `queue` alone (see ``StatementCache``).

    private struct State {
        var jobs: [ObservationToken: PaneJob] = [:]
        var dirty: [ObservationToken: [RefreshCause]] = [:]
        /// A run of frames is queued or running on `queue`.
        var isScheduled = false
        /// The tokens of the frame being read, and since when.
        var reading: Set<ObservationToken> = []
        var readingSince: Date?
        /// The last frame could not get the lock; a retry is timed.
        var isBlocked = false
        var retryDelay = RefreshScheduler.firstRetryDelay
        var timings: [ObservationToken: PaneTiming] = [:]
        var lastStart: [ObservationToken: Date] = [:]
        var throttles: Bool
        var parameters = ParameterStore()
        /// Each database's `schema_version` as the last frame read it.
        var schemaVersions: [String: Int]?
        var schemaCheckRequested = false
        var nextSequence: UInt64 = 0
        var isClosed = false
    }

    private static let firstRetryDelay = 0.002

    private let state: Mutex<State>
    private let queue = DispatchQueue(label: "sqlive.panes.refresh")
    private let reader: DatabaseQueue
    private let readerHandle: InterruptHandle
    private let statements = StatementCache()
    private let inbox: PaneInbox
    /// Signalled whenever a frame ends, for ``waitUntilSettled(timeout:acceptingBlocked:)``.
    private let progressed = DispatchSemaphore(value: 0)

    init(reader: DatabaseQueue, inbox: PaneInbox, throttles: Bool) {
        self.reader = reader
        self.inbox = inbox
        readerHandle = InterruptHandle(reader.inDatabase { $0.sqliteConnection })
        var initial = State(throttles: throttles)
        // The schema as the panes' queries are first compiled: a change after it, however
        // soon, is a change.
        initial.schemaVersions = try? reader.inDatabase { db in try Self.schemaVersions(db) }
        state = Mutex(initial)
    }

    // MARK: - Panes in

    /// Starts refreshing a pane: its first fetch comes soon, with `cause`.
    func start(_ job: PaneJob, cause: RefreshCause) {
        state.withLock { state in
            state.jobs[job.token] = job
            state.dirty[job.token, default: []].append(cause)
        }
        kick()
    }

    /// Stops a pane's refreshes; a fetch of it under way is interrupted.
    func stop(_ token: ObservationToken) {
        let interrupts = state.withLock { state -> Bool in
            state.jobs.removeValue(forKey: token)
            state.dirty.removeValue(forKey: token)
            state.timings.removeValue(forKey: token)
            state.lastStart.removeValue(forKey: token)
            return state.reading.contains(token)
        }
        if interrupts { readerHandle.interrupt() }
        queue.async { [statements] in statements.remove(token) }
    }

    /// Marks panes dirty, each with its cause.
    func wake(_ causes: [ObservationToken: RefreshCause]) {
        guard !causes.isEmpty else { return }
        state.withLock { state in
            for (token, cause) in causes where state.jobs[token] != nil {
                state.dirty[token, default: []].append(cause)
            }
        }
        kick()
    }

    /// Marks every pane dirty.
    func wakeAll(_ cause: RefreshCause) {
        state.withLock { state in
            for token in state.jobs.keys {
                state.dirty[token, default: []].append(cause)
            }
        }
        kick()
    }

    /// Asks the next frame to compare the schema versions (after a statement that may have
    /// changed the schema, or another process's commit); runs one if nothing else does.
    func requestSchemaCheck() {
        state.withLock { $0.schemaCheckRequested = true }
        kick()
    }

    /// The `.parameter` values SQL panes bind.
    func setParameters(_ parameters: ParameterStore) {
        state.withLock { $0.parameters = parameters }
    }

    /// A blocked refresh tries again now (the user's transaction ended).
    func retryIfBlocked() {
        let blocked = state.withLock { state -> Bool in
            defer { state.retryDelay = Self.firstRetryDelay }
            return state.isBlocked
        }
        if blocked { kick() }
    }

    /// Interrupts the frame being read, if any, so that the user's write gets the lock; its
    /// panes run again after. Safe from any thread (the user's busy handler). True when a
    /// read was interrupted.
    func interruptReads() -> Bool {
        let reading = state.withLock { !$0.reading.isEmpty }
        if reading { readerHandle.interrupt() }
        return reading
    }

    /// Mirrors the user's attached databases on the reader (files only: an attached
    /// in-memory database is private to the user's connection).
    func attach(_ databases: [AttachedDatabase]) {
        queue.async { [reader] in
            try? reader.inDatabase { db in
                let current = try Row.fetchAll(db, sql: "PRAGMA database_list")
                    .compactMap { row -> AttachedDatabase? in
                        let name: String = row["name"]
                        guard name != "main" && name != "temp" else { return nil }
                        return AttachedDatabase(name: name, file: row["file"] ?? "")
                    }
                for old in current where !databases.contains(old) {
                    try? db.execute(sql: "DETACH DATABASE \(old.name.quotedDatabaseIdentifier)")
                }
                for new in databases where !current.contains(new) && !new.file.isEmpty {
                    try? db.execute(sql: "ATTACH DATABASE ? AS \(new.name.quotedDatabaseIdentifier)", arguments: [new.file])
                }
            }
        }
        requestSchemaCheck()
    }

    /// Ends the scheduler: the frame under way is interrupted, the reader closed.
    func close() {
        state.withLock { $0.isClosed = true }
        readerHandle.interrupt()
        queue.sync { [statements] in statements.removeAll() }
        try? reader.close()
        progressed.signal()
    }

    // MARK: - What the board and the dock read

    func activity(of token: ObservationToken) -> PaneActivity {
        state.withLock { state in
            if state.reading.contains(token), let since = state.readingSince { return .refreshing(since: since) }
            guard state.dirty[token] != nil else { return .idle }
            if state.isBlocked { return .waitingForLock }
            if let until = Self.throttledUntil(token, state) { return .throttled(until: until) }
            return .refreshing(since: Date())
        }
    }

    /// True while a frame runs or a pane waits for one.
    var hasWork: Bool {
        state.withLock { $0.isScheduled || !$0.reading.isEmpty || !$0.dirty.isEmpty || $0.schemaCheckRequested }
    }

    /// Blocks until no frame runs and no pane is dirty, or `timeout` passes (false then).
    /// With `acceptingBlocked`, panes that wait for a lock count as settled: the user's own
    /// transaction holds it, and they refresh when it ends.
    func waitUntilSettled(timeout: Double, acceptingBlocked: Bool) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while true {
            let settled = state.withLock { state -> Bool in
                if state.isClosed { return true }
                guard state.reading.isEmpty, !state.schemaCheckRequested else { return false }
                if state.dirty.isEmpty { return !state.isScheduled }
                return state.isBlocked && acceptingBlocked
            }
            if settled { return true }
            if progressed.wait(timeout: min(deadline, .now() + 0.05)) == .timedOut, DispatchTime.now() >= deadline {
                return false
            }
        }
    }

    // MARK: - Frames

    private func kick() {
        let schedules = state.withLock { state -> Bool in
            guard !state.isScheduled, !state.isClosed else { return false }
            state.isScheduled = true
            return true
        }
        if schedules { queue.async { self.runFrames() } }
    }

    /// What one frame reads.
    private struct Plan {
        var sequence: UInt64
        var jobs: [(job: PaneJob, causes: [RefreshCause])]
        var parameters: ParameterStore
        var knownVersions: [String: Int]?
    }

    private enum Outcome {
        case delivered(PaneFrame, versions: [String: Int])
        case schemaChanged(versions: [String: Int])
        /// Interrupted for the user's write, or the lock was not to be had.
        case yielded
        case blocked
    }

    /// Runs frames while panes are due. On `queue`.
    private func runFrames() {
        while let plan = takePlan() {
            guard finish(plan, read(plan)) else { return }
        }
    }

    /// Takes the panes due now, or ends the run (timing a wake-up for throttled panes).
    private func takePlan() -> Plan? {
        let (plan, wakeUp) = state.withLock { state -> (Plan?, Date?) in
            let now = Date()
            var due: [(job: PaneJob, causes: [RefreshCause])] = []
            var later: Date?
            for (token, causes) in state.dirty {
                guard let job = state.jobs[token] else { continue }
                if let until = Self.throttledUntil(token, state), until > now {
                    later = min(later ?? until, until)
                    continue
                }
                due.append((job, causes))
            }
            guard !state.isClosed, !due.isEmpty || state.schemaCheckRequested else {
                state.isScheduled = false
                return (nil, state.isClosed ? nil : later)
            }
            due.sort { $0.job.paneID < $1.job.paneID }
            for item in due { state.dirty.removeValue(forKey: item.job.token) }
            state.reading = Set(due.map(\.job.token))
            state.readingSince = now
            state.schemaCheckRequested = false
            state.nextSequence += 1
            return (Plan(sequence: state.nextSequence, jobs: due, parameters: state.parameters,
                         knownVersions: state.schemaVersions), nil)
        }
        if plan == nil {
            progressed.signal()
            if let wakeUp {
                queue.asyncAfter(deadline: .now() + max(0, wakeUp.timeIntervalSinceNow)) { self.kick() }
            }
        }
        return plan
    }

    /// Reads a frame in one read transaction. On `queue`.
    private func read(_ plan: Plan) -> Outcome {
        var fetches: [PaneFetch] = []
        var versions: [String: Int] = [:]
        var schemaMoved = false
        do {
            try reader.inDatabase { db in
                try db.inTransaction(.deferred) {
                    versions = try Self.schemaVersions(db)
                    if let known = plan.knownVersions, known != versions {
                        schemaMoved = true
                        db.clearSchemaCache()
                        return .commit
                    }
                    for (job, causes) in plan.jobs {
                        fetches.append(try fetch(job, causes: causes, parameters: plan.parameters, db: db))
                    }
                    return .commit
                }
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            return .yielded
        } catch {
            // SQLITE_BUSY or SQLITE_LOCKED: the lock was not to be had; anything else (the
            // reader itself failing) is tried again the same way, never shown as a pane error.
            return .blocked
        }
        if schemaMoved { return .schemaChanged(versions: versions) }
        return .delivered(PaneFrame(sequence: plan.sequence, fetches: fetches), versions: versions)
    }

    /// One pane's fetch. Interruptions and lock errors end the whole frame; any other error
    /// is the pane's.
    private func fetch(_ job: PaneJob, causes: [RefreshCause], parameters: ParameterStore,
                       db: Database) throws -> PaneFetch {
        let start = DispatchTime.now()
        let outcome: PaneFetch.Outcome
        do {
            let statement = try statements.statement(for: job, db: db)
            outcome = .rows(try statement.fetch(db, parameters: parameters))
        } catch let error as DatabaseError where Self.endsFrame(error) {
            throw error
        } catch {
            statements.remove(job.token)
            outcome = .failure(Self.message(of: error))
        }
        let duration = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return PaneFetch(token: job.token, causes: causes, outcome: outcome, duration: duration)
    }

    /// Applies a frame's outcome; false when the run of frames must stop (a retry is timed).
    private func finish(_ plan: Plan, _ outcome: Outcome) -> Bool {
        var retryAfter: Double?
        state.withLock { state in
            state.reading.removeAll()
            state.readingSince = nil
            switch outcome {
            case .delivered(let frame, let versions):
                state.schemaVersions = versions
                state.isBlocked = false
                state.retryDelay = Self.firstRetryDelay
                for fetch in frame.fetches where state.jobs[fetch.token] != nil {
                    state.timings[fetch.token, default: PaneTiming()].record(fetch.duration)
                    state.lastStart[fetch.token] = Date().addingTimeInterval(-fetch.duration)
                }
            case .schemaChanged(let versions):
                state.schemaVersions = versions
                Self.putBack(plan, &state)
            case .yielded, .blocked:
                Self.putBack(plan, &state)
                state.isBlocked = true
                retryAfter = state.retryDelay
                state.retryDelay = min(state.retryDelay * 2, 1)
                // A retry is timed below: this run of frames ends here.
                state.isScheduled = false
            }
        }
        switch outcome {
        case .delivered(let frame, _):
            if !frame.fetches.isEmpty { inbox.post(.frame(frame)) }
        case .schemaChanged:
            statements.removeAll()
            inbox.post(.schemaChanged)
        case .yielded, .blocked:
            break
        }
        progressed.signal()
        guard let retryAfter else { return true }
        queue.asyncAfter(deadline: .now() + retryAfter) { self.kick() }
        return false
    }

    private static func putBack(_ plan: Plan, _ state: inout State) {
        for (job, causes) in plan.jobs where state.jobs[job.token] != nil {
            state.dirty[job.token] = causes + (state.dirty[job.token] ?? [])
        }
    }

    private static func throttledUntil(_ token: ObservationToken, _ state: State) -> Date? {
        guard state.throttles, let last = state.timings[token]?.last, last >= throttleThreshold,
              let start = state.lastStart[token] else { return nil }
        return start.addingTimeInterval(last * throttleFactor)
    }

    private static func endsFrame(_ error: DatabaseError) -> Bool {
        [.SQLITE_INTERRUPT, .SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode)
    }

    /// `schema_version` of every database of the reader, by name.
    private static func schemaVersions(_ db: Database) throws -> [String: Int] {
        var versions: [String: Int] = [:]
        for name in try String.fetchAll(db.cachedStatement(sql: "SELECT name FROM pragma_database_list")) {
            versions[name] = try Int.fetchOne(db, sql: "PRAGMA \(name.quotedDatabaseIdentifier).schema_version") ?? 0
        }
        return versions
    }

    static func message(of error: any Error) -> String {
        switch error {
        case let error as DatabaseError: error.message ?? error.description
        case let diagnostic as Diagnostic: diagnostic.message
        default: "\(error)"
        }
    }
}

/// An attached database of the user's connection, to mirror on the panes' reader.
struct AttachedDatabase: Sendable, Equatable {
    var name: String
    var file: String
}

/// The reader's `sqlite3*`, kept to interrupt it from another thread.
///
/// `@unchecked Sendable`: the pointer is only passed to `sqlite3_interrupt`, which SQLite
/// documents as safe to call from any thread while the connection is open; the scheduler
/// closes the connection only after its queue has stopped reading.
private struct InterruptHandle: @unchecked Sendable {
    let connection: SQLiteConnection?

    init(_ connection: SQLiteConnection?) {
        self.connection = connection
    }

    func interrupt() {
        if let connection { sqlite3_interrupt(connection) }
    }
}

/// The panes' statements compiled on the reader, by observation.
///
/// `@unchecked Sendable`: only the scheduler's serial queue touches it (inside accesses of
/// the reader connection, or in blocks it runs), which is what protects `statements`.
private final class StatementCache: @unchecked Sendable {
    private var statements: [ObservationToken: PaneStatement] = [:]

    func statement(for job: PaneJob, db: Database) throws -> PaneStatement {
        if let statement = statements[job.token] { return statement }
        let statement = try PaneStatement(job: job, db: db)
        statements[job.token] = statement
        return statement
    }

    func remove(_ token: ObservationToken) {
        statements.removeValue(forKey: token)
    }

    func removeAll() {
        statements.removeAll()
    }
}
