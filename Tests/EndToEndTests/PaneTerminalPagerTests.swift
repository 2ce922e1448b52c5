import Foundation
import Testing
import SQLiveTestSupport

/// The pager, the `.edit` editor and the dock of live panes on a real terminal (tmux): the
/// program gets the whole screen, and once it exits the dock and its scroll region are back,
/// the output scrolling below them again.
@Suite(.serialized, .enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
final class PaneTerminalPagerTests {
    private let folder: TemporaryFolder
    private var databasePath: String { folder.path + "/test.db" }
    private static let width = 80
    private static let height = 24
    /// The rows of the dock of the scores pane.
    private static let dockHeight = 5

    init() throws {
        folder = try TemporaryFolder()
        let setup = """
            CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
            INSERT INTO player(name, score) VALUES ('Arthur', 10), ('Barbara', 20);
            CREATE TABLE numbers(n INTEGER);
            WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 100)
            INSERT INTO numbers SELECT n FROM c;
            """
        let result = try BinaryRunner.sqlite3([databasePath], input: setup)
        #expect(result.status == 0, "\(result)")
    }

    /// sqlive on the test's database with extra environment variables (`$PAGER`, `$EDITOR`),
    /// the scores pane pinned and docked, waiting at the prompt on the last row.
    private func startWithDock(_ environment: [String: String]) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(
            command: [BinaryRunner.sqlivePath, "--quiet", "--no-init", "--mode", "list", databasePath],
            environment: ["HOME": folder.path, "SQLIVE_HISTORY": folder.path + "/history", "LANG": "C.UTF-8",
                          "NO_COLOR": "1"].merging(environment) { $1 },
            width: Self.width, height: Self.height, timeout: 60)
        try terminal.waitForScreen("the first prompt") { $0 == "sqlive>" }
        try enter(".pin --name scores SELECT name, score FROM player ORDER BY id", in: terminal)
        try terminal.waitForScreen("the dock") { Self.dock(of: $0) == Self.pinnedDock && $0.hasSuffix("\nsqlive>") }
        return terminal
    }

    private func enter(_ line: String, in terminal: TmuxTerminal) throws {
        try terminal.type(line)
        try terminal.press("Enter")
    }

    private static let pinnedDock = [
        "1 scores · 2 rows · 1 refresh · HH:MM:SS · pinned",
        "  name     score",
        "  Arthur      10",
        "  Barbara     20",
        String(repeating: "─", count: width),
    ]

    /// The top rows of a screen, where the dock is, with the time of the refresh masked.
    private static func dock(of screen: String) -> [String] {
        screen.replacingOccurrences(of: #"\d\d:\d\d:\d\d"#, with: "HH:MM:SS", options: .regularExpression)
            .split(separator: "\n", omittingEmptySubsequences: false).prefix(dockHeight).map(String.init)
    }

    /// `less -FRX` pages in the normal screen, `less -R` in the alternate one: either way,
    /// after `q` the dock is drawn again and the next result scrolls below it.
    @Test(arguments: ["less -FRX", "less -R"])
    func quitting_the_pager_brings_the_dock_back_and_output_scrolls_below_it(pager: String) throws {
        let terminal = try startWithDock(["PAGER": pager])
        defer { terminal.close() }
        let wholeScreen = 0...(Self.height - 1)
        let belowDock = Self.dockHeight...(Self.height - 1)
        #expect(try terminal.scrollRegion() == belowDock)

        try enter("SELECT n FROM numbers;", in: terminal)
        try terminal.waitForScreen("less") { $0.split(separator: "\n").last?.hasPrefix(":") == true }
        #expect(try terminal.scrollRegion() == wholeScreen, "less gets the whole screen")
        // Paging forward then back to the top makes less redraw the whole screen.
        try terminal.press("Space")
        try terminal.waitForScreen("the second page") { $0.contains("\n40\n") }
        try terminal.press("g")
        try terminal.waitForScreen("the first page again") { $0.hasPrefix("1\n2\n") }

        try terminal.press("q")
        try terminal.waitForScreen("the dock drawn again over the pager's rows, the prompt on the last row") {
            Self.dock(of: $0) == Self.pinnedDock && $0.hasSuffix("\nsqlive>")
        }
        #expect(try terminal.scrollRegion() == belowDock)
        #expect(try terminal.cursorRow() == Self.height - 1)

        // 20 rows fit the screen (no pager) but not the 19 rows below the dock: they scroll
        // there, and the dock stays.
        try enter("SELECT n FROM numbers WHERE n <= 20;", in: terminal)
        let expected = Self.pinnedDock + (3...20).map(String.init) + ["sqlive>"]
        try terminal.waitForScreen("the next result below the dock") {
            Self.dock(of: $0) == Self.pinnedDock
                && $0.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(Self.dockHeight)
                    .joined(separator: "\n") == expected.dropFirst(Self.dockHeight).joined(separator: "\n")
        }
    }

    /// An editor that clears the screen, as one that does not switch to the alternate screen
    /// does, and saves a statement. It runs as `sh SCRIPT` (see `DataEditTests`).
    @Test func the_dock_comes_back_after_an_editor_cleared_the_screen() throws {
        let script = folder.write("editor.sh", """
            printf '\\033[H\\033[2Jediting %s\\n' "$1"
            printf '%s\\n' "SELECT 'edited';" > "$1"
            """)
        let terminal = try startWithDock(["EDITOR": "sh \(script)"])
        defer { terminal.close() }
        try enter("SELECT 1;", in: terminal)
        try enter(".edit", in: terminal)
        try terminal.waitForScreen("the dock drawn again, the edited statement run below it") {
            Self.dock(of: $0) == Self.pinnedDock && $0.hasSuffix("\nSELECT 'edited';\nedited\nsqlive>")
        }
        #expect(try terminal.scrollRegion() == Self.dockHeight...(Self.height - 1))
    }
}
