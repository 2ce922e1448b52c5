import Foundation
import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Two panes must never show two states. The frame the user's commit wakes reads the latest
/// snapshot, which may hold another process's commit that the watcher has not seen yet: it
/// refreshed only the panes the user's commit touched, and printed a pair of sums the
/// database never held (105 beside 100 after a transfer of 5 from `b` to `a`).
@Suite struct PaneExternalSnapshotTests {
    @Test(arguments: ["delete", "wal"])
    func a_commit_of_the_users_after_another_processs_shows_both_in_every_pane(storage: String) throws {
        let directory = try TemporaryFolder()
        let path = directory.path("\(storage).db")
        let other = try PaneTruthTests.otherProcess(path)
        try other.writeWithoutTransaction { db in
            if storage == "wal" { try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try db.execute(sql: """
                CREATE TABLE a(id INTEGER PRIMARY KEY, bal); INSERT INTO a VALUES (1, 100);
                CREATE TABLE b(id INTEGER PRIMARY KEY, bal); INSERT INTO b VALUES (1, 100);
                """)
        }
        let test = try TestSession(path: path)
        // The watcher's timer never ticks during the test: what is tested is the look
        // between statements.
        test.run(".external 1000s\n.pin SELECT sum(bal) FROM a\n.pin SELECT sum(bal) FROM b")
        try other.write { db in
            try db.execute(sql: "UPDATE a SET bal = bal + 5; UPDATE b SET bal = bal - 5")
        }
        let output = test.run("UPDATE a SET bal = bal + 0;")
        // Pane 1's block names the other commit too when the look before the frame found it
        // (the usual case), not when the look after the frames did (a lock read it late):
        // either way both panes show the state after both commits.
        #expect(output.replacingOccurrences(of: "update a(bal)[1]; external change", with: "update a(bal)[1]") == """
            -- pane 1 (a): update a(bal)[1]
            105
            -- pane 2 (b): external change
            95

            """)
        #expect(test.errorText == "")
    }

    /// The look a script makes once its frames settled must not take "locked" for "nothing":
    /// another process writing in a loop (rollback journal) holds the lock often, and a frame
    /// that read past its commit then printed beside panes from before it (997 beside 1000:
    /// one run in about forty with a transfer loop). Asked to, the look that cannot read wakes
    /// every pane, whose frame then waits for the lock.
    @Test func a_look_that_a_lock_keeps_from_reading_wakes_every_pane_when_asked() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("delete.db")
        let other = try PaneTruthTests.otherProcess(path)
        try other.write { db in
            try db.execute(sql: """
                CREATE TABLE a(id INTEGER PRIMARY KEY, bal); INSERT INTO a VALUES (1, 100);
                CREATE TABLE b(id INTEGER PRIMARY KEY, bal); INSERT INTO b VALUES (1, 100);
                """)
        }
        let test = try TestSession(path: path)
        test.run(".external 1000s\n.pin SELECT sum(bal) FROM a\n.pin SELECT sum(bal) FROM b")
        let watcher = try #require(test.board.engine?.watcher)
        try other.write { db in
            try db.execute(sql: "UPDATE a SET bal = bal + 5; UPDATE b SET bal = bal - 5")
        }
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        try holder.inDatabase { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        #expect(!watcher.checkNow(), "a look not asked to wake panes found nothing, as before")
        #expect(watcher.checkNow(wakingIfUnreadable: true))
        try holder.inDatabase { try $0.execute(sql: "ROLLBACK") }
        #expect(PaneTruthTests.waitForValue("105", in: test, pane: 0))
        #expect(PaneTruthTests.waitForValue("95", in: test, pane: 1))
        #expect(test.errorText == "")
    }
}
