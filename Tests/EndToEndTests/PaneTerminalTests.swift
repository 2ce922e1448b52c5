import Foundation
import Testing
import SQLiveTestSupport

/// Live panes docked at the top of a real terminal (tmux): the dock repaints while a line is
/// being typed, results scroll below it, and the scroll region follows pins, `.layout`,
/// resizes and the end of the session.
@Suite(.serialized, .enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
final class PaneTerminalTests {
    private let folder: TemporaryFolder
    private var databasePath: String { folder.path + "/test.db" }
    private static let width = 80
    private static let height = 24
    private static let pin = ".pin --name scores SELECT name, score FROM player ORDER BY id"

    init() throws {
        folder = try TemporaryFolder()
        let setup = """
            CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
            INSERT INTO player(name, score) VALUES ('Arthur', 10), ('Barbara', 20);
            CREATE TABLE numbers(n INTEGER);
            WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 30)
            INSERT INTO numbers SELECT n FROM c;
            """
        let result = try BinaryRunner.sqlite3([databasePath], input: setup)
        #expect(result.status == 0, "\(result)")
    }

    /// sqlive on the test's database with a private home and history, in a terminal of its
    /// own, waiting at its first prompt. `then` runs in the shell after sqlive exits.
    private func startSQLive(then afterExit: String? = nil) throws -> TmuxTerminal {
        // These tests are about the dock: results taller than the screen print, unpaged.
        let initFile = folder.path + "/replrc"
        try Data(".pager off\n".utf8).write(to: URL(fileURLWithPath: initFile))
        let sqlive = [BinaryRunner.sqlivePath, "--quiet", "--init", initFile, "--mode", "list", databasePath]
        var command = sqlive
        if let afterExit {
            let quoted = sqlive.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            command = ["/bin/sh", "-c", quoted.joined(separator: " ") + "; " + afterExit]
        }
        let terminal = try TmuxTerminal(
            command: command,
            environment: ["HOME": folder.path, "SQLIVE_HISTORY": folder.path + "/history", "LANG": "C.UTF-8",
                          "NO_COLOR": "1"],
            width: Self.width, height: Self.height, timeout: 60)
        try terminal.waitForScreen("the first prompt") { $0 == "sqlive>" }
        return terminal
    }

    /// Pins the scores pane and waits for the dock, the prompt parked on the last row.
    private func pinScores(in terminal: TmuxTerminal) throws {
        try terminal.type(Self.pin)
        try terminal.press("Enter")
        try terminal.waitForScreen("the dock") {
            Self.masked($0) == Self.screen(dock: Self.pinnedDock(width: Self.width), bottom: ["sqlive>"])
        }
    }

    /// The dock of the scores pane as pinned.
    private static func pinnedDock(width: Int) -> [String] {
        [
            "1 scores · 2 rows · 1 refresh · HH:MM:SS · pinned",
            "  name     score",
            "  Arthur      10",
            "  Barbara     20",
            rule(width),
        ]
    }

    private static func rule(_ width: Int) -> String {
        String(repeating: "─", count: width)
    }

    /// A whole screen: the dock at the top, `bottom` on the last rows, blank rows between.
    private static func screen(dock: [String], bottom: [String], height: Int = height) -> String {
        (dock + Array(repeating: "", count: height - dock.count - bottom.count) + bottom).joined(separator: "\n")
    }

    /// Polls a file until its text satisfies `condition`; fails the test after a minute.
    private static func waitForFile(_ path: String, sourceLocation: SourceLocation = #_sourceLocation,
                                    until condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(60)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if condition(text) { return text }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("timed out waiting for \(path); it holds:\n\(text)", sourceLocation: sourceLocation)
        throw TmuxError.timedOut
    }

    /// The screen with the times of refreshes (which change from run to run) masked.
    private static func masked(_ screen: String) -> String {
        screen.replacingOccurrences(of: #"\d\d:\d\d:\d\d"#, with: "HH:MM:SS", options: .regularExpression)
    }

    /// The screen with the highlight of the last change taken out too (`+`/`~` marks and the
    /// title's summary fade after a few seconds), for checks that must not depend on timing.
    private static func faded(_ screen: String) -> String {
        masked(screen).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = String(line)
            if line.hasPrefix("+ ") || line.hasPrefix("~ ") { line = "  " + line.dropFirst(2) }
            return line.replacingOccurrences(of: #" · [-+~]\d+( [-+~]\d+)*$"#, with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }

    @Test func an_external_write_repaints_the_dock_while_a_half_typed_line_stays_intact() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try pinScores(in: terminal)
        let halfLine = "sqlive> SELECT count(*) FROM player WHERE score >"
        try terminal.type("SELECT count(*) FROM player WHERE score >")
        try terminal.waitForScreen("the half-typed line") { $0.hasSuffix("\n" + halfLine) }

        let write = try BinaryRunner.sqlite3(["-cmd", ".timeout 10000", databasePath,
                                              "INSERT INTO player(name, score) VALUES ('Cleo', 99);"])
        #expect(write.status == 0, "\(write)")
        let dock = [
            "1 scores · 3 rows · 2 refreshes · HH:MM:SS · external change",
            "  name     score",
            "  Arthur      10",
            "  Barbara     20",
            "  Cleo        99",
            Self.rule(Self.width),
        ]
        try terminal.waitForScreen("the dock repainted above the half-typed line") {
            Self.faded($0) == Self.screen(dock: dock, bottom: [halfLine])
        }
        #expect(try terminal.cursorRow() == Self.height - 1)
        #expect(try terminal.cursorColumn() == halfLine.count)

        try terminal.type(" 15;")
        try terminal.press("Enter")
        try terminal.waitForScreen("the completed line's result") {
            Self.faded($0) == Self.screen(dock: dock, bottom: [halfLine + " 15;", "2", "sqlive>"])
        }
    }

    @Test func a_write_in_the_session_updates_the_dock_and_results_scroll_below_it() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try pinScores(in: terminal)
        let recording = folder.path + "/terminal.out"
        try terminal.record(to: recording)
        let insert = "INSERT INTO player(name, score) VALUES ('Cleo', 30);"
        try terminal.type(insert)
        try terminal.press("Enter")
        let dock = [
            "1 scores · 3 rows · 2 refreshes · HH:MM:SS · insert player[3]",
            "  name     score",
            "  Arthur      10",
            "  Barbara     20",
            "  Cleo        30",
            Self.rule(Self.width),
        ]
        try terminal.waitForScreen("the new row in the dock") {
            Self.faded($0) == Self.screen(dock: dock, bottom: ["sqlive> " + insert, "(1 row inserted)", "sqlive>"])
        }
        #expect(try terminal.scrollRegion() == 6...(Self.height - 1))
        // The change was highlighted (for a few seconds: the screen may be past it already).
        let drawn = try Self.waitForFile(recording) { $0.contains("+ Cleo        30") }
        #expect(drawn.contains(#/1 scores · 3 rows · 2 refreshes · \d\d:\d\d:\d\d · insert player\[3\] · \+1/#))

        // 30 rows of output scroll in the 18 rows below the dock, which stays.
        try terminal.type("SELECT n FROM numbers;")
        try terminal.press("Enter")
        // The highlight fades by itself, while sqlive waits at the prompt.
        try terminal.waitForScreen("the output below the dock, the highlight gone") {
            Self.masked($0) == Self.screen(dock: dock, bottom: (14...30).map(String.init) + ["sqlive>"])
        }
    }

    @Test func unpinning_every_pane_removes_the_dock_and_the_scroll_region() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try pinScores(in: terminal)
        try terminal.type(".unpin all")
        try terminal.press("Enter")
        try terminal.waitForScreen("the dock cleared") {
            $0 == Self.screen(dock: [], bottom: ["sqlive> .unpin all", "sqlive>"])
        }
        #expect(try terminal.scrollRegion() == 0...(Self.height - 1))

        // The whole screen scrolls again: the output reaches the top row.
        try terminal.type("SELECT n FROM numbers;")
        try terminal.press("Enter")
        try terminal.waitForScreen("the output over the whole screen") {
            $0 == ((8...30).map(String.init) + ["sqlive>"]).joined(separator: "\n")
        }
    }

    @Test func layout_moves_the_panes_inline_and_docks_them_again() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try pinScores(in: terminal)
        try terminal.type(".layout inline")
        try terminal.press("Enter")
        try terminal.waitForScreen("no dock") { $0 == Self.screen(dock: [], bottom: ["sqlive> .layout inline", "sqlive>"]) }
        #expect(try terminal.scrollRegion() == 0...(Self.height - 1))

        try terminal.type("UPDATE player SET score = 15 WHERE id = 1;")
        try terminal.press("Enter")
        try terminal.waitForScreen("the pane printed after the statement") {
            $0.hasSuffix("""
                sqlive> UPDATE player SET score = 15 WHERE id = 1;
                (1 row updated)
                -- pane 1 (scores): update player(score)[1]
                Arthur|15
                Barbara|20
                sqlive>
                """)
        }

        try terminal.type(".layout 8")
        try terminal.press("Enter")
        let dock = [
            "1 scores · 2 rows · 2 refreshes · HH:MM:SS · update player(score)[1]",
            "  name     score",
            "  Arthur      15",
            "  Barbara     20",
            "", "", "",
            Self.rule(Self.width),
        ]
        try terminal.waitForScreen("a dock of 8 rows") { screen in
            let lines = Self.faded(screen).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return Array(lines.prefix(8)) == dock && lines.last == "sqlive>"
        }
        #expect(try terminal.scrollRegion() == 8...(Self.height - 1))
    }

    @Test func a_resize_lays_the_dock_out_again_and_the_session_goes_on() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try pinScores(in: terminal)
        let halfLine = "sqlive> SELECT count(*) FROM player WHERE score >"
        try terminal.type("SELECT count(*) FROM player WHERE score >")
        try terminal.waitForScreen("the half-typed line") { $0.hasSuffix("\n" + halfLine) }

        try terminal.resize(width: 60, height: 16)
        try terminal.waitForScreen("the dock in 60 columns, the line at the bottom") {
            Self.masked($0) == Self.screen(dock: Self.pinnedDock(width: 60), bottom: [halfLine], height: 16)
        }
        #expect(try terminal.scrollRegion() == 5...15)

        try terminal.type(" 15;")
        try terminal.press("Enter")
        try terminal.waitForScreen("the completed line's result") {
            Self.masked($0) == Self.screen(dock: Self.pinnedDock(width: 60), bottom: [halfLine + " 15;", "1", "sqlive>"],
                                           height: 16)
        }

        try terminal.resize(width: 100, height: 30)
        try terminal.waitForScreen("the dock in 100 columns") { screen in
            Self.masked(screen).hasPrefix(Self.pinnedDock(width: 100).joined(separator: "\n"))
        }
        #expect(try terminal.scrollRegion() == 5...29)
        try terminal.type("SELECT 7;")
        try terminal.press("Enter")
        try terminal.waitForScreen("the next statement's result") { $0.hasSuffix("\nsqlive> SELECT 7;\n7\nsqlive>") }
    }

    @Test func ctrl_l_clears_the_screen_and_keeps_the_dock_and_the_line() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try pinScores(in: terminal)
        try terminal.type("SELECT 8;")
        try terminal.press("Enter")
        try terminal.type("SELECT 9")
        try terminal.press("C-l")
        try terminal.waitForScreen("only the dock and the line") {
            Self.masked($0) == Self.screen(dock: Self.pinnedDock(width: Self.width), bottom: ["sqlive> SELECT 9"])
        }
        #expect(try terminal.scrollRegion() == 5...(Self.height - 1))
    }

    @Test(arguments: ["quit", "ctrl-d"])
    func leaving_resets_the_scroll_region(how: String) throws {
        let terminal = try startSQLive(then: "seq 1 30; exec sleep 120")
        defer { terminal.close() }
        try pinScores(in: terminal)
        if how == "quit" {
            try terminal.type(".quit")
            try terminal.press("Enter")
        } else {
            try terminal.press("C-d")
        }
        // The shell's output scrolls the whole screen: the dock goes up and away.
        try terminal.waitForScreen("the output after sqlive over the whole screen") {
            $0 == (8...30).map(String.init).joined(separator: "\n")
        }
        #expect(try terminal.scrollRegion() == 0...(Self.height - 1))
    }
}
