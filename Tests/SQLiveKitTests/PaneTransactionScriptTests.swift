import Foundation
import SQLiveTestSupport
import Testing
@testable import SQLiveKit

/// A script never waits for what only the end of the user's own transaction can bring (found
/// by the session-19 black-box differential tester): the panes' reads wait for that end, the
/// script goes on at once. Each case took 30 s or more a statement before its fix; each must
/// now print what it printed then, with no warning, well inside the 30 s a wait gives up at.
@Suite struct PaneTransactionScriptTests {
    /// Runs `script` and says how long it took.
    static func timed(_ test: TestSession, _ script: String) -> (output: String, seconds: Double) {
        let start = Date()
        let output = test.run(script)
        return (output, Date().timeIntervalSince(start))
    }

    /// Runs `script` through the binary (a script's frames run on its own waiting thread
    /// there), under `timeout` so that a regression fails instead of holding the tests.
    static func timedBinary(_ database: String, _ script: String) throws -> (result: ProcessResult, seconds: Double) {
        let start = Date()
        let result = try BinaryRunner.run("/usr/bin/timeout", ["25", BinaryRunner.sqlivePath, "-batch", database],
                                          input: Data(script.utf8))
        return (result, Date().timeIntervalSince(start))
    }

    /// ATTACH inside a transaction asks for a schema check the user's lock holds back: the
    /// lane was kicked for it while blocked, and the script waited for a run it never makes.
    @Test func attach_inside_a_transaction_on_a_file_does_not_hold_the_script() throws {
        let folder = try TemporaryFolder()
        let (result, seconds) = try Self.timedBinary(folder.path("j.db"), """
            CREATE TABLE t(id INTEGER PRIMARY KEY, v INT);
            .pin SELECT count(*) FROM t LIMIT :lim
            BEGIN EXCLUSIVE;
            .param set :lim 1
            ATTACH '\(folder.path("a.db"))' AS a;
            SELECT 'x';
            COMMIT;
            """)
        #expect(result.stdout == """
            -- pane 1 (t): pinned
            -- error: datatype mismatch
            x
            -- pane 1 (t): schema change
            0

            """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(seconds < 10)
    }

    @Test func attach_inside_a_transaction_in_memory_does_not_hold_the_script() throws {
        let folder = try TemporaryFolder()
        let (result, seconds) = try Self.timedBinary(":memory:", """
            CREATE TABLE t(id INTEGER PRIMARY KEY, v INT);
            .pin SELECT count(*) FROM nosuch
            BEGIN; UPDATE t SET v = 1;
            .pin SELECT count(*) FROM t
            END;
            BEGIN; UPDATE t SET v = 1;
            ATTACH '\(folder.path("a.db"))' AS a;
            SELECT 'x';
            COMMIT;
            """)
        #expect(result.stdout == """
            -- pane 1 (query): pinned
            -- error: no such table: nosuch
            -- pane 2 (t): pinned
            0
            x

            """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(seconds < 10)
    }

    /// The first `.pin` inside a write transaction on an in-memory database opens the panes'
    /// connection, which the user's lock keeps from reading: it was tried again for 3 s, as
    /// if another process held the lock. The pane shows once the transaction ends.
    @Test func the_first_pin_inside_a_memory_transaction_does_not_wait() throws {
        let test = try TestSession()
        let (output, seconds) = Self.timed(test, """
            CREATE TABLE t(id INTEGER PRIMARY KEY, v INT);
            BEGIN; UPDATE t SET v = 1;
            .pin SELECT count(*) FROM t
            .print pinned
            END;
            """)
        #expect(output == """
            pinned
            -- pane 1 (t): pinned
            0

            """)
        #expect(seconds < 1.5)
    }
}
