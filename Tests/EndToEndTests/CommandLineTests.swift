import Foundation
import Testing
import SQLiveTestSupport

/// The built `sqlive` binary as a user runs it: arguments, exit status, stdout and stderr.
@Suite struct CommandLineTests {
    @Test func command_options_run_in_order_and_exit_zero() throws {
        let result = try BinaryRunner.sqlive(["-c", "create table t(a)", "-c", "insert into t values (1), (2)", "-c", "select sum(a) from t"])
        #expect(result == ProcessResult(stdout: "3\n", stderr: "", status: 0))
    }

    @Test func sql_arguments_after_the_database_run_like_sqlite3() throws {
        let result = try BinaryRunner.sqlive([":memory:", "select 1", "select 'two';"])
        #expect(result == ProcessResult(stdout: "1\ntwo\n", stderr: "", status: 0))
    }

    /// SQL given on the command line runs as sqlite3 runs it: not echoed (`-echo`, `.echo on`),
    /// with no `.changes` or `.timer` line, and a failing argument ends the run with SQLite's
    /// result code as the status (19 for a constraint; sqlive said 1, and echoed and counted).
    @Test(arguments: [
        ["-echo", ":memory:", "select 1;"],
        [":memory:", ".echo on", "select 1;", ".print x"],
        ["-cmd", "select 5;", "-echo", ":memory:", "select 1;"],
        [":memory:", ".changes on", "create table t(a);", "insert into t values(1);"],
        [":memory:", "create table t(a primary key);", "insert into t values(1),(1);", "select 3;"],
        [":memory:", "create table t(a not null); insert into t values(null);"],
        [":memory:", "select * from nosuch;", "select 2;"],
    ])
    func sql_arguments_echo_count_and_fail_as_in_sqlite3(_ arguments: [String]) throws {
        let sqlive = try BinaryRunner.sqlive(arguments)
        let sqlite3 = try BinaryRunner.sqlite3(arguments)
        #expect(sqlive.stdout == sqlite3.stdout)
        #expect(sqlive.status == sqlite3.status)
    }

    @Test func a_failing_statement_names_its_source_and_line_and_exits_one() throws {
        let script = "select 1;\nselect * from nowhere;\nselect 3;\n"
        let result = try BinaryRunner.sqlive([], input: script)
        #expect(result.stdout == "1\n3\n")
        #expect(result.stderr == "error: stdin:2: no such table: nowhere\n")
        #expect(result.status == 1)
    }

    @Test func bail_stops_at_the_first_error() throws {
        let result = try BinaryRunner.sqlive(["--bail"], input: "select 1;\nselect x;\nselect 3;\n")
        #expect(result.stdout == "1\n")
        #expect(result.stderr.hasPrefix("error: stdin:2: no such column: x"))
        #expect(result.status == 1)
    }

    @Test func syntax_errors_point_at_the_token_with_a_caret() throws {
        let result = try BinaryRunner.sqlive([], input: "select 1 +;\n")
        #expect(result.stderr == """
            error: stdin:1: near ";": syntax error
              select 1 +;
                        ^

            """)
    }

    @Test func a_script_file_is_named_in_its_errors() throws {
        let folder = try TemporaryFolder()
        let script = folder.write("demo.sql", "create table t(a);\n\ninsert into t values (1, 2);\n")
        let result = try BinaryRunner.sqlive(["-f", script])
        #expect(result.stderr == "error: \(script):3: table t has 1 columns but 2 values were supplied\n")
        #expect(result.status == 1)
    }

    /// A script never loads the line editor: libedit, and the three libraries it needs, is
    /// opened at the first prompt only. Linked before, it was loaded at every start.
    @Test func a_script_runs_without_loading_libedit() throws {
        let folder = try TemporaryFolder()
        let process = try SignalledProcess([":memory:"], directory: folder.path)
        try process.write("SELECT 'ready';\n")
        try process.waitForOutput { $0 == "ready\n" }
        // Read to the end: a /proc file says its size is 0.
        let maps = try #require(FileHandle(forReadingAtPath: "/proc/\(process.processID)/maps")).readToEnd() ?? Data()
        let libraries = String(decoding: maps, as: UTF8.self)
            .split(separator: "\n").compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).last }
            .filter { $0.contains(".so") }
        #expect(libraries.contains { $0.contains("libsqlite3.so") })
        #expect(!libraries.contains { $0.contains("libedit") || $0.contains("libbsd") || $0.contains("libtinfo") })
        try process.write(".quit\n")
        #expect(try process.waitForExit() == 0)
    }

    @Test func unknown_options_are_usage_errors_with_status_two() throws {
        let result = try BinaryRunner.sqlive(["--no-such-option"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Unknown option '--no-such-option'"))
        #expect(result.stdout.isEmpty)
    }

    @Test func version_and_help_exit_zero() throws {
        #expect(try BinaryRunner.sqlive(["--version"]).status == 0)
        let help = try BinaryRunner.sqlive(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--readonly"))
    }

    @Test func a_directory_as_database_is_a_clear_error() throws {
        let folder = try TemporaryFolder()
        let result = try BinaryRunner.sqlive([folder.path, "select 1"])
        #expect(result == ProcessResult(stdout: "", stderr: "error: cannot open \(folder.path): it is a directory, not a database file\n", status: 1))
    }

    @Test func an_unwritable_file_is_a_clear_error_and_readonly_opens_it() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/locked.db"
        _ = try BinaryRunner.sqlive([path, "create table t(a)"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        // root can write anyway; the check only means something for other users.
        if getuid() != 0 {
            let result = try BinaryRunner.sqlive([path, "select 1"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("not writable"))
        }
        let readonly = try BinaryRunner.sqlive(["--readonly", path, "select count(*) from t", "insert into t values (1)"])
        #expect(readonly.stdout == "0\n")
        #expect(readonly.stderr == "error: argument:1: attempt to write a readonly database\n")
    }

    @Test func a_missing_file_is_created() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/new.db"
        let result = try BinaryRunner.sqlive([path, "create table t(a)"])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func opening_a_file_changes_nothing_in_it() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/user.db"
        _ = try BinaryRunner.sqlite3([path, "create table t(a); insert into t values (1);"])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try BinaryRunner.sqlive([path, "select * from t", ".tables", ".schema", "pragma journal_mode"])
        #expect(result.stdout == "1\nt\nCREATE TABLE t(a);\ndelete\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["user.db"])
    }

    /// Quiet, as sqlite3 killed by SIGPIPE, but not a success: `set -o pipefail` must see
    /// that the rest of the script never ran.
    @Test func a_closed_pipe_ends_quietly_with_a_failing_status() throws {
        let command = "\(BinaryRunner.sqlivePath) -c 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 1000000) SELECT x FROM c' -c \"select 'never'\" | head -1; exit ${PIPESTATUS[0]}"
        let result = try BinaryRunner.run("/bin/bash", ["-c", command], input: Data())
        #expect(result == ProcessResult(stdout: "1\n", stderr: "", status: 141))
        // An earlier failure and then a closed pipe: still a failing status for the pipeline.
        let pipefail = "set -o pipefail; printf 'select nosuchfunction();\\nWITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 1000000) SELECT x FROM c;\\n' | \(BinaryRunner.sqlivePath) 2>/dev/null | head -1"
        #expect(try BinaryRunner.run("/bin/bash", ["-c", pipefail], input: Data()) == ProcessResult(stdout: "1\n", stderr: "", status: 141))
    }

    @Test func safe_mode_refuses_attach_file_writes_and_init_files() throws {
        let home = try TemporaryFolder()
        home.write(".replrc", ".print init-ran\n")
        let result = try BinaryRunner.sqlive(
            ["--safe"], input: "attach ':memory:' as other;\n.once \(home.path)/out.txt\nselect 'still here';\n",
            environment: ["HOME": home.path])
        #expect(result.stdout == "still here\n")
        #expect(result.stderr == """
            error: stdin:1: too many attached databases - max 0
              ATTACH is disabled in safe mode (--safe)
            error: stdin:2: .once is disabled in safe mode: it writes files
              start sqlive without --safe to use it

            """)
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/out.txt"))
        #expect(try BinaryRunner.sqlive(["--safe", "--init", "x"]).status == 2)
    }

    @Test func timeout_waits_for_a_lock_held_by_another_process() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/busy.db"
        _ = try BinaryRunner.sqlite3([path, "create table t(a);"])
        // sqlite3 holds the write lock until told to commit: both runs meet it held.
        let holder = try #require(try TransactionHolder(path, "begin immediate; insert into t values (1);"))
        let impatient = try BinaryRunner.sqlive([path, ".timeout 0", "insert into t values (2)"])
        // A failed SQL argument exits with SQLite's result code, as in sqlite3: SQLITE_BUSY.
        #expect(impatient == ProcessResult(stdout: "", stderr: "error: argument:1: database is locked\n", status: 5))
        let patient = try RunningProcess(BinaryRunner.sqlivePath, [path, ".timeout 20000", "insert into t values (3)"], input: .file("/dev/null"))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(patient.isRunning, "waiting for the lock: \(patient.errorOutput)")
        #expect(holder.end())
        #expect(patient.waitForExit() == 0)
        #expect(patient.errorOutput == "")
        #expect(try BinaryRunner.sqlite3([path, "select a from t order by a"]).stdout == "1\n3\n")
    }

    @Test func quit_takes_an_exit_status() throws {
        let result = try BinaryRunner.sqlive([], input: "select 1;\n.quit 3\nselect 2;\n")
        #expect(result == ProcessResult(stdout: "1\n", stderr: "", status: 3))
    }

    /// An exit status is one byte: `.quit 256` would have ended as 0, a success.
    @Test func quit_refuses_a_status_outside_0_to_255() throws {
        let result = try BinaryRunner.sqlive([], input: ".quit 256\n.quit -1\nselect 'still here';\n.quit 255\n")
        #expect(result.stdout == "still here\n")
        #expect(result.stderr == """
            error: stdin:1: .quit: the exit status must be a number from 0 to 255, not 256
              usage: .quit ?CODE?
            error: stdin:2: .quit: the exit status must be a number from 0 to 255, not -1
              usage: .quit ?CODE?

            """)
        #expect(result.status == 255)
    }

    @Test func readonly_carries_over_to_open() throws {
        let folder = try TemporaryFolder()
        let first = folder.path + "/first.db", second = folder.path + "/second.db"
        for path in [first, second] { _ = try BinaryRunner.sqlite3([path, "create table t(a);"]) }
        let result = try BinaryRunner.sqlive(["--readonly", first], input: """
            .open \(second)
            insert into t values (1);
            .open --new \(second)
            select count(*) from t;
            """)
        #expect(result.stdout == "0\n")
        #expect(result.stderr == """
            error: stdin:2: attempt to write a readonly database
            error: stdin:3: .open: --new empties the file, which a read-only session does not do
              usage: .open ?--readonly? ?--new? ?--hexdb? ?--trusted-schema? ?FILE? | --replica URL

            """)
        #expect(try BinaryRunner.sqlite3([second, "select count(*) from t"]).stdout == "0\n")
    }

    @Test func the_init_file_runs_first_and_command_line_options_win() throws {
        let folder = try TemporaryFolder()
        let rc = folder.write("rc", ".mode csv\n.headers on\n.nullvalue NULL\n")
        let result = try BinaryRunner.sqlive(["--init", rc, "--no-headers", "-c", "select 1 as a, null as b"])
        #expect(result.stdout == "1,NULL\r\n")
    }

    @Test func home_replrc_runs_but_never_one_in_the_current_folder() throws {
        let home = try TemporaryFolder()
        let work = try TemporaryFolder()
        home.write(".replrc", ".print from-home\n")
        work.write(".replrc", ".print from-current-folder\n")
        let result = try BinaryRunner.sqlive(["-c", "select 1"], environment: ["HOME": home.path], directory: work.path)
        #expect(result.stdout == "from-home\n1\n")
        let skipped = try BinaryRunner.sqlive(["--no-init", "-c", "select 1"], environment: ["HOME": home.path])
        #expect(skipped.stdout == "1\n")
    }

    @Test func an_open_transaction_at_the_end_of_a_script_is_rolled_back() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/tx.db"
        _ = try BinaryRunner.sqlive([path, "create table t(a)"])
        _ = try BinaryRunner.sqlive([path], input: "begin;\ninsert into t values (1);\n")
        #expect(try BinaryRunner.sqlive([path, "select count(*) from t"]).stdout == "0\n")
    }
}
