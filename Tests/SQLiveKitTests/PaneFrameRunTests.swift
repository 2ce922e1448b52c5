import Foundation
import GRDB
import Synchronization
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Where and how often the scheduler runs frames (issue 19's cost): a script's frames run on
/// the thread that waits for them, and the look at the files after a statement is answered
/// by the frame the statement's commit woke instead of a second frame.
@Suite struct PaneFrameRunTests {
    typealias Rig = PaneClockTests.Rig

    /// The first cell of a frame's only pane, as text.
    static func firstCell(_ frames: [[ObservationToken: PaneFetch.Outcome]], _ token: ObservationToken) -> String? {
        guard frames.count == 1, case .rows(let result)? = frames[0][token], let row = result.rows.first else { return nil }
        return String(decoding: row.cells[0].bytes, as: UTF8.self)
    }

    @Test func a_script_s_frames_run_on_the_thread_that_waits_for_them_and_only_then() throws {
        let rig = try Rig(throttles: false)
        rig.scheduler.runFramesInWaiter(true)
        let pane = rig.start("SELECT thread() FROM t", paneID: 1)
        // Due, but nobody waits: no lane's thread took it.
        #expect(rig.scheduler.hasWork)
        #expect(rig.scheduler.framesStarted == 0)
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        #expect(Self.firstCell(rig.takeFrames(), pane) == String(PaneClockTests.currentThread))
    }

    @Test func panes_let_refresh_on_their_own_run_the_frames_left_for_a_waiter() throws {
        let rig = try Rig(throttles: false)
        rig.scheduler.runFramesInWaiter(true)
        let pane = rig.start("SELECT thread() FROM t", paneID: 1)
        #expect(rig.scheduler.framesStarted == 0)
        // `--follow` after a script: nobody waits any more, the lane's thread runs it.
        rig.scheduler.runFramesInWaiter(false)
        let cell = Self.firstCell(rig.waitForFrames(1), pane)
        #expect(cell != nil && cell != String(PaneClockTests.currentThread))
    }

    /// Ctrl-C interrupts the session's connection (``DatabaseConnection/interrupt()``): that
    /// must reach a frame the script's own thread is running, or the script waits for it.
    @Test func interrupting_the_session_s_connection_ends_a_frame_the_script_runs() throws {
        var environment = SessionEnvironment()
        environment.panesRefreshWhenWaitedFor = true
        let test = try TestSession(path: ":memory:", environment: environment)
        // A clock that never moves: no preemption can end the frame, only the interrupt.
        test.board.engineClock = ManualPaneClock()
        _ = test.run("CREATE TABLE t(x);")
        let connection = test.session.connection, stopRequest = test.session.stopRequest
        let scriptThread = pthread_self()
        let done = Mutex(false), endedByTheInterrupt = Mutex(false)
        let interrupter = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // Evidence that the endless pane runs: the script's thread spends processor time.
            var clock = clockid_t()
            pthread_getcpuclockid(scriptThread, &clock)
            func spent() -> Double {
                var now = timespec()
                clock_gettime(clock, &now)
                return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
            }
            let start = spent(), deadline = Date().addingTimeInterval(20)
            while spent() - start < 0.2, Date() < deadline { usleep(5_000) }
            // What a signal does: ask the session to stop, interrupt its connection.
            stopRequest.request(.interrupt)
            connection.interrupt()
            let giveUp = Date().addingTimeInterval(10)
            while !done.withLock({ $0 }), Date() < giveUp { usleep(1_000) }
            endedByTheInterrupt.withLock { $0 = done.withLock { $0 } }
            // Otherwise the frame is ended here, so that the test itself ends.
            if !endedByTheInterrupt.withLock({ $0 }) { _ = connection.busyPolicy.yieldToWriter?() }
            interrupter.signal()
        }
        _ = test.run(".pin WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT count(*) FROM c")
        done.withLock { $0 = true }
        #expect(interrupter.wait(timeout: .now() + 30) == .success)
        #expect(endedByTheInterrupt.withLock { $0 }, "the script's frame went on after its connection was interrupted")
    }

    @Test func a_long_frame_in_the_waiting_thread_moves_to_the_slow_lane_s_thread_at_the_delay() throws {
        let rig = try Rig(throttles: false)
        rig.scheduler.runFramesInWaiter(true)
        let long = rig.start("WITH RECURSIVE c(i) AS (SELECT hold() UNION ALL SELECT i + 1 FROM c WHERE i < 100000) "
                             + "SELECT count(*) FROM c", paneID: 1)
        // The script's thread: it runs the frame, which holds in hold().
        let settled = DispatchSemaphore(value: 0)
        let scheduler = rig.scheduler
        DispatchQueue.global().async {
            _ = scheduler.waitUntilSettled(timeout: 30, acceptingBlocked: false)
            settled.signal()
        }
        #expect(waitForEvidence("the long pane's query running") { rig.gate.entered == 1 })
        #expect(rig.waitForTimedWork(in: RefreshScheduler.preemptionDelay))
        // Though no other pane waits, the script does: at the delay the pane moves on.
        rig.clock.advance(by: RefreshScheduler.preemptionDelay)
        #expect(waitForEvidence("the long pane moved to the slow lane") { rig.scheduler.hasBeenOnSlowLane(long) })
        rig.gate.letGo()
        // Run again from the start, on the slow lane's own thread.
        #expect(waitForEvidence("the long pane's second run") { rig.gate.entered == 2 })
        rig.gate.letGo()
        #expect(rig.waitForFrames(1).map { Set($0.keys) } == [[long]])
        #expect(settled.wait(timeout: .now() + 30) == .success)
    }

    @Test func a_look_at_the_files_while_the_commit_s_frame_runs_costs_no_second_frame() throws {
        let rig = try Rig(throttles: false)
        _ = rig.start("SELECT hold(), count(*) FROM t", paneID: 1)
        #expect(waitForEvidence("the pane's frame running") { rig.gate.entered == 1 })
        // What a script's statement asks after its commit woke the frame.
        rig.scheduler.requestSchemaCheckIfFilesMoved()
        rig.gate.letGo()
        #expect(rig.waitForFrames(1).count == 1)
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        #expect(rig.scheduler.framesStarted == 1)
    }

    @Test func a_commit_after_the_frame_s_snapshot_still_gets_its_schema_check() throws {
        let rig = try Rig(throttles: false)
        _ = rig.start("SELECT hold(), count(*) FROM t", paneID: 1)
        #expect(waitForEvidence("the pane's frame running") { rig.gate.entered == 1 })
        // Another connection commits while the frame reads (WAL: the reader does not block
        // it): the files moved after the frame looked at them.
        let writer = try DatabaseQueue(path: rig.path)
        try writer.write { try $0.execute(sql: "CREATE INDEX t_x ON t(x)") }
        try writer.close()
        rig.scheduler.requestSchemaCheckIfFilesMoved()
        rig.gate.letGo()
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        // The pane's frame, then the schema check, which found the index and asks the board
        // to compile the panes again.
        #expect(rig.scheduler.framesStarted == 2)
        let items = rig.inbox.takeAll().map { item -> String in
            switch item {
            case .frame: "frame"
            case .schemaChanged: "schema changed"
            default: "other"
            }
        }
        #expect(items == ["frame", "schema changed"])
    }

    @Test func a_run_of_a_script_s_writes_takes_no_fingerprints_and_a_look_still_finds_a_schema_change() throws {
        let rig = try Rig(throttles: false)
        rig.scheduler.runFramesInWaiter(true)
        let pane = rig.start("SELECT count(*) FROM t", paneID: 1)
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        _ = rig.takeFrames()
        // A script's write: its commit wakes the pane, then the statement's look at the files
        // is deferred to the frame, which reads the schema versions without fingerprinting.
        let (frames, fingerprints) = (rig.scheduler.framesStarted, rig.scheduler.fingerprintsTaken)
        rig.scheduler.wake([pane: .commit])
        rig.scheduler.requestSchemaCheckIfFilesMoved()
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        #expect(rig.takeFrames().count == 1)
        #expect(rig.scheduler.framesStarted == frames + 1)
        #expect(rig.scheduler.fingerprintsTaken == fingerprints)
        // A statement that wakes nothing: its look finds no fingerprints and asks for a check,
        // which takes them; a second such statement compares with them and starts no frame.
        rig.scheduler.requestSchemaCheckIfFilesMoved()
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        #expect(rig.scheduler.framesStarted == frames + 2)
        rig.scheduler.requestSchemaCheckIfFilesMoved()
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        #expect(rig.scheduler.framesStarted == frames + 2)
        // The script now mixes writes with such statements: a write's frame after a look
        // fingerprints the files, and the look after the next statement needs no frame.
        let taken = rig.scheduler.fingerprintsTaken
        rig.scheduler.wake([pane: .commit])
        rig.scheduler.requestSchemaCheckIfFilesMoved()
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        #expect(rig.scheduler.framesStarted == frames + 3)
        #expect(rig.scheduler.fingerprintsTaken == taken + 1)
        rig.scheduler.requestSchemaCheckIfFilesMoved()
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        #expect(rig.scheduler.framesStarted == frames + 3)
        // Another process changes the schema: the next look finds the files moved, and the
        // check finds the change.
        let writer = try DatabaseQueue(path: rig.path)
        try writer.write { try $0.execute(sql: "CREATE INDEX t_x ON t(x)") }
        try writer.close()
        _ = rig.inbox.takeAll()
        rig.scheduler.requestSchemaCheckIfFilesMoved()
        #expect(rig.scheduler.waitUntilSettled(timeout: 10, acceptingBlocked: false))
        #expect(rig.scheduler.framesStarted == frames + 4)
        let schemaChanged = rig.inbox.takeAll().contains { if case .schemaChanged = $0 { true } else { false } }
        #expect(schemaChanged)
    }
}
