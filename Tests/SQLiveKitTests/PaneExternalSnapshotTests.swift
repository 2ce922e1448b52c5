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
    /// Panes compiled again are read in one frame with the others, from one snapshot. After
    /// another process's commit (and at `.notify all`) a pane whose query did not compile
    /// tried again one at a time, and `.notify schema` compiled every pane one at a time:
    /// each was read in a frame of its own as it compiled, and beside another process's
    /// commits `--follow` printed panes of two states together (`count(*)` of a table at
    /// commit 40 beside the other panes at 41; found by a differential fuzzer).
    @Test(arguments: ["external change", "notify all", "notify schema"])
    func panes_compiled_again_are_read_in_one_frame_with_the_others(trigger: String) throws {
        let directory = try TemporaryFolder()
        let path = directory.path("wal.db")
        let other = try PaneTruthTests.otherProcess(path)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; CREATE TABLE ver(n); INSERT INTO ver VALUES (1);")
        }
        let test = try TestSession(path: path)
        // The watcher's timer never ticks: the external change is delivered by hand.
        test.run(".external 1000s\n.pin SELECT n FROM ver\n.pin SELECT count(*) FROM t\n.pin SELECT max(v) FROM t")
        #expect(test.board.panes.map { $0.token == nil } == [false, true, true])
        // Frames run on the lanes' threads from now on, as with --follow and the dock.
        test.board.refreshesOnTheirOwn()
        try other.write { db in try db.execute(sql: "CREATE TABLE t(v); INSERT INTO t VALUES (7); UPDATE ver SET n = 2") }
        switch trigger {
        case "external change": test.board.apply([.externalChange])
        case "notify all": try test.board.notify(.all)
        default: try test.board.notify(.schema)
        }
        let tokens = Set(test.board.panes.compactMap(\.token))
        #expect(tokens.count == 3)
        var frames: [Set<ObservationToken>] = []
        let deadline = Date().addingTimeInterval(10)
        while !tokens.isSubset(of: frames.reduce([], { $0.union($1) })) && Date() < deadline {
            for item in test.board.inbox.takeAll() {
                if case .frame(let frame) = item { frames.append(Set(frame.fetches.map(\.token)).intersection(tokens)) }
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(frames.filter { !$0.isEmpty } == [tokens])
        #expect(test.errorText == "")
    }
}
