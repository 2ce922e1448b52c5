import Foundation
import GRDB
import Synchronization
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// The scheduler's timing — throttling, the slow lane, preemption, the retry tick — driven by
/// a ``ManualPaneClock``: a query "costs" what its `cost(seconds)` call moves the clock on,
/// and nothing timed happens until the test moves the clock. No sleep decides an outcome, so
/// these hold on any machine under any load.
@Suite struct PaneClockTests {
    /// This thread, as a number SQLite can return.
    static var currentThread: Int64 { Int64(bitPattern: UInt64(pthread_self())) }

    /// A scheduler on a file (WAL unless told) with table `t`, whose readers know `cost(seconds)` (moves the
    /// clock on, as if the query took that long) and `hold()` (waits until the test lets go).
    final class Rig {
        let folder: TemporaryFolder
        let path: String
        let clock = ManualPaneClock()
        let inbox = PaneInbox()
        let scheduler: RefreshScheduler
        let gate = Gate()
        private var nextToken: UInt64 = 0

        init(throttles: Bool = true, journal: String = "wal") throws {
            folder = try TemporaryFolder()
            path = folder.path("clock.db")
            let writer = try DatabaseQueue(path: path)
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = \(journal); CREATE TABLE t(x); INSERT INTO t VALUES (1)")
            }
            try writer.close()
            var configuration = Configuration()
            let clock = clock, gate = gate
            configuration.prepareDatabase { db in
                db.add(function: DatabaseFunction("cost", argumentCount: 1, pure: false) { arguments in
                    clock.advance(by: Double.fromDatabaseValue(arguments[0]) ?? 0)
                    return 0
                })
                db.add(function: DatabaseFunction("hold", argumentCount: 0, pure: false) { _ in
                    gate.hold()
                    return 0
                })
                // The thread that runs the query, to tell where frames run.
                db.add(function: DatabaseFunction("thread", argumentCount: 0, pure: false) { _ in
                    PaneClockTests.currentThread
                })
            }
            let path = path
            scheduler = try RefreshScheduler(openReader: { try DatabaseQueue(path: path, configuration: configuration) },
                                             inbox: inbox, throttles: throttles, clock: clock)
        }

        deinit {
            scheduler.close()
        }

        /// Starts a pane on `sql`; returns its token.
        func start(_ sql: String, paneID: Int) -> ObservationToken {
            nextToken += 1
            let token = ObservationToken(value: nextToken)
            scheduler.start(PaneJob(paneID: paneID, token: token, sql: sql, arguments: nil, rowLimit: 10), cause: .pinned)
            return token
        }

        /// Takes what the inbox holds; returns the frames in it, each as token → its outcome.
        func takeFrames() -> [[ObservationToken: PaneFetch.Outcome]] {
            inbox.takeAll().compactMap { item in
                guard case .frame(let frame) = item else { return nil }
                return Dictionary(uniqueKeysWithValues: frame.fetches.map { ($0.token, $0.outcome) })
            }
        }

        /// Waits for the next frames until `count` of them came; returns them.
        func waitForFrames(_ count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [[ObservationToken: PaneFetch.Outcome]] {
            var frames: [[ObservationToken: PaneFetch.Outcome]] = []
            _ = waitForEvidence("\(count) frame(s)", sourceLocation: sourceLocation) {
                frames += takeFrames()
                return frames.count >= count
            }
            return frames
        }

        /// Waits until the scheduler has timed work on the clock `delay` seconds ahead.
        func waitForTimedWork(in delay: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
            waitForEvidence("work timed \(delay) s ahead", sourceLocation: sourceLocation) {
                clock.pendingDelays.contains { abs($0 - delay) < 1e-9 }
            }
        }
    }

    @Test func a_costly_pane_is_throttled_to_once_per_four_times_its_cost_on_the_clock() throws {
        let rig = try Rig()
        let pane = rig.start("SELECT cost(0.05), count(*) FROM t", paneID: 1)
        #expect(rig.waitForFrames(1).count == 1)
        // Woken at once after a refresh that cost 0.05 s: not again before 4 × 0.05 s from
        // its start; the scheduler times its wake-up for then (0.15 s from now).
        rig.scheduler.wake([pane: .commit])
        #expect(rig.waitForTimedWork(in: 0.15))
        guard case .throttled(let until) = rig.scheduler.activity(of: pane) else {
            Issue.record("not throttled: \(rig.scheduler.activity(of: pane))")
            return
        }
        #expect(abs(until.timeIntervalSince(rig.clock.now) - 0.15) < 1e-9)
        rig.clock.advance(by: RefreshScheduler.retryStillWaiting)
        #expect(rig.takeFrames().isEmpty, "a throttled pane refreshed early")
        rig.clock.advance(by: 0.05)
        #expect(rig.waitForFrames(1).map(\.count) == [1])
    }

    @Test func scripts_never_throttle() throws {
        let rig = try Rig(throttles: false)
        let pane = rig.start("SELECT cost(0.05), count(*) FROM t", paneID: 1)
        #expect(rig.waitForFrames(1).count == 1)
        rig.scheduler.wake([pane: .commit])
        // The second frame comes without the clock moving at all.
        #expect(rig.waitForFrames(1).count == 1)
    }

    @Test func a_pane_that_cost_more_than_the_threshold_refreshes_on_the_slow_lane_in_frames_of_its_own() throws {
        let rig = try Rig(throttles: false)
        // Started together (as the board starts panes after a schema change): one frame, one
        // snapshot.
        let (slow, fast) = rig.scheduler.holdingFrames {
            (rig.start("SELECT cost(\(RefreshScheduler.slowThreshold * 2)), count(*) FROM t", paneID: 1),
             rig.start("SELECT count(*) FROM t", paneID: 2))
        }
        #expect(rig.waitForFrames(1).map { Set($0.keys) } == [[slow, fast]])
        #expect(rig.scheduler.hasBeenOnSlowLane(slow))
        #expect(!rig.scheduler.hasBeenOnSlowLane(fast))
        rig.scheduler.wake([slow: .commit, fast: .commit])
        let frames = rig.waitForFrames(2)
        #expect(Set(frames.map { Set($0.keys) }) == [[slow], [fast]])
    }

    @Test func a_long_fast_frame_is_preempted_when_the_clock_passes_the_delay_and_others_wait() throws {
        let rig = try Rig(throttles: false)
        // hold() first, then enough rows that SQLite meets the interruption once let go.
        let long = rig.start("WITH RECURSIVE c(i) AS (SELECT hold() UNION ALL SELECT i + 1 FROM c WHERE i < 100000) "
                             + "SELECT count(*) FROM c", paneID: 1)
        #expect(waitForEvidence("the long pane's query running") { rig.gate.entered == 1 })
        let waiting = rig.start("SELECT count(*) FROM t", paneID: 2)
        #expect(rig.waitForTimedWork(in: RefreshScheduler.preemptionDelay))
        // Not a moment before the delay on the clock…
        rig.clock.advance(by: RefreshScheduler.preemptionDelay - 0.001)
        #expect(!rig.scheduler.hasBeenOnSlowLane(long))
        // …and at it: the long pane moves to the slow lane, its read is interrupted.
        rig.clock.advance(by: 0.001)
        #expect(waitForEvidence("the long pane moved to the slow lane") { rig.scheduler.hasBeenOnSlowLane(long) })
        rig.gate.letGo()
        // The waiting pane comes in a frame of its own, without the long one.
        var frames = rig.waitForFrames(1)
        #expect(frames.first.map { Set($0.keys) } == [waiting])
        // The long pane then refreshes alone, on the slow lane.
        #expect(waitForEvidence("the long pane's second run") { rig.gate.entered == 2 })
        rig.gate.letGo()
        frames = rig.waitForFrames(1)
        #expect(frames.first.map { Set($0.keys) } == [long])
    }

    @Test func a_frame_that_finds_the_lock_taken_tries_again_at_the_fixed_tick_not_before() throws {
        // A rollback journal: another connection's exclusive lock keeps the readers out.
        let rig = try Rig(throttles: false, journal: "delete")
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: rig.path, configuration: configuration)
        try holder.inDatabase { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        let pane = rig.start("SELECT count(*) FROM t", paneID: 1)
        #expect(rig.waitForTimedWork(in: RefreshScheduler.retryTick))
        #expect(rig.scheduler.activity(of: pane) == .waitingForLock)
        try holder.inDatabase { try $0.execute(sql: "ROLLBACK") }
        #expect(rig.takeFrames().isEmpty, "the frame ran again before its tick")
        rig.clock.advance(by: RefreshScheduler.retryTick)
        #expect(rig.waitForFrames(1).map { Set($0.keys) } == [[pane]])
    }
}

extension PaneClockTests {
    /// The dock's "waiting for the database lock" mark blinked: each retry's read, however
    /// short, said "refreshing" while it ran.
    @Test func a_retry_after_the_lock_was_taken_still_says_waiting_until_its_read_goes_on() throws {
        let rig = try Rig(throttles: false, journal: "delete")
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: rig.path, configuration: configuration)
        try holder.inDatabase { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        let pane = rig.start("SELECT hold(), count(*) FROM t", paneID: 1)
        #expect(rig.waitForTimedWork(in: RefreshScheduler.retryTick))
        #expect(rig.scheduler.activity(of: pane) == .waitingForLock)
        try holder.inDatabase { try $0.execute(sql: "ROLLBACK") }
        // The retry gets the lock and runs (held in hold()): a moment in, still the wait…
        rig.clock.advance(by: RefreshScheduler.retryTick)
        #expect(waitForEvidence("the retry's query running") { rig.gate.entered == 1 })
        #expect(rig.scheduler.activity(of: pane) == .waitingForLock)
        // …past the threshold, a query that runs.
        let start = rig.clock.now
        rig.clock.advance(by: RefreshScheduler.retryStillWaiting)
        #expect(rig.scheduler.activity(of: pane) == .refreshing(since: start))
        rig.gate.letGo()
        #expect(rig.waitForFrames(1).map { Set($0.keys) } == [[pane]])
        #expect(rig.scheduler.activity(of: pane) == .idle)
    }
}

/// What `hold()` waits on: how many times a query entered it, and the test letting one go.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let count = Mutex(0)

    var entered: Int { count.withLock { $0 } }

    func hold() {
        count.withLock { $0 += 1 }
        semaphore.wait()
    }

    func letGo() {
        semaphore.signal()
    }
}

extension PaneClockTests {
    /// A change another connection saw first (a replica's transaction, seen by the watcher)
    /// is waited for on each lane's own reader: the slow lane read at once, the state before
    /// the transaction that woke it, and nothing woke it again.
    @Test func a_pane_on_the_slow_lane_waits_for_its_reader_to_hold_the_change_too() throws {
        let rig = try Rig(throttles: false)
        let slow = rig.start("SELECT cost(\(RefreshScheduler.slowThreshold * 2)), count(*) FROM t", paneID: 1)
        #expect(rig.waitForFrames(1).count == 1)
        #expect(rig.scheduler.hasBeenOnSlowLane(slow))
        let readerHolds = Mutex(false)
        rig.scheduler.wakeAll(.replicatedCommit(transaction: 2), readerMustSee: { _ in readerHolds.withLock { $0 } })
        #expect(rig.waitForTimedWork(in: RefreshScheduler.retryTick))
        #expect(rig.takeFrames().isEmpty, "the slow pane was read before its reader held the change")
        readerHolds.withLock { $0 = true }
        rig.clock.advance(by: RefreshScheduler.retryTick)
        #expect(rig.waitForFrames(1).map { Set($0.keys) } == [[slow]])
    }
}
