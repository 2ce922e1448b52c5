import Foundation
import Testing
@testable import SQLiveKit

extension PaneBenchmarkTests {
    /// 200 panes on one table, one-row updates: the cost each commit pays for the panes, for
    /// panes narrowed to one row each (`t.filter(key: K)`: a write touches one of them; 1,000
    /// updates) and for panes on the whole table (`SELECT … WHERE id = K`: SQLite's authorizer
    /// reports the table, so today every write wakes all 200; 200 updates). Target (issue 11): the region check
    /// adds ≤ 1 ms per commit, and only the panes whose region a change touches re-fetch.
    @Test(arguments: ["row", "table"])
    func two_hundred_panes_on_one_table(regions: String) throws {
        func makeSession() throws -> TestSession {
            let test = try TestSession()
            test.run("""
                CREATE TABLE t(id INTEGER PRIMARY KEY, x INT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                INSERT INTO t(id, x) SELECT i, 0 FROM n;
                """)
            return test
        }
        let keys = (0..<(regions == "row" ? 1000 : 200)).map { ($0 * 37) % 200 + 1 }
        let writes = keys.map { "UPDATE t SET x = x + 1 WHERE id = \($0);" }

        let bare = try makeSession()
        let bareScript = Self.seconds { bare.run(writes.joined(separator: "\n")) }
        let bareCommits = try Self.commitTimes(writes, in: bare)

        let pinned = try makeSession()
        for key in 1...200 {
            let query = regions == "row" ? "t.filter(key: \(key))" : "SELECT x FROM t WHERE id = \(key)"
            try pinned.board.pin(query, name: "p\(key)", rowLimit: 5)
        }
        _ = pinned.board.drainEvents()
        let before = pinned.board.fetchCount
        let pinnedScript = Self.seconds { pinned.run(writes.joined(separator: "\n")) }
        let refetches = pinned.board.fetchCount - before
        let pinnedCommits = try Self.commitTimes(writes, in: pinned)

        let commitCost = (Self.percentile(pinnedCommits, 50) - Self.percentile(bareCommits, 50)) * 1e6
        let scriptCost = (pinnedScript - bareScript) / Double(writes.count) * 1e6
        print("BENCH 200 panes on one table (\(regions) regions), \(writes.count) one-row updates: \(refetches) pane re-fetches; "
              + "commit alone +\(Self.us(commitCost)) µs per commit (median); "
              + "script \(Self.ms(bareScript * 1000)) ms without panes, \(Self.ms(pinnedScript * 1000)) ms with "
              + "(+\(Self.us(scriptCost)) µs per statement, re-fetches and printing included)")
        #expect(commitCost <= 1000)
        if regions == "row" {
            #expect(refetches == writes.count)
        }
    }

    /// The time of each write alone, through the session's connection, waiting for the
    /// panes to settle between writes (not counted).
    static func commitTimes(_ writes: [String], in test: TestSession) throws -> [Double] {
        let queue = test.session.connection.queue
        return try writes.map { sql in
            let time = try seconds { try queue.write { try $0.execute(sql: sql) } }
            _ = test.board.waitUntilSettled(timeout: 30)
            _ = test.board.drainEvents()
            return time
        }
    }
}
