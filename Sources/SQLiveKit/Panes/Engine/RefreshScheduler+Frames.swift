import Foundation
import GRDB

/// How frames run: a lane is kicked, takes the panes due now (a plan), reads them in one read
/// transaction, and applies the outcome (frame delivered, schema changed, blocked, interrupted).
extension RefreshScheduler {
    func kickAll() {
        kick(.fast)
        kick(.slow)
    }

    func kick(_ kind: LaneKind) {
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
    struct Plan {
        var lane: LaneKind
        var sequence: UInt64
        var jobs: [(job: PaneJob, causes: [RefreshCause])]
        var parameters: ParameterStore
        var settings: ReaderSettings
        var knownVersions: [String: Int]?
        /// The frame reads the schema versions first (a fast frame on files, or one asked to
        /// check the schema).
        var readsSchemaVersions = false
        /// The frame fingerprints the files before it reads the versions, for later looks at
        /// the files to compare with (``filesMovedSinceLastCheck()``).
        var takesFingerprints = false
        var databases: ReaderDatabases
        /// What the snapshot must hold before a pane is read (``LaneState/readerCondition``),
        /// and which one it is.
        var readerCondition: ReaderCondition?
        var readerConditionsSet: UInt64 = 0

        /// Several statements share one snapshot only inside a read transaction; one pane's
        /// query alone is its own snapshot, and its BEGIN and COMMIT would cost a tenth of
        /// the frame (a script's write that wakes one pane in memory).
        var readsSeveralStatements: Bool {
            jobs.count > 1 || readsSchemaVersions || readerCondition != nil
        }
    }

    enum Outcome {
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
    func runFrames(on kind: LaneKind) {
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
    func takePlan(for kind: LaneKind) -> Plan? {
        let (plan, wakeUp, armsWatch) = state.withLock { state -> (Plan?, Date?, Bool) in
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
                return (nil, state.isClosed ? nil : later, false)
            }
            for item in due { state.dirty.removeValue(forKey: item.job.token) }
            state.lanes[kind.rawValue].reading = Set(due.map(\.job.token))
            state.lanes[kind.rawValue].readingSince = now
            state.lanes[kind.rawValue].wasPreempted = false
            if checksSchema { state.schemaCheckRequested = false }
            let readsVersions = kind == .fast && (checksSchema || !(mainIsInMemory && state.databases.hasOnlyMain))
            // Fingerprints (a stat and a read per file) serve only a later look at the files
            // that finds no frame due: a statement that woke no pane. In a run of a script's
            // writes, each frame answers the look its own statement deferred to it, so a frame
            // takes none unless such a look happened since the last frame that read panes (the
            // script mixes writes with other statements) or it is a schema check; a look that
            // finds none asks for a check, which takes them. On the lanes' threads a frame can
            // end before the look after its commit, which then compares with its
            // fingerprints: they always take them.
            let takesFingerprints = readsVersions
                && (!state.runsFramesInWaiter || checksSchema || state.lookedSinceLastFrame)
            if kind == .fast && !due.isEmpty { state.lookedSinceLastFrame = false }
            // A frame that starts now looks at the files, then reads the versions: it answers
            // a look deferred before it started (a frame that fails to read asks again).
            if readsVersions { state.fileCheckDeferred = false }
            state.nextSequence += 1
            // One preemption timer watches every fast frame (``watchForPreemption(after:)``).
            let armsWatch = kind == .fast && !state.preemptionWatchArmed
            if armsWatch { state.preemptionWatchArmed = true }
            return (Plan(lane: kind, sequence: state.nextSequence, jobs: due, parameters: state.parameters,
                         settings: state.readerSettings,
                         knownVersions: kind == .fast ? state.schemaVersions : nil,
                         readsSchemaVersions: readsVersions,
                         takesFingerprints: takesFingerprints,
                         databases: state.databases,
                         readerCondition: state.lanes[kind.rawValue].readerCondition,
                         readerConditionsSet: state.lanes[kind.rawValue].readerConditionsSet), nil, armsWatch)
        }
        if armsWatch { watchForPreemption(after: Self.preemptionDelay) }
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

    /// Reads a frame in one read transaction. On the lane's queue.
    func read(_ plan: Plan) -> Outcome {
        let lane = lanes[plan.lane.rawValue]
        // Taken before the headers or the read transaction: a commit after it moves them.
        let fingerprints = plan.takesFingerprints ? takeFingerprints(plan.databases.fileList) : nil
        if plan.jobs.isEmpty, plan.readerCondition == nil, let known = plan.knownVersions,
           Self.headersShowSameSchema(known, files: plan.databases.files) {
            // A schema check alone, answered by the files' headers: no lock taken, so none
            // waited for while another process holds the database.
            return .delivered(PaneFrame(sequence: plan.sequence, fetches: []), versions: known,
                              fingerprints: fingerprints)
        }
        var fetches: [PaneFetch] = []
        var versions: [String: Int]?
        var schemaMoved = false
        var isBehind = false
        do {
            // The panes' errors show in their blocks, not in `.log`.
            try SQLiteErrorLog.muted { try lane.reader.inDatabase { db in
                try lane.statements.apply(plan.settings, db: db)
                try ReadTransaction.run(db, if: plan.readsSeveralStatements) {
                    if let condition = plan.readerCondition, try !condition(db) {
                        isBehind = true
                        return
                    }
                    if plan.readsSchemaVersions {
                        let current = try Self.schemaVersions(db, probes: plan.databases.schemaProbes.isEmpty ? nil : plan.databases.schemaProbes)
                        versions = current
                        if let known = plan.knownVersions, Self.schemaMoved(from: known, to: current) {
                            schemaMoved = true
                            // The panes compile again on this lane next, maybe on this
                            // thread: the schemas are loaded again now, not later.
                            lane.forgetSchema(db)
                            return
                        }
                    }
                    for (job, causes) in plan.jobs {
                        state.withLock { $0.lanes[plan.lane.rawValue].current = job.token }
                        fetches.append(try fetch(job, causes: causes, parameters: plan.parameters, lane: lane, db: db))
                    }
                }
            } }
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
    func fetch(_ job: PaneJob, causes: [RefreshCause], parameters: ParameterStore,
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
    func finish(_ plan: Plan, _ outcome: Outcome) -> Bool {
        let index = plan.lane.rawValue
        var retryAfter: Double?
        state.withLock { state in
            state.lanes[index].reading.removeAll()
            state.lanes[index].readingSince = nil
            state.lanes[index].current = nil
            if case .blocked = outcome { state.lanes[index].foundLockTaken = true } else {
                state.lanes[index].foundLockTaken = false
            }
            switch outcome {
            case .failed:
                state.lanes[index].isBlocked = false
            case .delivered(let frame, let versions, let fingerprints):
                // The condition this frame passed is met for good on its lane (a reader's
                // snapshots only move on), unless a newer one was set meanwhile.
                if state.lanes[index].readerConditionsSet == plan.readerConditionsSet {
                    state.lanes[index].readerCondition = nil
                }
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
            for lane in lanes where lane.kind != plan.lane { lane.forgetSchemaSoon() }
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

    static func putBack(_ plan: Plan, _ state: inout State) {
        for (job, causes) in plan.jobs where state.jobs[job.token] != nil {
            state.dirty[job.token] = causes + (state.dirty[job.token] ?? [])
        }
    }

    static func endsFrame(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_INTERRUPT || isLock(error)
    }

    /// A lock not to be had now, which a retry gets: SQLITE_BUSY, SQLITE_LOCKED, and the WAL
    /// index race SQLite reports as SQLITE_PROTOCOL.
    static func isLock(_ error: DatabaseError) -> Bool {
        [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_PROTOCOL].contains(error.resultCode)
    }
}
