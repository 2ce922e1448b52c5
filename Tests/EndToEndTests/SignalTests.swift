import Foundation
import Testing
import SQLiveTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGHUP, SIGQUIT and SIGINT sent to sqlive running a script (standard input not a
/// terminal): the running statement is interrupted, the open transaction rolled back, the
/// database closed clean, one line on stderr, and the exit status 128 + the signal.
///
/// A signal meant to interrupt a statement is sent once the statement runs: `.trace stderr`
/// comes just before it, and SQLite writes its SQL to stderr when it starts stepping.
@Suite struct SignalTests {
    /// A statement that runs far longer than any test waits: it must be interrupted.
    static let endless = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT count(*) FROM c;"

    /// stderr holds the trace, the endless statement first (what closing runs is traced
    /// too), no error, and the one closing line last.
    static func expectTraceThenClosing(_ stderr: String, _ closing: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(stderr.hasPrefix(endless + "\n"), "\(stderr)", sourceLocation: sourceLocation)
        #expect(stderr.hasSuffix("\n" + closing + "\n"), "\(stderr)", sourceLocation: sourceLocation)
        #expect(!stderr.contains("error:"), "\(stderr)", sourceLocation: sourceLocation)
    }

    /// Waits until SQLite started the endless statement (traced on stderr).
    static func waitUntilEndlessRuns(_ process: SignalledProcess, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try process.waitForErrorOutput(sourceLocation: sourceLocation) { $0.contains(endless) }
    }

    @Test func sigterm_while_waiting_for_input_rolls_back_the_open_transaction() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write("""
            CREATE TABLE t(x);
            INSERT INTO t VALUES ('committed');
            BEGIN;
            INSERT INTO t VALUES ('uncommitted');
            SELECT 'ready';

            """)
        try process.waitForOutput { $0.contains("ready") }
        process.send(SIGTERM)
        #expect(try process.waitForExit() == 143)
        #expect(process.stderr == "sqlive: terminated (SIGTERM); rolled back the open transaction\n")
        try Self.expectClean(database, rows: "committed\n")
    }

    @Test func sigterm_during_a_long_query_interrupts_it_and_rolls_back() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write("""
            CREATE TABLE t(x);
            INSERT INTO t VALUES ('committed');
            BEGIN;
            INSERT INTO t VALUES ('uncommitted');
            .trace stderr
            \(Self.endless)
            INSERT INTO t VALUES ('never');
            COMMIT;

            """)
        try Self.waitUntilEndlessRuns(process)
        process.send(SIGTERM)
        #expect(try process.waitForExit() == 143)
        Self.expectTraceThenClosing(process.stderr, "sqlive: terminated (SIGTERM); interrupted the statement at stdin:6, rolled back the open transaction")
        try Self.expectClean(database, rows: "committed\n")
    }

    @Test func sighup_ends_the_run_like_sigterm_with_status_129() throws {
        try Self.expectSignalEndsALongStatement(SIGHUP, status: 129, as: "hung up (SIGHUP)")
    }

    /// The Swift runtime installs a crash handler for SIGQUIT that prints "Program crashed"
    /// and lets the session go on; sqlive ends like on SIGTERM instead, as sqlite3 does.
    @Test func sigquit_ends_the_run_like_sigterm_with_status_131() throws {
        try Self.expectSignalEndsALongStatement(SIGQUIT, status: 131, as: "quit (SIGQUIT)")
    }

    /// `signal` sent while a statement runs in an open transaction: the statement is
    /// interrupted, the transaction rolled back, one closing line, status `status`.
    static func expectSignalEndsALongStatement(_ signal: Int32, status: Int32, as event: String,
                                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write("CREATE TABLE t(x);\nBEGIN;\nINSERT INTO t VALUES (1);\n.trace stderr\n\(endless)\n")
        try waitUntilEndlessRuns(process, sourceLocation: sourceLocation)
        process.send(signal)
        #expect(try process.waitForExit() == status, sourceLocation: sourceLocation)
        expectTraceThenClosing(process.stderr, "sqlive: \(event); interrupted the statement at stdin:5, rolled back the open transaction",
                               sourceLocation: sourceLocation)
        try expectClean(database, rows: "", sourceLocation: sourceLocation)
    }

    /// sqlite3 3.40 stops reading its script too (`Runtime error near line 5: interrupted`)
    /// but exits with 1; sqlive exits with 130, so a caller tells Ctrl-C from an SQL error.
    @Test func sigint_in_batch_mode_interrupts_the_statement_and_exits_130() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write("CREATE TABLE t(x);\nINSERT INTO t VALUES (1);\n.trace stderr\n\(Self.endless)\nINSERT INTO t VALUES (2);\n")
        try Self.waitUntilEndlessRuns(process)
        process.send(SIGINT)
        #expect(try process.waitForExit() == 130)
        Self.expectTraceThenClosing(process.stderr, "sqlive: interrupted (SIGINT); interrupted the statement at stdin:4")
        try Self.expectClean(database, rows: "1\n")
    }

    /// A script waiting for an endless pane (its frame starts on the script's thread, then
    /// moves to the slow lane's at the preemption delay): Ctrl-C ends the script, with 130.
    /// `PaneFrameRunTests` checks that an interrupt reaches a frame on the script's thread.
    @Test func sigint_while_a_script_waits_for_an_endless_pane_interrupts_it_and_exits_130() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write("CREATE TABLE t(x);\nINSERT INTO t VALUES (1);\n.print pinning\n.pin \(Self.endless)\n.print after\n")
        try process.waitForOutput { $0.contains("pinning") }
        // Evidence that the pane's query runs: the process keeps a core busy (start-up and
        // the pin take a few hundredths of a second of processor time; the query, all of it).
        let deadline = Date().addingTimeInterval(10)
        while Self.processorSeconds(of: process.processID) <= 0.5, Date() < deadline { usleep(10_000) }
        #expect(Self.processorSeconds(of: process.processID) > 0.5, "the endless pane's query never ran")
        process.send(SIGINT)
        #expect(try process.waitForExit() == 130)
        #expect(!process.stdout.contains("after"))
        try Self.expectClean(database, rows: "1\n")
    }

    /// User and system processor time of a running process, from /proc.
    static func processorSeconds(of process: pid_t) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // After the command's closing parenthesis: field 3 (state) on, utime and stime are 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func sigint_interrupts_a_statement_on_a_database_opened_late() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        _ = try BinaryRunner.sqlite3([database, "CREATE TABLE t(x); INSERT INTO t VALUES (1);"])
        let holder = try #require(try TransactionHolder(database, "begin exclusive;"))
        // sqlive starts on a stand-in while the lock is held, then opens the file late.
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write(".print started\n")
        try process.waitForOutput { $0.contains("started") }
        #expect(holder.end())
        try process.write(".trace stderr\n\(Self.endless)\n")
        try Self.waitUntilEndlessRuns(process)
        process.send(SIGINT)
        #expect(try process.waitForExit() == 130)
        Self.expectTraceThenClosing(process.stderr, "sqlive: interrupted (SIGINT); interrupted the statement at stdin:3")
    }

    /// A statement waiting for a lock another process holds: SQLite's `sqlite3_interrupt`
    /// does not reach the busy handler, so SIGTERM waited for the whole `.timeout` (here ten
    /// minutes; a lock held for ever by another process kept sqlive running that long).
    @Test func sigterm_ends_a_wait_for_another_process_lock() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        _ = try BinaryRunner.sqlite3([database, "CREATE TABLE t(x); INSERT INTO t VALUES (1);"])
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write(".print started\n")
        try process.waitForOutput { $0.contains("started") }
        let holder = try #require(try TransactionHolder(database, "begin exclusive;"))
        try process.write(".timeout 600000\n.trace stderr\nSELECT * FROM t;\nSELECT 'never';\n")
        // Traced as it starts stepping, before it asks for the lock.
        try process.waitForErrorOutput { $0.contains("SELECT * FROM t;") }
        process.send(SIGTERM)
        #expect(try process.waitForExit() == 143)
        #expect(process.stderr.hasSuffix("\nsqlive: terminated (SIGTERM); interrupted the statement at stdin:4\n"), "\(process.stderr)")
        #expect(!process.stderr.contains("error:"), "\(process.stderr)")
        #expect(!process.stdout.contains("never"))
        #expect(holder.end("rollback;"))
    }

    /// The same wait for a lock in batch mode, met by ATTACH, and Ctrl-C (SIGINT).
    @Test func sigint_in_batch_mode_ends_an_attach_waiting_for_a_lock() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/other.db"
        _ = try BinaryRunner.sqlite3([database, "CREATE TABLE t(x);"])
        let holder = try #require(try TransactionHolder(database, "begin exclusive;"))
        let process = try SignalledProcess([":memory:"], directory: folder.path)
        try process.write(".timeout 600000\n.trace stderr\nATTACH 'other.db' AS other;\nSELECT 'never';\n")
        // Traced as SQLite runs it (the name as the URI sqlive gives SQLite).
        try process.waitForErrorOutput { $0.contains("ATTACH '") }
        process.send(SIGINT)
        #expect(try process.waitForExit() == 130)
        #expect(process.stderr.hasSuffix("\nsqlive: interrupted (SIGINT); interrupted the statement at stdin:3\n"), "\(process.stderr)")
        #expect(!process.stderr.contains("error:"), "\(process.stderr)")
        #expect(!process.stdout.contains("never"))
        #expect(holder.end("rollback;"))
    }

    /// A database locked when sqlive starts is opened when a unit first needs it, and that
    /// open waits for the lock: SIGTERM ends the wait too (the connection being opened is not
    /// the one a signal interrupts).
    @Test func sigterm_ends_the_wait_of_a_database_opened_late() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        _ = try BinaryRunner.sqlite3([database, "CREATE TABLE t(x); INSERT INTO t VALUES (1);"])
        let holder = try #require(try TransactionHolder(database, "begin exclusive;"))
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write(".timeout 600000\n.print waiting\nSELECT * FROM t;\nSELECT 'never';\n")
        try process.waitForOutput { $0.contains("waiting") }
        process.send(SIGTERM)
        #expect(try process.waitForExit() == 143)
        #expect(process.stderr.hasPrefix("sqlive: terminated (SIGTERM)"), "\(process.stderr)")
        #expect(!process.stderr.contains("error:"), "\(process.stderr)")
        #expect(!process.stdout.contains("never"))
        #expect(holder.end("rollback;"))
    }

    @Test func sigterm_during_read_stops_the_script_at_its_current_statement() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        folder.write("long.sql", """
            CREATE TABLE t(x);
            INSERT INTO t VALUES ('before');
            BEGIN;
            INSERT INTO t VALUES ('in the transaction');
            .trace stderr
            \(Self.endless)
            INSERT INTO t VALUES ('after');
            COMMIT;

            """)
        let process = try SignalledProcess([database, ".read long.sql"], directory: folder.path)
        try Self.waitUntilEndlessRuns(process)
        process.send(SIGTERM)
        #expect(try process.waitForExit() == 143)
        Self.expectTraceThenClosing(process.stderr, "sqlive: terminated (SIGTERM); interrupted the statement at long.sql:6, rolled back the open transaction")
        try Self.expectClean(database, rows: "before\n")
    }

    /// GRDB runs each migration in its own transaction: the interrupted one rolls back, the
    /// ones before it stay applied, and the ledger says so.
    @Test func sigterm_during_migrate_rolls_back_the_running_migration_only() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: true)
        folder.write("migrations/0001_items.sql", "CREATE TABLE item(name TEXT);\nINSERT INTO item VALUES ('pen');\n")
        folder.write("migrations/0002_slow.sql", """
            CREATE TABLE big(i);
            INSERT INTO big WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT i FROM c;

            """)
        folder.write("migrations/0003_more.sql", "INSERT INTO item VALUES ('ink');\n")
        let process = try SignalledProcess([database, "-cmd", ".trace stderr", ".migrate"], directory: folder.path)
        let slowInsert = "INSERT INTO big WITH RECURSIVE"
        try process.waitForErrorOutput { $0.contains(slowInsert) }
        process.send(SIGTERM)
        #expect(try process.waitForExit() == 143)
        // The journal is looked at before anything opens the database: opening it would roll
        // a hot journal back and hide that it was left.
        #expect(!FileManager.default.fileExists(atPath: database + "-journal"))
        // The trace of the statements that ran (GRDB's own included), the report, and the
        // closing line last.
        #expect(process.stderr.hasSuffix("\nsqlive: terminated (SIGTERM); no transaction was open\n"), "\(process.stderr)")
        #expect(process.stderr.contains("""
            error: migrations/0002_slow.sql:2: migration 0002_slow was interrupted and rolled back
              INSERT INTO big WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT i FROM c;
              ^
              the database stays at 0001_items; run .migrate again to apply 0002_slow and the rest

            """), "\(process.stderr)")
        let check = try BinaryRunner.sqlite3([database, """
            PRAGMA integrity_check;
            SELECT identifier FROM grdb_migrations;
            SELECT name FROM item;
            SELECT count(*) FROM sqlite_schema WHERE name = 'big';
            """])
        #expect(check.stdout == "ok\n0001_items\npen\n0\n")
    }

    @Test func sigterm_closes_a_wal_database_without_leaving_its_wal_file() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        _ = try BinaryRunner.sqlite3([database, "PRAGMA journal_mode = WAL; CREATE TABLE t(x); INSERT INTO t VALUES ('committed');"])
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write("BEGIN;\nINSERT INTO t VALUES ('uncommitted');\nSELECT 'ready';\n")
        try process.waitForOutput { $0.contains("ready") }
        process.send(SIGTERM)
        #expect(try process.waitForExit() == 143)
        #expect(process.stderr == "sqlive: terminated (SIGTERM); rolled back the open transaction\n")
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: database + "-shm"))
        try Self.expectClean(database, rows: "committed\n")
    }

    @Test func sigterm_after_an_autocommitted_write_leaves_it_in_the_main_file() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/app.db"
        _ = try BinaryRunner.sqlite3([database, "PRAGMA journal_mode = WAL; CREATE TABLE t(x);"])
        let process = try SignalledProcess([database], directory: folder.path)
        try process.write("INSERT INTO t VALUES ('autocommitted');\nSELECT 'ready';\n")
        try process.waitForOutput { $0.contains("ready") }
        #expect(FileManager.default.fileExists(atPath: database + "-wal"), "the write is in the WAL while sqlive runs")
        process.send(SIGTERM)
        #expect(try process.waitForExit() == 143)
        #expect(process.stderr == "sqlive: terminated (SIGTERM); no transaction was open\n")
        // A copy of the main file alone holds the committed row: it was checkpointed.
        let copy = folder.path + "/copy.db"
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        try Self.expectClean(copy, rows: "autocommitted\n")
    }

    /// A signal sent as soon as a run printed its first line must end it: the signal sources
    /// are installed before the session runs. They were installed later, on libdispatch's
    /// thread, and under load a SIGTERM sent then was ignored and lost (the run went on).
    /// Twelve runs at once make the load.
    @Test func a_signal_right_after_the_first_output_is_never_lost() throws {
        let folder = try TemporaryFolder()
        let processes = try (0..<12).map { _ in try SignalledProcess([":memory:"], directory: folder.path) }
        for process in processes { try process.write("SELECT 'ready';\n") }
        for process in processes {
            try process.waitForOutput { $0.contains("ready") }
            process.send(SIGTERM)
        }
        for process in processes {
            #expect(try process.waitForExit() == 143)
            #expect(process.stderr == "sqlive: terminated (SIGTERM); no transaction was open\n")
        }
    }

    /// No journal is left over, `PRAGMA integrity_check` is ok, and the table holds `rows`.
    /// The journal is looked at first: sqlite3 opening the database would roll a hot
    /// journal back and delete it, and the check could not fail.
    static func expectClean(_ database: String, rows: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!FileManager.default.fileExists(atPath: database + "-journal"), sourceLocation: sourceLocation)
        let check = try BinaryRunner.sqlite3([database, "PRAGMA integrity_check; SELECT x FROM t;"])
        #expect(check.stdout == "ok\n" + rows, sourceLocation: sourceLocation)
    }
}
