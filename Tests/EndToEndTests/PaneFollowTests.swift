import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import SQLiveTestSupport
#endif

/// `--follow`: a script that pins panes stays and prints each pane's block as other
/// processes commit (here sqlite3), until `--count`, `--until-change` or a signal ends it.
/// Each step waits for the block it caused on the follower's stdout: no fixed sleeps.
@Suite(.serialized) final class PaneFollowTests {
    private let folder: String
    private let database: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-follow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        database = folder + "/app.db"
        let setup = try BinaryRunner.sqlite3([database], input: """
            CREATE TABLE job(id INTEGER PRIMARY KEY, done INT);
            INSERT INTO job(done) VALUES (0), (0), (NULL);
            """)
        #expect(setup.status == 0)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func follower(_ options: [String]) throws -> SignalledProcess {
        try SignalledProcess(["--no-init", "--follow"] + options + ["-c", ".pin SELECT count(*) AS open FROM job WHERE done = 0", database],
                             directory: folder)
    }

    private func write(_ sql: String) throws {
        let result = try BinaryRunner.sqlite3([database], input: sql)
        #expect(result.status == 0)
    }

    private static let pinned = "-- pane 1 (job): pinned\n2\n"

    @Test func commits_by_another_process_print_blocks_until_count_ends_it_with_status_0() throws {
        let process = try follower(["--count", "2"])
        try process.waitForOutput { $0 == Self.pinned }
        try write("UPDATE job SET done = 1 WHERE id = 1;")
        try process.waitForOutput { $0 == Self.pinned + "-- pane 1 (job): external change\n1\n" }
        // A commit that leaves the count as it was prints nothing and counts nothing.
        try write("UPDATE job SET done = 5 WHERE id = 3;")
        try write("UPDATE job SET done = 1 WHERE id = 2;")
        #expect(try process.waitForExit() == 0)
        #expect(process.stdout == Self.pinned + "-- pane 1 (job): external change\n1\n-- pane 1 (job): external change\n0\n")
        #expect(process.stderr == "")
    }

    @Test func until_change_exits_0_after_the_first_change() throws {
        let process = try follower(["--until-change"])
        try process.waitForOutput { $0 == Self.pinned }
        try write("INSERT INTO job(done) VALUES (0);")
        #expect(try process.waitForExit() == 0)
        #expect(process.stdout == Self.pinned + "-- pane 1 (job): external change\n3\n")
        #expect(process.stderr == "")
    }

    @Test func ctrl_c_ends_following_with_status_0_and_sigterm_with_143() throws {
        let interrupted = try follower([])
        try interrupted.waitForOutput { $0 == Self.pinned }
        interrupted.send(SIGINT)
        #expect(try interrupted.waitForExit() == 0)
        #expect(interrupted.stdout == Self.pinned)
        #expect(interrupted.stderr == "")

        let terminated = try follower([])
        try terminated.waitForOutput { $0 == Self.pinned }
        terminated.send(SIGTERM)
        #expect(try terminated.waitForExit() == 143)
        #expect(terminated.stderr == "sqlive: terminated (SIGTERM); no transaction was open\n")
    }

    @Test func an_interval_prints_one_block_per_pane_per_interval_with_every_cause() throws {
        let process = try follower(["--interval", "3", "--count", "2"])
        try process.waitForOutput { $0 == Self.pinned }
        try write("UPDATE job SET done = 1 WHERE id = 1;")
        try process.waitForOutput { $0.hasSuffix("-- pane 1 (job): external change\n1\n") }
        let firstChange = Date()
        // Two commits inside the interval: one block, with the latest value, after it.
        try write("UPDATE job SET done = 1 WHERE id = 2;")
        try write("INSERT INTO job(done) VALUES (0), (0);")
        #expect(try process.waitForExit() == 0)
        // The interval runs from the first block's printing, which this test sees up to one
        // poll (20 ms) and a file read later: allow that much, no more.
        #expect(Date().timeIntervalSince(firstChange) >= 3 - 0.1)
        #expect(process.stdout == Self.pinned + "-- pane 1 (job): external change\n1\n-- pane 1 (job): external change\n2\n")
    }

    @Test func follow_without_a_pane_is_an_error_and_options_need_follow() throws {
        let result = try BinaryRunner.run(BinaryRunner.sqlivePath, ["--no-init", "--follow", "-c", "SELECT 1;", database], input: Data())
        #expect(result.status == 1)
        #expect(result.stdout == "1\n")
        #expect(result.stderr == "error: --follow: no pane is pinned: pin queries with .pin in -c, -f or the script\n")
        let wrong = try BinaryRunner.run(BinaryRunner.sqlivePath, ["--count", "2", database], input: Data())
        #expect(wrong.status == 2)
        #expect(wrong.stderr == "error: --interval, --count and --until-change go with --follow\nTry 'sqlive --help' for the options.\n")
    }
}
