import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import SQLiveTestSupport
#endif

/// Signals at the interactive prompt, in a real terminal (tmux): Ctrl-C during `.read`,
/// `.migrate` and a slow pane refresh gives the prompt back; SIGTERM and SIGHUP save the
/// history, roll back, close the database and give the terminal back as it was.
@Suite(.serialized, .enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
final class SignalTerminalTests {
    private let folder: TemporaryFolder
    private var database: String { folder.path + "/app.db" }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// sqlive at its prompt in list mode, run by a shell that then prints its exit status and
    /// whether the terminal is back in its normal mode (canonical input with echo). The shell
    /// traps SIGINT and SIGQUIT, as an interactive shell would, so Ctrl-C and Ctrl-\\ do not
    /// end it too (sqlive starts with the default actions all the same: a trap is not inherited).
    private func startSQLive() throws -> TmuxTerminal {
        let report = #"status=$?; printf 'exit %s, tty' "$status"; for f in icanon echo; do stty -a | tr ' ;' '\n\n' | grep -qx -- "$f" && printf ' %s' "$f" || printf ' -%s' "$f"; done; echo; exec sleep 60"#
        let terminal = try TmuxTerminal(
            command: ["/bin/sh", "-c", "trap : INT QUIT; \"$@\"; " + report, "sh", BinaryRunner.sqlivePath, "--quiet", "--no-init", "--mode", "list", database],
            environment: ["HOME": folder.path, "LANG": "C.UTF-8", "NO_COLOR": "1"], width: 300, height: 30, timeout: 15)
        try terminal.waitForScreen("the first prompt") { $0.hasSuffix("sqlive>") }
        return terminal
    }

    private func enter(_ line: String, in terminal: TmuxTerminal) throws {
        try terminal.type(line)
        try terminal.press("Enter")
    }

    /// The process id of the sqlive on this test's database, found in /proc.
    private func sqlivePID() -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.first { candidate in
            guard let data = FileManager.default.contents(atPath: "/proc/\(candidate)/cmdline") else { return false }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.first == BinaryRunner.sqlivePath && arguments.last == database
        }
    }

    private func send(_ signal: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let process = sqlivePID() else {
            Issue.record("no sqlive process on \(database)", sourceLocation: sourceLocation)
            throw TmuxError.timedOut
        }
        kill(process, signal)
    }

    @Test func sigterm_at_the_prompt_rolls_back_saves_history_and_restores_the_terminal() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("CREATE TABLE t(x); INSERT INTO t VALUES ('committed');", in: terminal)
        try enter(".pin SELECT count(*) AS n FROM t", in: terminal)
        try terminal.waitForScreen("the dock") { $0.contains("────") }
        let deadline = Date().addingTimeInterval(5)
        while try terminal.scrollRegion() == 0...29, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try terminal.scrollRegion() != 0...29, "the dock sets a scroll region")
        try enter("BEGIN; INSERT INTO t VALUES ('uncommitted');", in: terminal)
        // The next prompt, not only the line typed: on a loaded machine (CI beside CPU hogs)
        // the next line was typed while sqlive still ran this one, the terminal echoed it, and
        // SIGTERM came before BEGIN ran ("no transaction was open").
        try terminal.waitForScreen("the prompt after BEGIN") { $0.hasSuffix("('uncommitted');\n(1 row inserted)\nsqlive>") }
        try terminal.type("SELECT 'typed, not run'")
        try terminal.waitForScreen("the typed line") { $0.hasSuffix("'typed, not run'") }
        try send(SIGTERM)
        let screen = try terminal.waitForScreen("the exit status") { $0.contains("exit ") && $0.hasSuffix("echo") }
        #expect(screen.hasSuffix("""
            sqlive> SELECT 'typed, not run'
            sqlive: terminated (SIGTERM); rolled back the open transaction
            exit 143, tty icanon echo
            """))
        #expect(try terminal.scrollRegion() == 0...29)
        let history = (try? String(contentsOfFile: folder.path + "/.sqlive_history", encoding: .utf8)) ?? ""
        #expect(history.contains("BEGIN;") && history.contains(".pin"), "\(history)")
        #expect(!history.contains("typed"))
        try SignalTests.expectClean(database, rows: "committed\n")
    }

    /// Ctrl-\\ typed at the terminal: the Swift runtime's crash handler used to print
    /// "Program crashed … Press space to interact" and keep the session.
    @Test func ctrl_backslash_at_the_prompt_ends_like_sigterm_with_status_131() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("CREATE TABLE t(x); INSERT INTO t VALUES ('committed');", in: terminal)
        try enter("BEGIN; INSERT INTO t VALUES ('uncommitted');", in: terminal)
        try terminal.waitForScreen("both statements run") { $0.hasSuffix("VALUES ('uncommitted');\n(1 row inserted)\nsqlive>") }
        try terminal.press("C-\\")
        let screen = try terminal.waitForScreen("the exit status") { $0.contains("exit ") && $0.hasSuffix("echo") }
        #expect(screen.hasSuffix("""
            sqlive: quit (SIGQUIT); rolled back the open transaction
            exit 131, tty icanon echo
            """), "\(screen)")
        #expect(!screen.contains("crashed"))
        try SignalTests.expectClean(database, rows: "committed\n")
    }

    @Test func sighup_during_a_long_query_interrupts_it_and_exits_129() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("CREATE TABLE t(x); BEGIN; INSERT INTO t VALUES (1);", in: terminal)
        try enter(SignalTests.endless, in: terminal)
        // Evidence that the statement runs: its elapsed-time line, shown after a second.
        try terminal.waitForScreen("the statement running") { $0.hasSuffix("Ctrl-C interrupts") }
        try send(SIGHUP)
        let screen = try terminal.waitForScreen("the exit status") { $0.contains("exit ") && $0.hasSuffix("echo") }
        #expect(screen.hasSuffix("""
            sqlive: hung up (SIGHUP); interrupted the running statement, rolled back the open transaction
            exit 129, tty icanon echo
            """))
        try SignalTests.expectClean(database, rows: "")
    }

    @Test func ctrl_c_during_read_stops_the_script_and_says_where() throws {
        let script = folder.write("long.sql", """
            CREATE TABLE t(x);
            INSERT INTO t VALUES ('before');
            SELECT 'ready';
            \(SignalTests.endless)
            INSERT INTO t VALUES ('after');

            """)
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter(".read \(script)", in: terminal)
        // At a terminal the script's output waits for the end of .read; the ticker shows.
        try terminal.waitForScreen("the script running") { $0.hasSuffix("Ctrl-C interrupts") }
        try terminal.press("C-c")
        let screen = try terminal.waitForScreen("the prompt after Ctrl-C") { $0.hasSuffix("sqlive>") }
        #expect(screen.hasSuffix("""
            ready
            error: \(script):4: interrupted
            warning: interrupted at \(script):4; the rest of \(script) did not run
            sqlive>
            """))
        try enter("SELECT x FROM t;", in: terminal)
        try terminal.waitForScreen("the table") { $0.hasSuffix("SELECT x FROM t;\nbefore\nsqlive>") }
    }

    @Test func ctrl_c_during_migrate_rolls_back_the_running_migration_and_names_it() throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: true)
        folder.write("migrations/0001_items.sql", "CREATE TABLE item(name TEXT);\n")
        folder.write("migrations/0002_slow.sql", """
            CREATE TABLE big(i);
            INSERT INTO big WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT i FROM c;

            """)
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter(".migrate \(folder.path)/migrations", in: terminal)
        try terminal.waitForScreen("the first migration") { $0.contains("applied 0001_items") }
        // Evidence that the second runs: its progress line, shown after a second.
        try terminal.waitForScreen("the second migration running") { $0.contains("migrating 0002_slow: ") }
        try terminal.press("C-c")
        let screen = try terminal.waitForScreen("the prompt after Ctrl-C") { $0.hasSuffix("sqlive>") }
        #expect(screen.contains("error: \(folder.path)/migrations/0002_slow.sql:2: migration 0002_slow was interrupted and rolled back"))
        #expect(screen.contains("the database stays at 0001_items; run .migrate again to apply 0002_slow and the rest\nsqlive>"))
        // As in sqlite3, .quit after a failure (the interrupted migration) exits with 1.
        try enter(".quit", in: terminal)
        try terminal.waitForScreen("the exit status") { $0.contains("exit 1,") }
        let check = try BinaryRunner.sqlite3([database, "PRAGMA integrity_check; SELECT identifier FROM grdb_migrations; SELECT count(*) FROM sqlite_schema WHERE name = 'big';"])
        #expect(check.stdout == "ok\n0001_items\n0\n")
    }

    /// A pane whose refresh never ends never holds the prompt: it runs on the panes' own
    /// connection, the dock says it is refreshing, statements run at once, and a write that
    /// needs the lock its read holds interrupts it; the pane refreshes again after the commit.
    @Test func a_never_ending_pane_refresh_never_holds_the_prompt() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("CREATE TABLE t(x); INSERT INTO t VALUES (1);", in: terminal)
        try enter(".pin SELECT CASE WHEN (SELECT count(*) FROM t) > 1 THEN (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT count(*) FROM c) ELSE 'fast' END AS v", in: terminal)
        try terminal.waitForScreen("the pane") { $0.contains("  fast\n") }
        try enter("INSERT INTO t VALUES (2);", in: terminal)
        try terminal.waitForScreen("the prompt at once") { $0.hasSuffix("INSERT INTO t VALUES (2);\n(1 row inserted)\nsqlive>") }
        try terminal.waitForScreen("the pane refreshing") { $0.contains("refreshing ") }
        try enter("SELECT 'alive';", in: terminal)
        try terminal.waitForScreen("the session alive") { $0.hasSuffix("alive\nsqlive>") }
        try terminal.press("C-c")
        try terminal.waitForScreen("Ctrl-C at the prompt") { $0.hasSuffix("sqlive> ^C\nsqlive>") }
        try enter("DELETE FROM t WHERE x = 2;", in: terminal)
        try terminal.waitForScreen("the pane refreshed") { $0.contains("  fast\n") && $0.contains("delete t[") }
    }
}
