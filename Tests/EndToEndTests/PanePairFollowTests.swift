import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import SQLiveTestSupport
#endif

/// Panes that must agree with each other: another process moves money between tables `a` and
/// `b` (`BEGIN IMMEDIATE; UPDATE a …; UPDATE b …; COMMIT`), and every few transactions also
/// creates or drops an index. `sum(a.bal)` and `sum(b.bal)` always add up to 2000 in the
/// database, so every pair of blocks `--follow` prints must too: one frame is one committed
/// state, and a schema change costs one frame like any commit (the panes compile again and are
/// read together, never one at a time from different states).
@Suite(.serialized) final class PanePairFollowTests {
    private let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-pairs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    static let transactions = 60

    /// The writer: a Python process (its sqlite3 module), each transaction a transfer; every
    /// fifth one also changes the schema. It ends by printing the final sums.
    static func writerScript(database: String) -> String {
        """
        import sqlite3, time
        db = sqlite3.connect(\(String(reflecting: database)), timeout=10, isolation_level=None)
        for n in range(\(transactions)):
            amount = 1 + n % 7
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE a SET bal = bal - ? WHERE id = ?", (amount, 1 + n % 10))
            if n % 5 == 4:
                db.execute("CREATE INDEX IF NOT EXISTS a_bal ON a(bal)" if n % 10 == 4 else "DROP INDEX IF EXISTS a_bal")
            db.execute("UPDATE b SET bal = bal + ? WHERE id = ?", (amount, 1 + (n * 3) % 10))
            db.execute("COMMIT")
            time.sleep(0.01)
        print(db.execute("SELECT (SELECT sum(bal) FROM a), (SELECT sum(bal) FROM b)").fetchone())
        """
    }

    @Test(arguments: ["wal", "delete"])
    func pairs_of_panes_always_show_one_committed_state(journalMode: String) throws {
        let database = folder + "/bank-\(journalMode).db"
        let setup = try BinaryRunner.sqlite3([database], input: """
            PRAGMA journal_mode = \(journalMode);
            CREATE TABLE a(id INTEGER PRIMARY KEY, bal INT);
            CREATE TABLE b(id INTEGER PRIMARY KEY, bal INT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
            INSERT INTO a SELECT i, 100 FROM n;
            INSERT INTO b SELECT id, 100 FROM a;
            """)
        #expect(setup.status == 0)
        let follower = try SignalledProcess(["--no-init", "--follow",
                                             "-c", ".pin --name a SELECT sum(bal) FROM a",
                                             "-c", ".pin --name b SELECT sum(bal) FROM b", database],
                                            directory: folder)
        let pinned = "-- pane 1 (a): pinned\n1000\n-- pane 2 (b): pinned\n1000\n"
        try follower.waitForOutput { $0 == pinned }
        let writer = try BinaryRunner.run("/usr/bin/python3", ["-c", Self.writerScript(database: database)], input: Data())
        #expect(writer.status == 0, "\(writer.stderr)")
        // The writer moved 1…7 per transaction: the final sums, as it printed them.
        let total = (0..<Self.transactions).reduce(0) { $0 + 1 + $1 % 7 }
        #expect(writer.stdout == "(\(1000 - total), \(1000 + total))\n")
        try follower.waitForOutput { $0.hasSuffix("-- pane 1 (a): external change\n\(1000 - total)\n-- pane 2 (b): external change\n\(1000 + total)\n") }
        follower.send(SIGINT)
        #expect(try follower.waitForExit() == 0)

        // Every commit changes both sums, so blocks come in pairs, a then b, adding up to 2000.
        let blocks = Self.blocks(in: follower.stdout)
        #expect(blocks.count >= 4 && blocks.count % 2 == 0, "\(follower.stdout)")
        var wrong: [String] = []
        for pair in stride(from: 0, to: blocks.count - 1, by: 2) {
            let (first, second) = (blocks[pair], blocks[pair + 1])
            if first.pane != "a" || second.pane != "b" || first.value + second.value != 2000 {
                wrong.append("\(first.pane)=\(first.value) \(second.pane)=\(second.value)")
            }
        }
        #expect(wrong.isEmpty, "pairs not from one state (of \(blocks.count / 2)): \(wrong)\n\(follower.stdout)")
        #expect(follower.stderr == "")
    }

    /// `-- pane 1 (a): CAUSE` then the value: (pane name, value) in the order printed.
    static func blocks(in output: String) -> [(pane: String, value: Int)] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [(pane: String, value: Int)] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("-- pane ") && index + 1 < lines.count {
            let name = line.split(separator: "(").dropFirst().first?.split(separator: ")").first.map(String.init) ?? "?"
            blocks.append((name, Int(lines[index + 1]) ?? -1))
        }
        return blocks
    }
}
