import Foundation
import GRDB
import Synchronization

/// Runs the panes' queries on connections of their own, off the front-end thread, so the
/// user's next statement never waits for a pane.
///
/// Commits (through the ``ChangeRecorder``), `.notify`, external changes and the board mark
/// panes *dirty*; the scheduler turns dirty panes into *frames* on two lanes, each a serial
/// queue with its own reader connection:
///
/// - The **fast lane** fetches every due pane inside one read transaction — one snapshot —
///   and delivers the frame whole, so the dock repaints the panes a commit woke together,
///   never two panes from different states.
/// - A pane whose query turns out slow (over ``slowThreshold``) moves to the **slow lane**,
///   where it refreshes on its own, so that it never holds the fast panes back; the dock
///   says it is refreshing. A fast frame that runs long while other panes wait is
///   interrupted, and the pane it was reading moves to the slow lane.
///
/// Both lanes coalesce (at most one refresh in flight per pane, then one more on the latest
/// state) and yield: where a reader blocks a writer (a rollback journal, the shared in-memory
/// database), the user's busy handler calls ``interruptReads()``; the frame is dropped and
/// its panes run again once the lock is free. On a terminal, a pane refreshes at most once
/// per ``throttleFactor`` times its own cost. Each fast frame first reads every database's
/// `schema_version` (on files, which other processes change; in memory, when a check is asked
/// for); when one moved, it posts ``PaneInbox/Item/schemaChanged`` and the board compiles
/// the panes again.
///
///     let scheduler = try RefreshScheduler(openReader: connection.openPaneReader, inbox: inbox, throttles: true)
///     scheduler.start(job, cause: .pinned)        // fetched soon, delivered as a frame
///     scheduler.receive(.panes([job.token: .changes(…)]))   // after a commit (a PaneChangeSink)
///     scheduler.waitUntilSettled(timeout: 30, acceptingBlocked: false)   // scripts
final class RefreshScheduler: Sendable {
    /// A refresh longer than this moves its pane to the slow lane.
    static let slowThreshold = 0.1
    /// A fast frame running longer than this while other panes wait is interrupted.
    static let preemptionDelay = 0.25
    /// A pane whose query costs less than this is never throttled.
    static let throttleThreshold = 0.01
    /// A pane's next refresh starts at least this many times its cost after the last one.
    static let throttleFactor = 4.0
    /// A frame that found the lock taken tries again after this, and again at this pace: a
    /// fixed short tick, so that a lock released a moment later costs one tick, not a doubling
    /// delay (the next change wakes the lane sooner anyway).
    static let retryTick = 0.01
    /// A retry read younger than this is still the wait for the lock, to the dock: a read
    /// that finds it taken fails at once (the readers have no busy timeout).
    static let retryStillWaiting = 0.1

    enum LaneKind: Int, CaseIterable {
        case fast = 0
        case slow = 1
    }

    // MARK: - Mutable State
    //
    // `state` guards everything below; the front-end thread, the user's connection queue
    // (commits, the busy handler), the lanes' queues and the preemption timer all touch it,
    // and none calls out while holding it. Each lane's statement cache belongs to its queue.

    struct LaneState {
        /// A run of frames is queued or running on the lane's queue (or, for a script, due
        /// for the thread that waits: `isDueForWaiter`).
        var isScheduled = false
        /// The run is left for ``waitUntilSettled(timeout:acceptingBlocked:stop:)`` to make.
        var isDueForWaiter = false
        /// The tokens of the frame being read, since when, and the one being fetched now.
        var reading: Set<ObservationToken> = []
        var readingSince: Date?
        var current: ObservationToken?
        /// The last frame could not get the lock (or was interrupted for the user's write); a
        /// retry is timed.
        var isBlocked = false
        /// The last frame found the lock taken: not an interruption. Its retry, while young,
        /// is still the wait for the lock to the dock.
        var foundLockTaken = false
        /// The frame was interrupted to let other panes go first (fast lane).
        var wasPreempted = false
        /// What the lane's snapshot must hold before its next frame reads a pane (a change
        /// the watcher saw first, on a connection of its own), and how many were set: a frame
        /// that passes it clears it unless a newer one came meanwhile. Each lane reads on a
        /// connection of its own, which must be waited for on its own (a slow pane read the
        /// state before the transaction that woke it). Only the last counts: the watcher
        /// sees changes in order, and a reader at the last one holds those before it.
        var readerCondition: ReaderCondition?
        var readerConditionsSet: UInt64 = 0
    }

    struct State {
        var jobs: [ObservationToken: PaneJob] = [:]
        var dirty: [ObservationToken: [RefreshCause]] = [:]
        var slow: Set<ObservationToken> = []
        /// Every pane ever moved to the slow lane: its results may since have come from
        /// frames of its own, at other states than the fast lane's.
        var everSlow: Set<ObservationToken> = []
        var lanes = [LaneState(), LaneState()]
        var timings: [ObservationToken: PaneTiming] = [:]
        var lastStart: [ObservationToken: Date] = [:]
        var throttles: Bool
        var parameters = ParameterStore()
        var readerSettings = ReaderSettings()
        /// Each database's `schema_version` as the last fast frame read it.
        var schemaVersions: [String: Int]?
        /// The databases of the readers, for lock-free schema checks and schema reads.
        var databases = ReaderDatabases(files: [:])
        /// The files' fingerprints as they were just before the last fast frame read the
        /// schema versions: while they have not moved, the schema has not either. Nil when
        /// that frame took none (a script's run of writes): the next look asks for a check.
        var checkedFingerprints: [FileFingerprint]?
        var schemaCheckRequested = false
        /// A look at the files was asked for while a fast run was under way: a frame that
        /// starts after it answers it (it reads the schema versions), or else the run makes it
        /// when it ends, instead of asking for a frame of its own.
        var fileCheckDeferred = false
        /// A look at the files found no frame due since the last fast frame that read panes
        /// started: the script runs statements that wake no pane, so the next frame
        /// fingerprints the files for the next such look (``Plan/takesFingerprints``).
        var lookedSinceLastFrame = false
        /// One preemption timer at a time is pending (``watchForPreemption()``).
        var preemptionWatchArmed = false
        /// While above zero, no frame starts: the board is restarting several panes, which
        /// must be read together, from one snapshot (``holdingFrames(_:)``).
        var holds = 0
        /// Frames run on the thread that waits for them to settle, not on the lanes' threads
        /// (``runFramesInWaiter(_:)``).
        var runsFramesInWaiter = false
        var nextSequence: UInt64 = 0
        /// How many times the files were fingerprinted (a stat and a read per file).
        var fingerprintsTaken: UInt64 = 0
        var isClosed = false

        func lane(_ kind: LaneKind) -> LaneState { lanes[kind.rawValue] }
    }

    let state: Mutex<State>
    let lanes: [Lane]
    let inbox: PaneInbox
    /// Decides every timing: slow, throttled, preempted, retried (tests drive it by hand).
    let clock: any PaneClock
    /// The user's main database is the process's shared in-memory one: no other process can
    /// change its schema, and the board sees the user's changes on the user's connection
    /// after each statement (it asks for a check then), so frames read no schema version
    /// unless asked to (when nothing is attached).
    let mainIsInMemory: Bool
    /// Signalled whenever a frame ends, for ``waitUntilSettled(timeout:acceptingBlocked:)``.
    let progressed = DispatchSemaphore(value: 0)

    /// Opens the lanes' reader connections with `openReader`.
    init(openReader: () throws -> DatabaseQueue, inbox: PaneInbox, throttles: Bool,
         mainIsInMemory: Bool = false, clock: any PaneClock = SystemPaneClock()) throws {
        self.mainIsInMemory = mainIsInMemory
        lanes = try LaneKind.allCases.map { kind in try Lane(kind: kind, reader: openReader()) }
        self.inbox = inbox
        self.clock = clock
        var initial = State(throttles: throttles)
        // The schema as the panes' queries are first compiled: a change after it, however
        // soon, is a change.
        initial.schemaVersions = try? lanes[0].reader.inDatabase { db in try Self.schemaVersions(db) }
        initial.databases = ReaderDatabases(files: (try? lanes[0].reader.inDatabase { db in try Self.files(db) }) ?? [:])
        state = Mutex(initial)
    }

    // MARK: - Panes in

    /// Starts refreshing a pane: its first fetch comes soon, with `cause`.
    func start(_ job: PaneJob, cause: RefreshCause) {
        state.withLock { state in
            state.jobs[job.token] = job
            state.dirty[job.token, default: []].append(cause)
        }
        kick(.fast)
    }

    /// Stops a pane's refreshes; a fetch of it under way is interrupted.
    func stop(_ token: ObservationToken) {
        let interrupted = state.withLock { state -> [LaneKind] in
            state.jobs.removeValue(forKey: token)
            state.dirty.removeValue(forKey: token)
            state.timings.removeValue(forKey: token)
            state.lastStart.removeValue(forKey: token)
            state.slow.remove(token)
            state.everSlow.remove(token)
            return LaneKind.allCases.filter { state.lane($0).reading.contains(token) }
        }
        for kind in interrupted { lanes[kind.rawValue].interrupt() }
        for lane in lanes { lane.queue.async { lane.statements.remove(token) } }
    }

    /// Marks panes dirty, each with its cause.
    func wake(_ causes: [ObservationToken: RefreshCause]) {
        guard !causes.isEmpty else { return }
        // Only the lanes of the panes woken: a commit that wakes fast panes costs no hop to
        // the slow lane's thread.
        let (fast, slow) = state.withLock { state -> (Bool, Bool) in
            var fast = false, slow = false
            for (token, cause) in causes where state.jobs[token] != nil {
                state.dirty[token, default: []].append(cause)
                if state.slow.contains(token) { slow = true } else { fast = true }
            }
            return (fast, slow)
        }
        if fast { kick(.fast) }
        if slow { kick(.slow) }
    }

    /// Marks every pane dirty; `checkingSchema` also asks the next fast frame to compare the
    /// schema versions, in the same frame as the panes.
    ///
    /// With `readerMustSee`, frames of either lane read no pane until their snapshot passes
    /// it; the panes wait, and the frame is tried again at a short tick (``ReaderCondition``).
    func wakeAll(_ cause: RefreshCause, checkingSchema: Bool = false, readerMustSee: ReaderCondition? = nil) {
        state.withLock { state in
            for token in state.jobs.keys {
                state.dirty[token, default: []].append(cause)
            }
            if checkingSchema { state.schemaCheckRequested = true }
            if let readerMustSee {
                for index in state.lanes.indices {
                    state.lanes[index].readerCondition = readerMustSee
                    state.lanes[index].readerConditionsSet += 1
                }
            }
        }
        kickAll()
    }

    /// Asks the next fast frame to compare the schema versions (after a statement that may
    /// have changed the schema, or another process's commit); runs one if nothing else does.
    func requestSchemaCheck() {
        state.withLock { $0.schemaCheckRequested = true }
        kick(.fast)
    }

    /// The `.parameter` values SQL panes bind.
    func setParameters(_ parameters: ParameterStore) {
        state.withLock { $0.parameters = parameters }
    }

    /// The user's connection changed a setting the readers follow: each lane takes the new
    /// settings before its next frame.
    func setReaderSettings(_ settings: ReaderSettings) {
        state.withLock { $0.readerSettings = settings }
    }

    /// Runs `body` on the fast lane's reader, between its frames: the committed schema, for a
    /// pane compiled while the user's transaction has changed the schema. It waits for a lock
    /// no longer than the reader's busy timeout.
    func onReader<T>(_ body: (Database) throws -> T) throws -> T {
        let lane = lanes[LaneKind.fast.rawValue]
        let settings = state.withLock { $0.readerSettings }
        return try lane.queue.sync {
            try SQLiteErrorLog.muted {
                try lane.reader.inDatabase { db in
                    try lane.statements.apply(settings, db: db)
                    return try body(db)
                }
            }
        }
    }

    /// Blocked refreshes try again now (the user's transaction ended).
    func retryIfBlocked() {
        let blocked = state.withLock { state in LaneKind.allCases.filter { state.lane($0).isBlocked } }
        for kind in blocked { kick(kind) }
    }

    /// Runs `body` (which starts or wakes several panes) with frames held back, then lets
    /// them go: the panes it started are read in one frame, from one snapshot, instead of one
    /// frame each as they are started — a schema change costs one frame, like any commit.
    func holdingFrames<T>(_ body: () throws -> T) rethrows -> T {
        state.withLock { $0.holds += 1 }
        defer {
            state.withLock { $0.holds -= 1 }
            kickAll()
        }
        return try body()
    }

    /// Interrupts the frames being read, if any, so that the user's write gets the lock;
    /// their panes run again after. Safe from any thread (the user's busy handler). True
    /// when a read was interrupted.
    func interruptReads() -> Bool {
        let reading = state.withLock { state in LaneKind.allCases.filter { !state.lane($0).reading.isEmpty } }
        for kind in reading { lanes[kind.rawValue].interrupt() }
        return !reading.isEmpty
    }

    /// Mirrors the user's attached databases on the readers (files only: an attached
    /// in-memory database is private to the user's connection).
    func attach(_ databases: [AttachedDatabase]) {
        for lane in lanes {
            lane.queue.async { lane.mirror(databases) }
        }
        let reader = lanes[0]
        reader.queue.async { [self] in
            let files = (try? reader.reader.inDatabase { db in try Self.files(db) }) ?? [:]
            state.withLock { $0.databases = ReaderDatabases(files: files) }
        }
        requestSchemaCheck()
    }

    /// Ends the scheduler: the frames under way are interrupted, the readers closed.
    func close() {
        state.withLock { $0.isClosed = true }
        for lane in lanes {
            lane.interrupt()
            lane.queue.sync { lane.statements.removeAll() }
            try? lane.reader.close()
        }
        progressed.signal()
    }

    // MARK: - What the board and the dock read

    func activity(of token: ObservationToken) -> PaneActivity {
        state.withLock { state in
            for lane in state.lanes where lane.reading.contains(token) {
                guard let since = lane.readingSince else { continue }
                // A retry after the lock was found taken: while it is young it is the same
                // wait (saying "refreshing" for it made the dock's mark blink at every tick);
                // a read that goes on has the lock, and runs.
                if lane.foundLockTaken && clock.now.timeIntervalSince(since) < Self.retryStillWaiting {
                    return .waitingForLock
                }
                return .refreshing(since: since)
            }
            guard state.dirty[token] != nil else { return .idle }
            let kind: LaneKind = state.slow.contains(token) ? .slow : .fast
            if state.lane(kind).isBlocked { return .waitingForLock }
            if let until = Self.throttledUntil(token, state), until > clock.now { return .throttled(until: until) }
            return .refreshing(since: clock.now)
        }
    }

    /// True when the pane was ever moved to the slow lane, where it refreshes in frames of its
    /// own: from then on its rows may show another state than the fast lane's panes, until a
    /// fast frame holds it again.
    func hasBeenOnSlowLane(_ token: ObservationToken) -> Bool {
        state.withLock { $0.everSlow.contains(token) }
    }

    /// How many frames have started, schema checks included (a commit should cost one).
    var framesStarted: UInt64 {
        state.withLock { $0.nextSequence }
    }

    /// How many times the files were fingerprinted, by frames and by looks after statements.
    var fingerprintsTaken: UInt64 {
        state.withLock { $0.fingerprintsTaken }
    }

    /// The files' fingerprints now, counted.
    func takeFingerprints(_ files: [String]) -> [FileFingerprint]? {
        state.withLock { $0.fingerprintsTaken += 1 }
        return FileFingerprint.take(files)
    }

    /// True while a frame runs or a pane waits for one.
    var hasWork: Bool {
        state.withLock { state in
            state.lanes.contains { $0.isScheduled || !$0.reading.isEmpty } || !state.dirty.isEmpty || state.schemaCheckRequested
        }
    }

    /// Blocks until no frame runs and no pane is dirty, or `timeout` passes (false then).
    /// With `acceptingBlocked`, panes that wait for a lock count as settled: the user's own
    /// transaction holds it, and they refresh when it ends. `stop` ends the wait early
    /// (Ctrl-C in a script).
    func waitUntilSettled(timeout: Double, acceptingBlocked: Bool, stop: () -> Bool = { false }) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while !stop() {
            runDueFrames(acceptingBlocked: acceptingBlocked)
            let settled = state.withLock { state -> Bool in
                if state.isClosed { return true }
                guard state.lanes.allSatisfy({ $0.reading.isEmpty }) else { return false }
                // Settled is an event, never a time: a schema check waiting for a lock is
                // waited for like any frame, unless the user's own transaction holds it.
                guard !(state.schemaCheckRequested || state.fileCheckDeferred) || acceptingBlocked && state.lane(.fast).isBlocked else {
                    return false
                }
                // A run left for this thread on a lane the user's lock blocks is not taken
                // (``runDueFrames(acceptingBlocked:)``): it waits for the transaction's end,
                // not for this wait. Counted as running, it held a script 30 s a statement
                // (a schema check asked for after ATTACH inside a transaction).
                let waitsForUser = { (lane: LaneState) in acceptingBlocked && lane.isBlocked && lane.isDueForWaiter }
                if state.dirty.isEmpty { return state.lanes.allSatisfy { !$0.isScheduled || waitsForUser($0) } }
                return acceptingBlocked && state.lanes.contains(where: \.isBlocked)
            }
            if settled { return true }
            if progressed.wait(timeout: min(deadline, .now() + 0.05)) == .timedOut, DispatchTime.now() >= deadline {
                return false
            }
        }
        return true
    }

    static func message(of error: any Error) -> String {
        Diagnostic(converting: error).message
    }
}
