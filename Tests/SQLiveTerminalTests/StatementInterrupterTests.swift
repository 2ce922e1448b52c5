import Foundation
import GRDB
import Synchronization
import Testing
@testable import SQLiveKit
@testable import SQLiveTerminal

/// The interrupter between the signal queue and the statement running on the main thread.
@Suite struct StatementInterrupterTests {
    @Test func at_the_prompt_nothing_is_interrupted_nor_asked_to_stop() {
        let stopRequest = StopRequest()
        let interrupter = StatementInterrupter(stopRequest: stopRequest)
        #expect(!interrupter.interrupt(for: .interrupt))
        #expect(stopRequest.reason == nil)
        #expect(!interrupter.disarm())
    }

    @Test func a_running_statement_is_interrupted_and_the_session_asked_to_stop() throws {
        let stopRequest = StopRequest()
        let interrupter = StatementInterrupter(stopRequest: stopRequest)
        let connection = try DatabaseConnection(OpenOptions(path: ":memory:"))
        interrupter.arm(connection)
        // A statement that never ends unless interrupted, on another thread; it says when it
        // runs (its first row calls `started()`), so the interruption is sent while it runs.
        let finished = DispatchSemaphore(value: 0), running = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        let started = DatabaseFunction("started", argumentCount: 0, pure: false) { _ in
            running.signal()
            return 1
        }
        Thread.detachNewThread {
            do {
                _ = try connection.access { db in
                    db.add(function: started)
                    return try Int.fetchOne(db, sql: "WITH RECURSIVE c(n) AS (SELECT started() UNION ALL SELECT n + 1 FROM c) SELECT max(n) FROM c")
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            finished.signal()
        }
        #expect(running.wait(timeout: .now() + 10) == .success)
        #expect(interrupter.interrupt(for: .terminate(signal: 15)))
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(failure.withLock { $0 }?.contains("interrupted") == true)
        #expect(stopRequest.reason == .terminate(signal: 15))
        #expect(interrupter.disarm())
        #expect(!interrupter.disarm(), "disarming forgets")
    }

    @Test func follow_moves_an_armed_interrupter_only() throws {
        let interrupter = StatementInterrupter(stopRequest: StopRequest())
        let connection = try DatabaseConnection(OpenOptions(path: ":memory:"))
        interrupter.follow(connection)
        #expect(!interrupter.interrupt(for: .interrupt), "not armed: follow arms nothing")
        interrupter.arm(connection)
        interrupter.follow(try DatabaseConnection(OpenOptions(path: ":memory:")))
        #expect(interrupter.interrupt(for: .interrupt))
    }
}
