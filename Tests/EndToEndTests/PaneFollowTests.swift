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

    /// Commits as a well-behaved app does beside a reader of a rollback-journal file: with a
    /// busy timeout (docs/PANES.md, "Watching an app without breaking it"). Without one, a commit that meets the
    /// follower's read of the commit before failed with "database is locked" under load.
    private func write(_ sql: String, to path: String? = nil) throws {
        let result = try BinaryRunner.sqlite3([path ?? database], input: ".timeout 5000\n" + sql)
        #expect(result.status == 0, "\(result.stderr)")
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

    /// `--count N` stops after N blocks, even when one commit changed more panes: it printed
    /// every block of the commit that reached N (two for `--count 1` here).
    @Test func count_stops_after_exactly_that_many_blocks_when_one_commit_changes_more_panes() throws {
        let process = try SignalledProcess(["--no-init", "--follow", "--count", "1",
                                            "-c", ".pin --name open SELECT count(*) FROM job WHERE done = 0",
                                            "-c", ".pin --name total SELECT count(*) FROM job", database], directory: folder)
        let pinned = "-- pane 1 (open): pinned\n2\n-- pane 2 (total): pinned\n3\n"
        try process.waitForOutput { $0 == pinned }
        try write("INSERT INTO job(done) VALUES (0);")
        #expect(try process.waitForExit() == 0)
        #expect(process.stdout == pinned + "-- pane 1 (open): external change\n3\n")
        #expect(process.stderr == "")
    }

    /// A transaction the input left open was kept for the whole follow: its lock made the
    /// watched app's commits fail ("database is locked", after the app's busy timeout) and
    /// the panes never moved. It is rolled back before following, with a warning.
    @Test func a_transaction_the_input_left_open_is_rolled_back_before_following() throws {
        let process = try SignalledProcess(["--no-init", "--follow", "--count", "1", "-c", "BEGIN",
                                            "-c", "INSERT INTO job(done) VALUES (0)",
                                            "-c", ".pin SELECT count(*) AS open FROM job WHERE done = 0", database],
                                           directory: folder)
        try process.waitForOutput { $0 == Self.pinned }
        try process.waitForErrorOutput { $0.contains("rolled back before following") }
        try write("UPDATE job SET done = 1 WHERE id = 1;")
        #expect(try process.waitForExit() == 0)
        #expect(process.stdout == Self.pinned + "-- pane 1 (job): external change\n1\n")
        #expect(process.stderr == "warning: --follow: the input ended inside a transaction: it was rolled back before following "
                + "(held open, it would keep other processes from writing; end it with COMMIT to keep its changes)\n")
        let count = try BinaryRunner.sqlite3([database], input: "SELECT count(*) FROM job;")
        #expect(count.stdout == "3\n")
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

    // MARK: - The app resets its database: deletes the file and makes it again

    /// The follower's connections kept reading the deleted file: the panes froze on the old
    /// rows for good. The watcher notices the file moved, and the follower opens it again
    /// (waiting for it while it is missing); the panes restart on the new file.
    @Test func a_database_deleted_then_made_again_is_followed_to_the_new_file() throws {
        let process = try follower([])
        try process.waitForOutput { $0 == Self.pinned }
        try FileManager.default.removeItem(atPath: database)
        let deleted = "warning: --follow: \(database) was deleted: waiting for it to be created again\n"
        try process.waitForErrorOutput { $0 == deleted }
        #expect(!FileManager.default.fileExists(atPath: database))
        let aside = folder + "/aside.db"
        try write("CREATE TABLE job(id INTEGER PRIMARY KEY, done INT); INSERT INTO job(done) VALUES (0), (0), (0), (0), (0);", to: aside)
        try FileManager.default.moveItem(atPath: aside, toPath: database)
        let reopened = Self.pinned + "-- pane 1 (job): database opened\n5\n"
        try process.waitForOutput { $0 == reopened }
        try write("UPDATE job SET done = 1 WHERE id = 1;")
        try process.waitForOutput { $0 == reopened + "-- pane 1 (job): external change\n4\n" }
        process.send(SIGINT)
        #expect(try process.waitForExit() == 0)
        #expect(process.stderr == deleted + "warning: --follow: \(database) was replaced: following the new file\n")
    }

    /// Replaced in one step (a new file moved over the old one): no wait, the new file at once.
    @Test func a_database_replaced_in_one_step_is_followed_to_the_new_file() throws {
        let process = try follower([])
        try process.waitForOutput { $0 == Self.pinned }
        let aside = folder + "/aside.db"
        try write("CREATE TABLE job(id INTEGER PRIMARY KEY, done INT); INSERT INTO job(done) VALUES (0);", to: aside)
        #expect(rename(aside, database) == 0)
        try process.waitForOutput { $0 == Self.pinned + "-- pane 1 (job): database opened\n1\n" }
        process.send(SIGINT)
        #expect(try process.waitForExit() == 0)
        #expect(process.stderr == "warning: --follow: \(database) was replaced: following the new file\n")
    }

    /// The script attached a database that a pane reads: the follower opened the new file
    /// without it, and that pane said "no such table: aux.tally" for good while the app went
    /// on committing to the attached file. The attachments go with the file opened again.
    @Test func a_database_replaced_keeps_the_databases_the_script_attached() throws {
        let attached = folder + "/aux.db"
        try write("CREATE TABLE tally(n INT); INSERT INTO tally VALUES (7);", to: attached)
        let process = try SignalledProcess(["--no-init", "--follow", "-c", "ATTACH 'aux.db' AS aux",
                                            "-c", ".pin SELECT count(*) AS open FROM job WHERE done = 0",
                                            "-c", ".pin SELECT n FROM aux.tally", database], directory: folder)
        let pinned = Self.pinned + "-- pane 2 (tally): pinned\n7\n"
        try process.waitForOutput { $0 == pinned }
        let aside = folder + "/aside.db"
        try write("CREATE TABLE job(id INTEGER PRIMARY KEY, done INT); INSERT INTO job(done) VALUES (0);", to: aside)
        #expect(rename(aside, database) == 0)
        let reopened = pinned + "-- pane 1 (job): database opened\n1\n"
        try process.waitForOutput { $0 == reopened }
        try write("UPDATE tally SET n = 8;", to: attached)
        try process.waitForOutput { $0 == reopened + "-- pane 2 (tally): external change\n8\n" }
        process.send(SIGINT)
        #expect(try process.waitForExit() == 0)
        #expect(process.stdout == reopened + "-- pane 2 (tally): external change\n8\n")
        #expect(process.stderr == "warning: --follow: \(database) was replaced: following the new file\n")
    }

    /// An attached file the app replaced (moved a new one over it): the follower's
    /// connections kept the old file, and the pane on it froze on the old rows, silently,
    /// while the app committed to the new one. The follower opens the files again.
    @Test func an_attached_database_replaced_is_followed_to_the_new_file() throws {
        let attached = folder + "/aux.db"
        try write("CREATE TABLE tally(n INT); INSERT INTO tally VALUES (7);", to: attached)
        let process = try SignalledProcess(["--no-init", "--follow", "-c", "ATTACH 'aux.db' AS aux",
                                            "-c", ".pin SELECT n FROM aux.tally", database], directory: folder)
        let pinned = "-- pane 1 (tally): pinned\n7\n"
        try process.waitForOutput { $0 == pinned }
        let aside = folder + "/aside.db"
        try write("CREATE TABLE tally(n INT); INSERT INTO tally VALUES (1);", to: aside)
        #expect(rename(aside, attached) == 0)
        let reopened = pinned + "-- pane 1 (tally): database opened\n1\n"
        try process.waitForOutput { $0 == reopened }
        try write("UPDATE tally SET n = 2;", to: attached)
        try process.waitForOutput { $0 == reopened + "-- pane 1 (tally): external change\n2\n" }
        process.send(SIGINT)
        #expect(try process.waitForExit() == 0)
        #expect(process.stderr == "warning: --follow: \(attached) (attached as aux) was replaced: following the new file\n")
    }

    /// Replaced while the input still ran (here by the input itself, as an app may do between
    /// the follower's start and its first wait): the look after the statement saw it and said
    /// so as at the prompt, and the follower followed the old file for good (the watcher says
    /// a replacement once). Following begins on the new file.
    @Test func a_database_replaced_while_the_input_runs_is_followed_to_the_new_file() throws {
        let aside = folder + "/aside.db"
        try write("CREATE TABLE job(id INTEGER PRIMARY KEY, done INT); INSERT INTO job(done) VALUES (0);", to: aside)
        let process = try SignalledProcess(["--no-init", "--follow", "-c", ".pin SELECT count(*) AS open FROM job WHERE done = 0",
                                            "-c", ".shell mv aside.db app.db", database], directory: folder)
        let reopened = Self.pinned + "-- pane 1 (job): database opened\n1\n"
        try process.waitForOutput { $0 == reopened }
        try write("UPDATE job SET done = 1;")
        try process.waitForOutput { $0 == reopened + "-- pane 1 (job): external change\n0\n" }
        process.send(SIGINT)
        #expect(try process.waitForExit() == 0)
        #expect(process.stderr.hasSuffix("warning: --follow: \(database) was replaced: following the new file\n"))
    }

    // MARK: - Started before the app: the file does not exist yet

    private func followerOfNewFile(_ path: String, pin: String = ".pin SELECT count(*) AS n FROM expense") throws -> SignalledProcess {
        try SignalledProcess(["--no-init", "--follow", "-c", pin, path], directory: folder)
    }

    private static func waiting(for path: String) -> String {
        "warning: --follow: waiting for \(path) to be created (following creates no database)\n"
    }

    @Test func follow_on_a_missing_file_waits_for_the_app_to_create_it_and_creates_nothing() throws {
        let path = folder + "/new.db"
        let process = try followerOfNewFile(path)
        try process.waitForErrorOutput { $0 == Self.waiting(for: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
        // The app's first run: the file, its schema and a row in one go (made aside and moved
        // in, so that the follower cannot open it half made: the next test does that).
        let aside = folder + "/aside.db"
        try write("CREATE TABLE expense(id INTEGER PRIMARY KEY, amount); INSERT INTO expense(amount) VALUES (5);", to: aside)
        try FileManager.default.moveItem(atPath: aside, toPath: path)
        try process.waitForOutput { $0 == "-- pane 1 (expense): pinned\n1\n" }
        try write("INSERT INTO expense(amount) VALUES (7);", to: path)
        try process.waitForOutput { $0 == "-- pane 1 (expense): pinned\n1\n-- pane 1 (expense): external change\n2\n" }
        process.send(SIGINT)
        #expect(try process.waitForExit() == 0)
        #expect(process.stderr == Self.waiting(for: path))
    }

    @Test func a_file_created_empty_then_migrated_in_wal_brings_the_pane_to_life() throws {
        let path = folder + "/app.sqlite"
        let process = try followerOfNewFile(path, pin: ".pin SELECT id, category FROM expense ORDER BY id")
        try process.waitForErrorOutput { $0 == Self.waiting(for: path) }
        // As GRDB's DatabasePool opens a new file: WAL first, the migration after.
        try write("PRAGMA journal_mode = WAL;", to: path)
        // A pane whose query does not compile yet is a pane in error, not a refusal.
        let inError = "-- pane 1 (query): pinned\n-- error: no such table: expense\n"
        try process.waitForOutput { $0 == inError }
        try write("CREATE TABLE expense(id INTEGER PRIMARY KEY, amount);", to: path)
        let stillInError = inError + "-- pane 1 (query): external change\n-- error: no such column: category\n"
        try process.waitForOutput { $0 == stillInError }
        // A migration adds the column the pane needs: the pane comes alive.
        try write("BEGIN; ALTER TABLE expense ADD COLUMN category; INSERT INTO expense VALUES (1, 5, 'food'); COMMIT;", to: path)
        try process.waitForOutput { $0.hasSuffix("1|food\n") }
        process.send(SIGINT)
        #expect(try process.waitForExit() == 0)
        #expect(process.stdout == stillInError + "-- pane 1 (expense): external change\n1|food\n")
        #expect(process.stderr == Self.waiting(for: path))
    }

    @Test func ctrl_c_while_waiting_ends_with_status_0_and_leaves_no_file() throws {
        let path = folder + "/never.db"
        let process = try followerOfNewFile(path)
        try process.waitForErrorOutput { $0 == Self.waiting(for: path) }
        process.send(SIGINT)
        #expect(try process.waitForExit() == 0)
        #expect(process.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: path))
        let terminated = try followerOfNewFile(path)
        try terminated.waitForErrorOutput { $0 == Self.waiting(for: path) }
        terminated.send(SIGTERM)
        #expect(try terminated.waitForExit() == 143)
        #expect(terminated.stderr == Self.waiting(for: path) + "sqlive: terminated (SIGTERM); no transaction was open\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func a_missing_folder_is_an_error_not_a_wait() throws {
        let path = folder + "/no-such-folder/new.db"
        let result = try BinaryRunner.run(BinaryRunner.sqlivePath, ["--no-init", "--follow", "-c", ".pin SELECT 1", path], input: Data())
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: --follow: cannot wait for \(path): its folder does not exist\n")
    }
}
