import Foundation
import GRDB
import GRDBSQLite
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

    enum LaneKind: Int, CaseIterable {
        case fast = 0
        case slow = 1
    }

    // MARK: - Mutable State
    //
    // `state` guards everything below; the front-end thread, the user's connection queue
    // (commits, the busy handler), the lanes' queues and the preemption timer all touch it,
    // and none calls out while holding it. Each lane's statement cache belongs to its queue.

    private struct LaneState {
        /// A run of frames is queued or running on the lane's queue (or, for a script, due
        /// for the thread that waits: `isDueForWaiter`).
        var isScheduled = false
        /// The run is left for ``waitUntilSettled(timeout:acceptingBlocked:stop:)`` to make.
        var isDueForWaiter = false
        /// The tokens of the frame being read, since when, and the one being fetched now.
        var reading: Set<ObservationToken> = []
        var readingSince: Date?
        var current: ObservationToken?
        var sequence: UInt64 = 0
        /// The last frame could not get the lock; a retry is timed.
        var isBlocked = false
        /// The frame was interrupted to let other panes go first (fast lane).
        var wasPreempted = false
    }

    private struct State {
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
        /// Each database's `schema_version` as the last fast frame read it.
        var schemaVersions: [String: Int]?
        /// The databases of the readers, for lock-free schema checks and schema reads.
        var databases = ReaderDatabases(files: [:])
        /// The files' fingerprints as they were just before the last fast frame read the
        /// schema versions: while they have not moved, the schema has not either.
        var checkedFingerprints: [FileFingerprint]?
        var schemaCheckRequested = false
        /// A look at the files was asked for while a fast run was under way: the run makes it
        /// when it ends, against the fingerprints its last frame took (which usually show the
        /// commit that woke it), instead of asking for a frame of its own.
        var fileCheckDeferred = false
        /// One preemption timer at a time is pending (``watchForPreemption()``).
        var preemptionWatchArmed = false
        /// What fast frames' snapshots must hold before they read a pane (a change another
        /// connection saw first); dropped once a frame's snapshot passes them all.
        var readerConditions: [ReaderCondition] = []
        /// While above zero, no frame starts: the board is restarting several panes, which
        /// must be read together, from one snapshot (``holdingFrames(_:)``).
        var holds = 0
        /// Frames run on the thread that waits for them to settle, not on the lanes' threads
        /// (``runFramesInWaiter(_:)``).
        var runsFramesInWaiter = false
        var nextSequence: UInt64 = 0
        var isClosed = false

        func lane(_ kind: LaneKind) -> LaneState { lanes[kind.rawValue] }
    }

    private let state: Mutex<State>
    private let lanes: [Lane]
    private let inbox: PaneInbox
    /// Decides every timing: slow, throttled, preempted, retried (tests drive it by hand).
    private let clock: any PaneClock
    /// The user's main database is the process's shared in-memory one: no other process can
    /// change its schema, and the board sees the user's changes on the user's connection
    /// after each statement (it asks for a check then), so frames read no schema version
    /// unless asked to (when nothing is attached).
    private let mainIsInMemory: Bool
    /// Signalled whenever a frame ends, for ``waitUntilSettled(timeout:acceptingBlocked:)``.
    private let progressed = DispatchSemaphore(value: 0)

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
    /// With `readerMustSee`, fast frames read no pane until their snapshot passes it; the
    /// panes wait, and the frame is tried again at a short tick (``ReaderCondition``).
    func wakeAll(_ cause: RefreshCause, checkingSchema: Bool = false, readerMustSee: ReaderCondition? = nil) {
        state.withLock { state in
            for token in state.jobs.keys {
                state.dirty[token, default: []].append(cause)
            }
            if checkingSchema { state.schemaCheckRequested = true }
            if let readerMustSee { state.readerConditions.append(readerMustSee) }
        }
        kickAll()
    }

    /// Asks the next fast frame to compare the schema versions (after a statement that may
    /// have changed the schema, or another process's commit); runs one if nothing else does.
    func requestSchemaCheck() {
        state.withLock { $0.schemaCheckRequested = true }
        kick(.fast)
    }

    /// Asks for a schema check only when a file moved since the last fast frame read the
    /// schema (looked at without a lock): after a statement whose commit already woke a frame,
    /// that frame's reading answers, and no second frame runs. In-memory databases always ask.
    ///
    /// While a fast run is under way (most often the frame the statement's own commit woke),
    /// the look waits for the run's end: that frame's fingerprints then show the commit, and
    /// comparing with them saves the second frame a look made now would ask for.
    func requestSchemaCheckIfFilesMoved() {
        let deferred = state.withLock { state -> Bool in
            guard state.lane(.fast).isScheduled else { return false }
            state.fileCheckDeferred = true
            return true
        }
        if !deferred, filesMovedSinceLastCheck() { requestSchemaCheck() }
    }

    /// True when the files' fingerprints differ from those the last fast frame took before
    /// reading the schema versions (or it took none). Looked at without a lock.
    private func filesMovedSinceLastCheck() -> Bool {
        let (databases, checked) = state.withLock { ($0.databases, $0.checkedFingerprints) }
        guard let checked else { return true }
        return checked != FileFingerprint.take(databases.fileList)
    }

    /// Makes the look at the files deferred while the fast run went on. True when it asked
    /// for a schema check, which the same run then reads. On the fast lane's queue, after
    /// the run found nothing due.
    private func makeDeferredFileCheck() -> Bool {
        guard state.withLock({ $0.fileCheckDeferred }) else { return false }
        let moved = filesMovedSinceLastCheck()
        let goesOn = state.withLock { state -> Bool in
            state.fileCheckDeferred = false
            guard moved, !state.isClosed else { return false }
            state.schemaCheckRequested = true
            // The run ended a moment ago; it goes on here unless a kick started another.
            guard !state.lane(.fast).isScheduled else { return false }
            state.lanes[LaneKind.fast.rawValue].isScheduled = true
            return true
        }
        // A script waiting for the panes to settle looks again.
        if !goesOn { progressed.signal() }
        return goesOn
    }

    /// The `.parameter` values SQL panes bind.
    func setParameters(_ parameters: ParameterStore) {
        state.withLock { $0.parameters = parameters }
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

    /// A script prints the panes only once they settled after each statement, and waits
    /// for that anyway: its fast frames are best run by the thread that waits, in
    /// ``waitUntilSettled(timeout:acceptingBlocked:stop:)``, with no hand-off to a lane's
    /// thread and back for each commit (two thread wake-ups, which a loaded machine makes
    /// slow). A frame that runs past the preemption delay there is interrupted and its pane
    /// moves to the slow lane, which keeps its own thread. The dock and `--follow` need
    /// frames that run by themselves: off (the default).
    func runFramesInWaiter(_ inWaiter: Bool) {
        let due = state.withLock { state -> [LaneKind] in
            state.runsFramesInWaiter = inWaiter
            guard !inWaiter else { return [] }
            let due = LaneKind.allCases.filter { state.lane($0).isDueForWaiter }
            for kind in due { state.lanes[kind.rawValue].isDueForWaiter = false }
            return due
        }
        for kind in due { lanes[kind.rawValue].queue.async { self.runFrames(on: kind) } }
    }

    /// Makes the runs left for the waiting thread, here: each on its lane's queue, which
    /// runs it on this thread when nothing else is queued there. A lane waiting for a lock
    /// the user's own transaction holds is left alone while `acceptingBlocked`: its run
    /// would only wait for the reader's busy timeout.
    private func runDueFrames(acceptingBlocked: Bool) {
        let due = state.withLock { state -> [LaneKind] in
            let due = LaneKind.allCases.filter { kind in
                state.lane(kind).isDueForWaiter && !(acceptingBlocked && state.lane(kind).isBlocked)
            }
            for kind in due { state.lanes[kind.rawValue].isDueForWaiter = false }
            return due
        }
        for kind in due { lanes[kind.rawValue].queue.sync { runFrames(on: kind) } }
    }

    // MARK: - What the board and the dock read

    func activity(of token: ObservationToken) -> PaneActivity {
        state.withLock { state in
            for lane in state.lanes where lane.reading.contains(token) {
                if let since = lane.readingSince { return .refreshing(since: since) }
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
                if state.dirty.isEmpty { return state.lanes.allSatisfy { !$0.isScheduled } }
                return acceptingBlocked && state.lanes.contains(where: \.isBlocked)
            }
            if settled { return true }
            if progressed.wait(timeout: min(deadline, .now() + 0.05)) == .timedOut, DispatchTime.now() >= deadline {
                return false
            }
        }
        return true
    }

    // MARK: - Frames

    private func kickAll() {
        kick(.fast)
        kick(.slow)
    }

    private func kick(_ kind: LaneKind) {
        enum Start { case none, onLane, byWaiter }
        let start = state.withLock { state -> Start in
            guard !state.lane(kind).isScheduled, !state.isClosed else { return .none }
            state.lanes[kind.rawValue].isScheduled = true
            // The slow lane keeps its thread: a script waiting for a slow pane can give up
            // after a while and go on (see ``watchForPreemption(after:)``).
            guard state.runsFramesInWaiter, kind == .fast else { return .onLane }
            state.lanes[kind.rawValue].isDueForWaiter = true
            return .byWaiter
        }
        switch start {
        case .onLane: lanes[kind.rawValue].queue.async { self.runFrames(on: kind) }
        case .byWaiter: progressed.signal()
        case .none: break
        }
    }

    /// What one frame reads.
    private struct Plan {
        var lane: LaneKind
        var sequence: UInt64
        var jobs: [(job: PaneJob, causes: [RefreshCause])]
        var parameters: ParameterStore
        var knownVersions: [String: Int]?
        /// The frame reads the schema versions first (a fast frame on files, or one asked to
        /// check the schema).
        var readsSchemaVersions = false
        var databases: ReaderDatabases
        var readerConditions: [ReaderCondition] = []
    }

    private enum Outcome {
        case delivered(PaneFrame, versions: [String: Int]?, fingerprints: [FileFingerprint]? = nil)
        case schemaChanged(versions: [String: Int])
        /// Interrupted: for the user's write, or to let other panes go first.
        case interrupted
        /// The lock was not to be had.
        case blocked
        /// The read itself failed (a corrupt database, an I/O error): every pane of the frame
        /// shows the error; nothing is retried until the next change.
        case failed(String)
        /// The snapshot does not hold yet a change a source reported: tried again at a tick.
        case behind
    }

    /// Runs frames while panes are due on a lane. On the lane's queue.
    private func runFrames(on kind: LaneKind) {
        repeat {
            while let plan = takePlan(for: kind) {
                guard finish(plan, read(plan)) else {
                    // A retry is timed; a deferred look at the files becomes a check it makes.
                    state.withLock { state in
                        if kind == .fast, state.fileCheckDeferred {
                            state.fileCheckDeferred = false
                            state.schemaCheckRequested = true
                        }
                    }
                    return
                }
            }
        } while kind == .fast && makeDeferredFileCheck()
    }

    /// Takes the panes due now on a lane, or ends the run (timing a wake-up for throttled
    /// panes). The slow lane takes one pane a frame.
    private func takePlan(for kind: LaneKind) -> Plan? {
        let (plan, wakeUp) = state.withLock { state -> (Plan?, Date?) in
            let now = clock.now
            var due: [(job: PaneJob, causes: [RefreshCause])] = []
            var later: Date?
            for (token, causes) in state.dirty where state.slow.contains(token) == (kind == .slow) {
                // A pane read on the other lane (it just moved) waits for that read to end.
                guard let job = state.jobs[token], !state.lanes.contains(where: { $0.reading.contains(token) }) else {
                    continue
                }
                if let until = Self.throttledUntil(token, state), until > now {
                    later = min(later ?? until, until)
                    continue
                }
                due.append((job, causes))
            }
            due.sort { $0.job.paneID < $1.job.paneID }
            if kind == .slow { due = Array(due.prefix(1)) }
            let checksSchema = kind == .fast && state.schemaCheckRequested
            guard !state.isClosed, state.holds == 0, !due.isEmpty || checksSchema else {
                state.lanes[kind.rawValue].isScheduled = false
                return (nil, state.isClosed ? nil : later)
            }
            for item in due { state.dirty.removeValue(forKey: item.job.token) }
            state.lanes[kind.rawValue].reading = Set(due.map(\.job.token))
            state.lanes[kind.rawValue].readingSince = now
            state.lanes[kind.rawValue].wasPreempted = false
            if checksSchema { state.schemaCheckRequested = false }
            let readsVersions = kind == .fast && (checksSchema || !(mainIsInMemory && state.databases.hasOnlyMain))
            // A frame that starts now looks at the files, then reads the versions: it answers
            // a look deferred before it started (a frame that fails to read asks again).
            if readsVersions { state.fileCheckDeferred = false }
            state.nextSequence += 1
            state.lanes[kind.rawValue].sequence = state.nextSequence
            return (Plan(lane: kind, sequence: state.nextSequence, jobs: due, parameters: state.parameters,
                         knownVersions: kind == .fast ? state.schemaVersions : nil,
                         readsSchemaVersions: readsVersions,
                         databases: state.databases,
                         readerConditions: kind == .fast ? state.readerConditions : []), nil)
        }
        if let plan, plan.lane == .fast, state.withLock({ state in
            defer { state.preemptionWatchArmed = true }
            return !state.preemptionWatchArmed
        }) {
            watchForPreemption(after: Self.preemptionDelay)
        }
        if plan == nil {
            progressed.signal()
            if let wakeUp {
                clock.run(after: wakeUp.timeIntervalSince(clock.now), on: lanes[kind.rawValue].queue) {
                    self.kick(kind)
                }
            }
        }
        return plan
    }

    /// A fast frame still running after a while, while other panes wait (or it has more than
    /// one), is interrupted: the pane it is reading moves to the slow lane.
    ///
    /// One timer watches every frame: armed when a fast frame starts and none is pending, it
    /// looks at the frame running when it fires and sets itself again for that frame's
    /// deadline, and stops when no frame runs. A thousand short frames a second so cost a
    /// few timers a second, not a thousand.
    private func watchForPreemption(after delay: Double) {
        clock.run(after: delay, on: .global()) { [self] in
            enum Decision { case preempt, watchAgain(after: Double), stop }
            let decision = state.withLock { state -> Decision in
                let lane = state.lane(.fast)
                guard !lane.reading.isEmpty, let since = lane.readingSince else {
                    state.preemptionWatchArmed = false
                    return .stop
                }
                let ran = clock.now.timeIntervalSince(since)
                guard ran >= Self.preemptionDelay else { return .watchAgain(after: Self.preemptionDelay - ran) }
                // Between two panes' fetches, or before the first: looked at again shortly.
                guard let current = lane.current else { return .watchAgain(after: 0.05) }
                // A frame run by a script's waiting thread holds the script itself: it moves
                // to the slow lane's thread, where the script's wait can give up on it.
                let othersWait = lane.reading.count > 1 || state.dirty.keys.contains { !state.slow.contains($0) }
                    || state.runsFramesInWaiter
                guard othersWait else { return .watchAgain(after: 0.05) }
                state.slow.insert(current)
                state.everSlow.insert(current)
                state.lanes[LaneKind.fast.rawValue].wasPreempted = true
                state.preemptionWatchArmed = false
                return .preempt
            }
            switch decision {
            case .preempt: lanes[LaneKind.fast.rawValue].interrupt()
            case .watchAgain(let delay): watchForPreemption(after: delay)
            case .stop: break
            }
        }
    }

    /// Reads a frame in one read transaction. On the lane's queue.
    private func read(_ plan: Plan) -> Outcome {
        let lane = lanes[plan.lane.rawValue]
        if plan.jobs.isEmpty, plan.readerConditions.isEmpty, let known = plan.knownVersions,
           Self.headersShowSameSchema(known, files: plan.databases.files) {
            // A schema check alone, answered by the files' headers: no lock taken, so none
            // waited for while another process holds the database.
            return .delivered(PaneFrame(sequence: plan.sequence, fetches: []), versions: known)
        }
        var fetches: [PaneFetch] = []
        var versions: [String: Int]?
        var schemaMoved = false
        var isBehind = false
        // Taken before the read transaction: a commit after it moves them.
        let fingerprints = plan.lane == .fast ? FileFingerprint.take(plan.databases.fileList) : nil
        do {
            try lane.reader.inDatabase { db in
                try ReadTransaction.run(db) {
                    if try !plan.readerConditions.allSatisfy({ try $0(db) }) {
                        isBehind = true
                        return
                    }
                    if plan.readsSchemaVersions {
                        let current = try Self.schemaVersions(db, probes: plan.databases.schemaProbes.isEmpty ? nil : plan.databases.schemaProbes)
                        versions = current
                        if let known = plan.knownVersions, Self.schemaMoved(from: known, to: current) {
                            schemaMoved = true
                            db.clearSchemaCache()
                            return
                        }
                    }
                    for (job, causes) in plan.jobs {
                        state.withLock { $0.lanes[plan.lane.rawValue].current = job.token }
                        fetches.append(try fetch(job, causes: causes, parameters: plan.parameters, lane: lane, db: db))
                    }
                }
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            return .interrupted
        } catch let error as DatabaseError where Self.isLock(error) {
            return .blocked
        } catch {
            // Only a lock is waited for; any other error is shown, never retried in silence.
            return .failed(Self.message(of: error))
        }
        if isBehind { return .behind }
        if schemaMoved, let versions { return .schemaChanged(versions: versions) }
        return .delivered(PaneFrame(sequence: plan.sequence, fetches: fetches), versions: versions,
                          fingerprints: fingerprints)
    }

    /// One pane's fetch. Interruptions and lock errors end the whole frame; any other error
    /// is the pane's.
    private func fetch(_ job: PaneJob, causes: [RefreshCause], parameters: ParameterStore,
                       lane: Lane, db: Database) throws -> PaneFetch {
        let start = clock.now
        let outcome: PaneFetch.Outcome
        do {
            let statement = try lane.statements.statement(for: job, db: db)
            outcome = .rows(try statement.fetch(db, parameters: parameters))
        } catch let error as DatabaseError where Self.endsFrame(error) {
            throw error
        } catch {
            lane.statements.remove(job.token)
            outcome = .failure(Self.message(of: error))
        }
        let duration = max(0, clock.now.timeIntervalSince(start))
        return PaneFetch(token: job.token, causes: causes, outcome: outcome, duration: duration)
    }

    /// Applies a frame's outcome; false when the run of frames must stop (a retry is timed).
    private func finish(_ plan: Plan, _ outcome: Outcome) -> Bool {
        let index = plan.lane.rawValue
        var retryAfter: Double?
        state.withLock { state in
            state.lanes[index].reading.removeAll()
            state.lanes[index].readingSince = nil
            state.lanes[index].current = nil
            switch outcome {
            case .failed:
                state.lanes[index].isBlocked = false
            case .delivered(let frame, let versions, let fingerprints):
                // The conditions this frame passed are met for good (snapshots only move on).
                if plan.lane == .fast { state.readerConditions.removeFirst(min(plan.readerConditions.count, state.readerConditions.count)) }
                if let versions {
                    state.schemaVersions = versions
                    state.checkedFingerprints = fingerprints
                }
                state.lanes[index].isBlocked = false
                for fetch in frame.fetches where state.jobs[fetch.token] != nil {
                    state.timings[fetch.token, default: PaneTiming()].record(fetch.duration)
                    state.lastStart[fetch.token] = clock.now.addingTimeInterval(-fetch.duration)
                    if fetch.duration > Self.slowThreshold {
                        state.slow.insert(fetch.token)
                        state.everSlow.insert(fetch.token)
                    }
                    if fetch.duration < Self.slowThreshold / 4 { state.slow.remove(fetch.token) }
                }
            case .schemaChanged(let versions):
                state.schemaVersions = versions
                state.checkedFingerprints = nil
                Self.putBack(plan, &state)
            case .interrupted where state.lanes[index].wasPreempted:
                Self.putBack(plan, &state)
            case .behind:
                Self.putBack(plan, &state)
                state.schemaCheckRequested = true
                retryAfter = Self.retryTick
                state.lanes[index].isScheduled = false
            case .interrupted, .blocked:
                Self.putBack(plan, &state)
                // A schema check that could not run is asked for again.
                if plan.knownVersions != nil { state.schemaCheckRequested = true }
                state.lanes[index].isBlocked = true
                retryAfter = Self.retryTick
                // A retry is timed below: this run of frames ends here.
                state.lanes[index].isScheduled = false
            }
        }
        switch outcome {
        case .delivered(let frame, _, _):
            if !frame.fetches.isEmpty { inbox.post(.frame(frame)) }
        case .schemaChanged:
            for lane in lanes { lane.statements.removeAllSoon(on: lane.queue) }
            inbox.post(.schemaChanged)
        case .failed(let message):
            let fetches = plan.jobs.map { job, causes in
                PaneFetch(token: job.token, causes: causes, outcome: .failure(message), duration: 0)
            }
            if !fetches.isEmpty { inbox.post(.frame(PaneFrame(sequence: plan.sequence, fetches: fetches))) }
        case .interrupted, .blocked, .behind:
            break
        }
        // A pane that moved lanes runs there; a frame that moved none wakes no other thread.
        let other: LaneKind = plan.lane == .fast ? .slow : .fast
        if state.withLock({ state in state.dirty.keys.contains { state.slow.contains($0) == (other == .slow) } }) {
            kick(other)
        }
        progressed.signal()
        guard let retryAfter else { return true }
        clock.run(after: retryAfter, on: lanes[index].queue) { self.kick(plan.lane) }
        return false
    }

    /// True when every database is a rollback-journal file whose header shows the schema
    /// version already known (the reader's own `temp` never changes). WAL files, in-memory
    /// databases and unreadable headers cannot tell: false.
    private static func headersShowSameSchema(_ known: [String: Int], files: [String: String]) -> Bool {
        known.allSatisfy { name, version in
            if name == "temp" { return true }
            guard let path = files[name], let header = DatabaseFileHeader.read(path: path), !header.isWAL else {
                return false
            }
            return Int(header.schemaCookie) == version
        }
    }

    /// The file of each database of a reader, by name (empty for in-memory ones).
    private static func files(_ db: Database) throws -> [String: String] {
        var files: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, file FROM pragma_database_list") {
            files[row["name"]] = row["file"] ?? ""
        }
        return files
    }

    /// True when a database both readings know changed its schema. A database attached or
    /// detached since is no schema change here: the board restarts the panes for it.
    private static func schemaMoved(from known: [String: Int], to current: [String: Int]) -> Bool {
        current.contains { name, version in known[name].map { $0 != version } ?? false }
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
        error.resultCode == .SQLITE_INTERRUPT || isLock(error)
    }

    /// A lock not to be had now, which a retry gets: SQLITE_BUSY, SQLITE_LOCKED, and the WAL
    /// index race SQLite reports as SQLITE_PROTOCOL.
    private static func isLock(_ error: DatabaseError) -> Bool {
        [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_PROTOCOL].contains(error.resultCode)
    }

    /// `schema_version` of every database of a reader but `temp`, by name: the databases probed
    /// (known since the reader opened or last mirrored attachments), or all it has.
    private static func schemaVersions(_ db: Database, probes: [ReaderDatabases.SchemaProbe]? = nil) throws -> [String: Int] {
        let probes = try probes ?? ReaderDatabases.probes(
            String.fetchAll(db.cachedStatement(sql: "SELECT name FROM pragma_database_list")))
        var versions: [String: Int] = Dictionary(minimumCapacity: probes.count)
        for probe in probes {
            // Cached: every fast frame runs them.
            versions[probe.name] = Int(try db.cachedStatement(sql: probe.sql).firstInteger() ?? 0)
        }
        return versions
    }

    static func message(of error: any Error) -> String {
        Diagnostic(converting: error).message
    }
}

/// An attached database of the user's connection, to mirror on the panes' readers.
struct AttachedDatabase: Sendable, Equatable {
    var name: String
    var file: String

    /// The databases a connection has attached (not main, not temp), from `PRAGMA database_list`.
    static func list(in db: Database) throws -> [AttachedDatabase] {
        try Row.fetchAll(db, sql: "PRAGMA database_list").compactMap { row in
            let name: String = row["name"]
            guard name != "main" && name != "temp" else { return nil }
            return AttachedDatabase(name: name, file: row["file"] ?? "")
        }
    }
}
