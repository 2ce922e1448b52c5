import Foundation
import Testing
import SQLiveTestSupport

/// The dock in a real terminal (tmux) as issue 14 found it wanting: growing it scrolls
/// earlier results into the scrollback instead of painting over them, Ctrl-Z hands the
/// shell a normal screen and `fg` brings the dock, prompt and line back, and panes use the
/// width there is (side by side when wide) and say what they hide.
///
/// Under CI=true the suite runs even without tmux, so a missing tmux fails instead of
/// skipping.
@Suite(.serialized, .enabled(if: TmuxTerminal.isAvailable || ProcessInfo.processInfo.environment["CI"] == "true",
                             "tmux is not installed"))
final class DockTerminalTests {
    private let folder: TemporaryFolder
    private var databasePath: String { folder.path + "/test.db" }

    init() throws {
        folder = try TemporaryFolder()
        let setup = """
            CREATE TABLE t(x);
            INSERT INTO t VALUES (1), (2);
            CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note(body) VALUES ('\(Self.longText)');
            """
        let result = try BinaryRunner.sqlite3([databasePath], input: setup)
        #expect(result.status == 0, "\(result)")
    }

    /// 100 characters, the last ones telling how far the pane showed it.
    static let longText = String(repeating: "abcdefghi ", count: 9) + "0123456789"

    private var environment: [String: String] {
        ["HOME": folder.path, "SQLIVE_HISTORY": folder.path + "/history", "LANG": "C.UTF-8", "NO_COLOR": "1"]
    }

    private var sqliveCommand: [String] {
        // Results taller than the screen print, unpaged: the scrollback test needs them there.
        [BinaryRunner.sqlivePath, "--quiet", "--no-init", "--cmd", ".pager off", "--mode", "list", databasePath]
    }

    private func startSQLive(width: Int = 80, height: Int = 24) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(command: sqliveCommand, environment: environment, width: width, height: height, timeout: 60)
        try terminal.waitForScreen("the first prompt") { $0 == "sqlive>" }
        return terminal
    }

    private func enter(_ line: String, in terminal: TmuxTerminal) throws {
        try terminal.type(line)
        try terminal.press("Enter")
    }

    private static func masked(_ screen: String) -> String {
        screen.replacingOccurrences(of: #"\d\d:\d\d:\d\d"#, with: "HH:MM:SS", options: .regularExpression)
    }

    private static func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: - Growth scrolls

    @Test func results_printed_before_pinning_stay_in_the_scrollback_as_the_dock_grows() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        // 30 numbered lines: the screen is full, the first ones already in the scrollback.
        try enter("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 30) SELECT 'before-' || n FROM c;", in: terminal)
        try terminal.waitForScreen("the results") { $0.hasSuffix("before-30\nsqlive>") }
        try enter(".pin SELECT x FROM t", in: terminal)
        try terminal.waitForScreen("the dock") { $0.hasPrefix("1 t · 2 rows") && $0.hasSuffix("sqlive>") }
        try enter("INSERT INTO t VALUES (3), (4), (5);", in: terminal)
        try terminal.waitForScreen("the grown dock") { $0.hasPrefix("1 t · 5 rows") && $0.contains("\n  5\n") }
        let scrollback = try terminal.scrollback()
        let kept = Self.lines(scrollback).filter { $0.hasPrefix("before-") }
        // Every result line once, in order: none painted over by the dock as it grew.
        #expect(kept == (1...30).map { "before-\($0)" }, "scrollback:\n\(scrollback)")
    }

    // MARK: - Ctrl-Z

    @Test func ctrl_z_gives_the_shell_a_whole_screen_and_fg_brings_back_dock_prompt_and_line() throws {
        let shell = try TmuxTerminal(command: ["/bin/bash", "--norc", "--noprofile"],
                                     environment: environment.merging(["PS1": "$ "]) { $1 }, width: 80, height: 24, timeout: 60)
        defer { shell.close() }
        try shell.waitForScreen("the shell") { $0 == "$" }
        try enter(sqliveCommand.map { "'\($0)'" }.joined(separator: " "), in: shell)
        try shell.waitForScreen("sqlive") { $0.hasSuffix("sqlive>") }
        try enter(".pin SELECT x FROM t", in: shell)
        try shell.waitForScreen("the dock") { $0.hasPrefix("1 t · 2 rows") && $0.hasSuffix("sqlive>") }
        #expect(try shell.scrollRegion() == 5...23)
        try shell.type("SELECT 4")
        try shell.waitForScreen("the line typed") { $0.hasSuffix("sqlive> SELECT 4") }
        try shell.press("C-z")
        let stopped = try shell.waitForScreen("the job stopped") { $0.contains("Stopped") && $0.hasSuffix("$") }
        #expect(!stopped.contains("1 t · 2 rows"), "the dock is cleared:\n\(stopped)")
        #expect(try shell.scrollRegion() == 0...23, "the whole screen scrolls")
        try enter("clear", in: shell)
        try shell.waitForScreen("a clear screen") { $0 == "$" }
        try enter("echo hello", in: shell)
        try shell.waitForScreen("the shell's output on a whole screen") { $0 == "$ echo hello\nhello\n$" }
        try enter("fg", in: shell)
        let back = try shell.waitForScreen("dock, prompt and line back") {
            $0.hasPrefix("1 t · 2 rows") && $0.hasSuffix("sqlive> SELECT 4")
        }
        #expect(Self.lines(Self.masked(back)).prefix(5) == [
            "1 t · 2 rows · 1 refresh · HH:MM:SS · pinned", "  x", "  1", "  2", String(repeating: "─", count: 80),
        ])
        #expect(try shell.scrollRegion() == 5...23)
        // The first key after fg is echoed once.
        try shell.type("2")
        try shell.waitForScreen("one 2") { $0.hasSuffix("sqlive> SELECT 42") }
        try enter(";", in: shell)
        try shell.waitForScreen("the result") { $0.hasSuffix("sqlive> SELECT 42;\n42\nsqlive>") }
        // Ctrl-Z is still caught after a suspension: a second one stops the job again.
        try shell.press("C-z")
        try shell.waitForScreen("the job stopped again") { $0.contains("Stopped") && $0.hasSuffix("$") }
        try enter("fg", in: shell)
        try shell.waitForScreen("the prompt back again") { $0.hasPrefix("1 t · 2 rows") && $0.hasSuffix("sqlive>") }
    }

    // MARK: - Following at a terminal

    /// `--follow` at a terminal prints blocks as a script does, in box mode with NULL shown,
    /// and Ctrl-C ends it with status 0.
    @Test func follow_at_a_terminal_prints_changes_and_ctrl_c_ends_it_with_status_0() throws {
        let quoted = ([BinaryRunner.sqlivePath, "--no-init", "--follow", "-c", ".pin SELECT x FROM t ORDER BY rowid DESC LIMIT 1", databasePath])
            .map { "'" + $0 + "'" }.joined(separator: " ")
        // The shell catches Ctrl-C (its child gets the default action back), so it lives on
        // to tell sqlive's exit status.
        let terminal = try TmuxTerminal(command: ["/bin/sh", "-c", "trap : INT; " + quoted + "; echo \"exit $?\"; sleep 60"],
                                        environment: environment, width: 80, height: 24, timeout: 60)
        defer { terminal.close() }
        try terminal.waitForScreen("the pinned block") { $0.hasPrefix("-- pane 1 (t): pinned\n┌───┐\n│ x │") }
        let write = try BinaryRunner.sqlite3([databasePath], input: "INSERT INTO t VALUES (NULL);")
        #expect(write.status == 0)
        let screen = try terminal.waitForScreen("the external change") { $0.contains("-- pane 1 (t): external change") }
        #expect(screen.hasSuffix("-- pane 1 (t): external change\n┌──────┐\n│  x   │\n├──────┤\n│ NULL │\n└──────┘\n(1 row)"))
        try terminal.press("C-c")
        try terminal.waitForScreen("the exit status") { $0.hasSuffix("exit 0") }
    }

    // MARK: - Widths

    @Test(arguments: [80, 140])
    func one_pane_uses_the_width_there_is(width: Int) throws {
        let terminal = try startSQLive(width: width, height: 24)
        defer { terminal.close() }
        try enter(".pin SELECT id, body FROM note", in: terminal)
        let screen = try terminal.waitForScreen("the dock") { $0.hasPrefix("1 note · 1 row") && $0.hasSuffix("sqlive>") }
        let row = Self.lines(screen)[2]
        if width >= 106 {
            #expect(row == "   1  " + Self.longText)
        } else {
            #expect(row == "   1  " + Self.longText.prefix(width - 7) + "…")
        }
    }

    @Test(arguments: [80, 140])
    func three_panes_each_show_their_header_and_rows(width: Int) throws {
        let terminal = try startSQLive(width: width, height: 24)
        defer { terminal.close() }
        try enter(".pin SELECT x FROM t", in: terminal)
        try enter(".pin SELECT x * 10 AS ten FROM t", in: terminal)
        try enter(".pin SELECT id FROM note", in: terminal)
        // Every pane's first rows, not only its title: a pane still fetching says "0 refreshes".
        let screen = try terminal.waitForScreen("three panes with their rows") {
            $0.contains("3 note · 1 row") && $0.contains("2 t-2 · 2 rows") && !$0.contains("0 refreshes") && $0.hasSuffix("sqlive>")
        }
        let lines = Self.lines(Self.masked(screen))
        if width == 140 {
            // Side by side, the dock is 5 rows instead of 12.
            let column = 46
            func cells(_ texts: String...) -> String {
                texts.enumerated().map { $0.offset < 2 ? $0.element.padding(toLength: column, withPad: " ", startingAt: 0) : $0.element }
                    .joined(separator: "│")
            }
            #expect(Array(lines.prefix(5)) == [
                cells("1 t · 2 rows · 1 refresh · HH:MM:SS · pinned", "2 t-2 · 2 rows · 1 refresh · HH:MM:SS · pinned",
                      "3 note · 1 row · 1 refresh · HH:MM:SS · pinned"),
                cells("  x", "  ten", "  id"),
                cells("  1", "   10", "   1"),
                cells("  2", "   20", ""),
                String(repeating: "─", count: 140),
            ])
        } else {
            #expect(Array(lines.prefix(12)).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "1 t · 2 rows · 1 refresh · HH:MM:SS · pinned", "x", "1", "2",
                "2 t-2 · 2 rows · 1 refresh · HH:MM:SS · pinned", "ten", "10", "20",
                "3 note · 1 row · 1 refresh · HH:MM:SS · pinned", "id", "1", String(repeating: "─", count: 80),
            ])
        }
    }

    /// Ten panes: every one keeps its title, names and row where the width allows columns
    /// side by side (140); at 80 the rule says how many are hidden and what shows them.
    @Test(arguments: [80, 140])
    func ten_panes_show_their_rows_side_by_side_or_say_what_is_hidden(width: Int) throws {
        let terminal = try startSQLive(width: width, height: 24)
        defer { terminal.close() }
        for number in 1...10 {
            try enter(".pin --name p\(number) SELECT \(number) AS n\(number)", in: terminal)
        }
        let hidden = width == 140 ? "── 1 more pane hidden" : "── 7 more panes hidden"
        // Every pane shown with its row, not only its title: one still fetching says "0 refreshes".
        let screen = try terminal.waitForScreen("ten panes with their rows") {
            $0.contains(hidden) && !$0.contains("0 refreshes") && $0.hasSuffix("sqlive>")
        }
        let lines = Self.lines(Self.masked(screen))
        #expect(!screen.contains("rows (.layout HEIGHT makes room)"))
        if width == 140 {
            // Half of 24 rows: 11 for panes, 3 columns of 3 panes (title, name, row each).
            #expect(lines[0].hasPrefix("1 p1 · 1 row · 1 refresh · HH:MM:SS · pinned"))
            #expect(lines[0].contains("│4 p4 · 1 row") && lines[0].contains("│7 p7 · 1 row"))
            #expect(lines[1].hasPrefix("  n1 ") && lines[1].contains("│  n4 ") && lines[1].contains("│  n7"))
            #expect(lines[2].hasPrefix("   1 ") && lines[2].contains("│   4 ") && lines[2].contains("│   7"))
            #expect(lines[6].hasPrefix("3 p3") && lines[6].contains("│6 p6") && lines[6].contains("│9 p9"))
            #expect(lines[11] == "── 1 more pane hidden: .layout 13 shows them " + String(repeating: "─", count: 140 - 45))
        } else {
            #expect(Array(lines.prefix(3)) == ["1 p1 · 1 row · 1 refresh · HH:MM:SS · pinned", "  n1", "   1"])
            // 31 rows would show them all: more than `.layout` can take on 24.
            #expect(lines[11] == "── 7 more panes hidden: a taller terminal, or .unpin, shows them " + String(repeating: "─", count: 80 - 65))
        }
        try enter(".layout 6", in: terminal)
        let short = try terminal.waitForScreen("a dock of 6 rows") {
            Self.lines($0).count > 5 && Self.lines($0)[5].hasPrefix("──")
        }
        let shortLines = Self.lines(Self.masked(short))
        #expect(shortLines[0].hasPrefix("1 p1 · 1 row · 1 refresh"))
        #expect(shortLines[1].hasPrefix("  n1"))
        #expect(shortLines[2].hasPrefix("   1"))
        if width == 140 {
            #expect(shortLines[0].contains("│2 p2") && shortLines[0].contains("│3 p3"))
            #expect(shortLines[5].hasPrefix("── 7 more panes hidden: .layout 13 shows them ──"))
        } else {
            #expect(shortLines[5].hasPrefix("── 9 more panes hidden: a taller terminal, or .unpin, shows them ──"))
        }
    }
}
