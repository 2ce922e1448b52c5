import Foundation
import Testing
import SQLiveTestSupport

/// The interactive front-end in a real terminal (tmux): prompts, history across restarts,
/// Ctrl-C, Ctrl-D and Tab completion, checked on the screen the user would see.
@Suite(.serialized, .enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
final class TerminalTests {
    private let folder: URL
    private var historyPath: String { folder.appendingPathComponent("history").path }
    private var databasePath: String { folder.appendingPathComponent("test.db").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-terminal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// sqlive on the test's database, with a private home and history file, waiting at its
    /// first prompt.
    private func startSQLive() throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(
            command: [BinaryRunner.sqlivePath, "--quiet", "--no-init", "--mode", "list", databasePath],
            environment: ["HOME": folder.path, "SQLIVE_HISTORY": historyPath, "LANG": "C.UTF-8", "NO_COLOR": "1"])
        try terminal.waitForScreen("the first prompt") { $0 == "sqlive>" }
        return terminal
    }

    /// Types a line, presses Enter, and waits for the line on screen followed by `expected`
    /// (its output and the next prompt) at the bottom.
    @discardableResult
    private func enter(_ line: String, in terminal: TmuxTerminal, expecting expected: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try terminal.type(line)
        try terminal.press("Enter")
        return try terminal.waitForScreen("\(expected) after \(line)", sourceLocation: sourceLocation) {
            $0.hasSuffix("> \(line)\n\(expected)")
        }
    }

    @Test func the_prompt_appears_and_runs_a_statement() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        let screen = try enter("SELECT 1 + 1;", in: terminal, expecting: "2\nsqlive>")
        #expect(screen == "sqlive> SELECT 1 + 1;\n2\nsqlive>")
    }

    @Test func a_multi_line_statement_shows_the_continuation_prompt() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("SELECT 1,", in: terminal, expecting: "   ...>")
        let screen = try enter("2;", in: terminal, expecting: "1|2\nsqlive>")
        #expect(screen == "sqlive> SELECT 1,\n   ...> 2;\n1|2\nsqlive>")
    }

    @Test func history_recalls_a_multi_line_statement_as_one_entry_after_a_restart() throws {
        let first = try startSQLive()
        defer { first.close() }
        try enter("SELECT 'a',", in: first, expecting: "   ...>")
        try enter("'b';", in: first, expecting: "a|b\nsqlive>")
        try enter(".print done", in: first, expecting: "done\nsqlive>")
        try first.type(".quit")
        try first.press("Enter")
        try first.waitForExit()

        let attributes = try FileManager.default.attributesOfItem(atPath: historyPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let second = try startSQLive()
        defer { second.close() }
        try second.press("Up")
        try second.waitForScreen("the last entry") { $0 == "sqlive> .quit" }
        try second.press("Up")
        try second.waitForScreen("the command before") { $0 == "sqlive> .print done" }
        try second.press("Up")
        try second.waitForScreen("the statement, both lines") { $0 == "sqlive> SELECT 'a',\n'b';" }
        try second.press("Enter")
        try second.waitForScreen("the statement's result") { $0 == "sqlive> SELECT 'a',\n'b';\na|b\nsqlive>" }
    }

    /// Each session wrote its whole history over the file at each entry: of two sessions
    /// side by side, the entries of the one that saved first were lost.
    @Test func two_sessions_side_by_side_keep_both_their_entries() throws {
        let first = try startSQLive()
        defer { first.close() }
        let second = try startSQLive()
        defer { second.close() }
        try enter("SELECT 1111;", in: first, expecting: "1111\nsqlive>")
        try enter("SELECT 2222;", in: second, expecting: "2222\nsqlive>")
        try enter("SELECT 3333;", in: first, expecting: "3333\nsqlive>")

        let third = try startSQLive()
        defer { third.close() }
        for (entry, what) in [("3333", "the first session's last entry"), ("2222", "the second session's entry"),
                              ("1111", "the first session's first entry")] {
            try third.press("Up")
            try third.waitForScreen(what) { $0 == "sqlive> SELECT \(entry);" }
        }
    }

    /// Under tmux with `TERM=xterm-256color`, Home and End (`ESC [1~`, `ESC [4~`) are not
    /// the keys terminfo names: libedit took their first bytes for keys, and End put a `~`
    /// in the line. Delete and Ctrl-Left had the same fate.
    @Test func home_end_delete_and_ctrl_arrows_move_whatever_the_terminal_type() throws {
        let terminal = try TmuxTerminal(
            command: [BinaryRunner.sqlivePath, "--quiet", "--no-init", "--mode", "list", databasePath],
            environment: ["HOME": folder.path, "SQLIVE_HISTORY": historyPath, "LANG": "C.UTF-8", "NO_COLOR": "1",
                          "TERM": "xterm-256color"])
        defer { terminal.close() }
        try terminal.waitForScreen("the first prompt") { $0 == "sqlive>" }
        try terminal.type("ELECT 1 + 2")
        try terminal.press("Home")
        try terminal.type("S")
        try terminal.press("End")
        try terminal.type(";")
        try terminal.press("C-Left", "DC")
        try terminal.type("40")
        try terminal.waitForScreen("the line edited") { $0 == "sqlive> SELECT 1 + 40;" }
        try terminal.press("Enter")
        try terminal.waitForScreen("the sum") { $0 == "sqlive> SELECT 1 + 40;\n41\nsqlive>" }
    }

    /// A pasted Tab completed the word before it: a script with tabs printed candidates for
    /// each one and lost its tabs (in a string too). Pasted text comes between the
    /// terminal's bracketed-paste markers, and a Tab there is text.
    @Test func a_pasted_tab_is_text_not_a_completion() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("CREATE TABLE t(a, qty);", in: terminal, expecting: "sqlive>")
        try terminal.paste("INSERT INTO t VALUES ('x\ty',\t1);\nSELECT length(a),\tqty FROM t;\n")
        let screen = try terminal.waitForScreen("the pasted statements run") { $0.hasSuffix("\n3|1\nsqlive>") }
        #expect(!screen.contains("error"))
        // Tab completes again once the paste is over.
        try terminal.type("SELECT length(a) FROM t WHERE qt")
        try terminal.press("Tab")
        try terminal.type("= 1;")
        try terminal.waitForScreen("the column completed") { $0.hasSuffix("sqlive> SELECT length(a) FROM t WHERE qty = 1;") }
    }

    /// `.prompt` was kept in the settings while the terminal kept `sqlive>` and `...>`.
    /// The line is placed after the prompt as drawn: `^C` lands right after the text.
    @Test func prompt_sets_the_prompts_the_line_editor_draws() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter(#".prompt "sql> " " ..> ""#, in: terminal, expecting: "sql>")
        try enter("SELECT 1,", in: terminal, expecting: " ..>")
        try enter("2;", in: terminal, expecting: "1|2\nsql>")
        try terminal.type("SELECT 12345")
        try terminal.press("Left", "Left", "Left", "C-c")
        try terminal.waitForScreen("the line cancelled") { $0.hasSuffix("\nsql> SELECT 12345^C\nsql>") }
    }

    /// A FIFO where the history file goes froze the start in open(2), deaf to Ctrl-C and
    /// SIGTERM (found by the session-20 attacker); only a regular file is read now.
    @Test func a_history_file_that_is_a_fifo_is_refused_not_opened() throws {
        #expect(mkfifo(historyPath, 0o600) == 0)
        let terminal = try TmuxTerminal(
            command: [BinaryRunner.sqlivePath, "--quiet", "--no-init", "--mode", "list", databasePath],
            environment: ["HOME": folder.path, "SQLIVE_HISTORY": historyPath, "LANG": "C.UTF-8", "NO_COLOR": "1"])
        defer { terminal.close() }
        try terminal.waitForScreen("a warning, then the prompt") {
            // The line wraps at the terminal's width, at a space or not.
            $0.hasSuffix("sqlive>") && $0.filter { !$0.isWhitespace }.contains("notaregularfile(historyisnotsavedinthissession)")
        }
        try terminal.type("SELECT 5;")
        try terminal.press("Enter")
        try terminal.waitForScreen("the result") { $0.hasSuffix("> SELECT 5;\n5\nsqlive>") }
    }

    /// The same for `~/.editrc`, which libedit reads: a FIFO there froze the start, deaf to
    /// Ctrl-C and SIGTERM; anything but a regular file is not read.
    @Test func an_editrc_that_is_a_fifo_is_not_read() throws {
        #expect(mkfifo(folder.appendingPathComponent(".editrc").path, 0o600) == 0)
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("SELECT 6;", in: terminal, expecting: "6\nsqlive>")
    }

    @Test func ctrl_c_at_the_prompt_drops_the_line_being_typed() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try terminal.type("SELECT 'half")
        try terminal.waitForScreen("the half line") { $0 == "sqlive> SELECT 'half" }
        try terminal.press("C-c")
        try terminal.waitForScreen("a fresh prompt") { $0 == "sqlive> SELECT 'half^C\nsqlive>" }
        let screen = try enter("SELECT 3;", in: terminal, expecting: "3\nsqlive>")
        #expect(screen == "sqlive> SELECT 'half^C\nsqlive> SELECT 3;\n3\nsqlive>")
    }

    @Test func ctrl_c_at_the_continuation_prompt_drops_the_whole_statement() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("SELECT 'dropped',", in: terminal, expecting: "   ...>")
        try terminal.press("C-c")
        try terminal.waitForScreen("a fresh first-line prompt") { $0.hasSuffix("   ...> ^C\nsqlive>") }
        let screen = try enter("SELECT 4;", in: terminal, expecting: "4\nsqlive>")
        #expect(screen == "sqlive> SELECT 'dropped',\n   ...> ^C\nsqlive> SELECT 4;\n4\nsqlive>")
    }

    @Test func ctrl_c_interrupts_a_running_statement_and_the_session_goes_on() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;"
        try terminal.type(endless)
        try terminal.press("Enter")
        try terminal.waitForScreen("the statement running") { screen in
            // The same text before and after Enter: the cursor on the next row tells that
            // the line was taken and the statement started.
            screen == "sqlive> \(endless)" && (try? terminal.cursorRow()) == 1
        }
        Thread.sleep(forTimeInterval: 0.3)
        try terminal.press("C-c")
        try terminal.waitForScreen("the interrupted error") { $0 == "sqlive> \(endless)\nerror: interrupted\nsqlive>" }
        let screen = try enter("SELECT 5;", in: terminal, expecting: "5\nsqlive>")
        #expect(screen == "sqlive> \(endless)\nerror: interrupted\nsqlive> SELECT 5;\n5\nsqlive>")
    }

    @Test func tab_completes_meta_commands() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try terminal.type(".he")
        try terminal.press("Tab")
        try terminal.waitForScreen("both commands starting with .he") { $0 == "sqlive> .he\n.headers  .help\nsqlive> .he" }
        try terminal.type("a")
        try terminal.press("Tab")
        try terminal.waitForScreen(".headers completed") { $0.hasSuffix("sqlive> .headers") }
        try terminal.type("o")
        try terminal.press("Tab")
        try terminal.waitForScreen("its two arguments") { $0.hasSuffix("sqlive> .headers o\noff  on\nsqlive> .headers o") }
        try terminal.type("n")
        try terminal.press("Enter")
        try terminal.waitForScreen("the command run") { $0.hasSuffix("sqlive> .headers on\nsqlive>") }
        try terminal.type(".show")
        try terminal.press("Enter")
        try terminal.waitForScreen("the setting shown") { $0.contains("     headers: on\n") && $0.hasSuffix("sqlive>") }
    }

    @Test func tab_completes_table_and_column_names() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("CREATE TABLE albums(AlbumId INTEGER, Title TEXT);", in: terminal, expecting: "sqlive>")
        try enter("INSERT INTO albums VALUES (1, 'Kind of Blue');", in: terminal, expecting: "(1 row inserted)\nsqlive>")
        try terminal.type("SELECT Tit")
        try terminal.press("Tab")
        try terminal.type("FROM alb")
        try terminal.press("Tab")
        try terminal.waitForScreen("both names completed") { $0.hasSuffix("sqlive> SELECT Title FROM albums") }
        try terminal.type(";")
        try terminal.press("Enter")
        try terminal.waitForScreen("the query's result") { $0.hasSuffix("sqlive> SELECT Title FROM albums ;\nKind of Blue\nsqlive>") }
    }

    @Test func a_resize_redraws_the_line_being_typed_and_it_still_runs() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        let line = "SELECT '" + String(repeating: "x", count: 150) + "' AS wide"
        try terminal.type(line)
        try terminal.waitForScreen("the line, wrapped") { $0.hasSuffix("' AS wide") }
        try terminal.resize(width: 60, height: 20)
        try terminal.waitForScreen("the line redrawn in 60 columns") { screen in
            screen.split(separator: "\n").last.map { $0.hasSuffix("' AS wide") && $0.count <= 60 } == true
        }
        try terminal.resize(width: 100, height: 30)
        try terminal.type(";")
        try terminal.press("Enter")
        try terminal.waitForScreen("the result") { $0.hasSuffix(String(repeating: "x", count: 50) + "\nsqlive>") }
        try enter("SELECT 6;", in: terminal, expecting: "6\nsqlive>")
    }

    @Test func the_users_editrc_is_read() throws {
        try #"bind -s ^G "SELECT 42;""#.write(to: folder.appendingPathComponent(".editrc"), atomically: true, encoding: .utf8)
        let terminal = try startSQLive()
        defer { terminal.close() }
        try terminal.press("C-g")
        try terminal.press("Enter")
        try terminal.waitForScreen("the bound macro run") { $0 == "sqlive> SELECT 42;\n42\nsqlive>" }
    }

    @Test func ctrl_d_with_an_open_transaction_warns_then_rolls_back() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try enter("CREATE TABLE t(x);", in: terminal, expecting: "sqlive>")
        try enter("BEGIN;", in: terminal, expecting: "sqlive>")
        try enter("INSERT INTO t VALUES (1);", in: terminal, expecting: "(1 row inserted)\nsqlive>")
        try terminal.press("C-d")
        let warning = "warning: a transaction is open: press Ctrl-D again to roll it back and quit, or type COMMIT;"
        try terminal.waitForScreen("the warning") { $0.hasSuffix("\(warning)\nsqlive>") }
        #expect(terminal.isRunning)
        try terminal.press("C-d")
        try terminal.waitForExit()
        let count = try BinaryRunner.sqlite3([databasePath, "SELECT count(*) FROM t;"])
        #expect(count.stdout == "0\n")
    }

    @Test func ctrl_d_without_a_transaction_quits_at_once() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try terminal.press("C-d")
        try terminal.waitForExit()
    }
}
