import Foundation
import Testing
import SQLiveTestSupport

/// What a newcomer sees in a real terminal (tmux) in the first minutes: the greeting, the
/// plain words `help` and `exit`, `.help` fitted to 80 columns, results that fit (numbers
/// whole, one block per row when nothing fits) and NULL shown as NULL.
///
/// Under CI=true the suite runs even without tmux, so a missing tmux fails instead of
/// skipping.
@Suite(.serialized, .enabled(if: TmuxTerminal.isAvailable || ProcessInfo.processInfo.environment["CI"] == "true",
                             "tmux is not installed"))
final class TerminalFirstHourTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-first-hour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// sqlive in box mode (as on any terminal) on an in-memory database, no init file.
    private func startSQLive(width: Int = 80, options: [String] = []) throws -> TmuxTerminal {
        try TmuxTerminal(
            command: [BinaryRunner.sqlivePath, "--no-init"] + options,
            environment: ["HOME": folder.path, "SQLIVE_HISTORY": folder.path + "/history", "LANG": "C.UTF-8", "NO_COLOR": "1"],
            width: width, height: 40)
    }

    private func enter(_ line: String, in terminal: TmuxTerminal) throws {
        try terminal.type(line)
        try terminal.press("Enter")
    }

    @Test func a_one_line_greeting_names_help_the_dsl_and_pin_then_the_prompt() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        let screen = try terminal.waitForScreen("the greeting and the prompt") { $0.hasSuffix("sqlive>") }
        let lines = screen.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("sqlive ") == true)
        #expect(lines.first?.hasSuffix(": .help for help, .help dsl for queries without SQL, .pin for panes") == true)
    }

    @Test func quiet_starts_at_the_bare_prompt() throws {
        let terminal = try startSQLive(options: ["--quiet"])
        defer { terminal.close() }
        let screen = try terminal.waitForScreen("the prompt") { $0.hasSuffix("sqlive>") }
        #expect(screen == "sqlive>")
    }

    @Test func help_typed_alone_answers_and_exit_typed_alone_leaves() throws {
        let terminal = try startSQLive(options: ["--quiet"])
        defer { terminal.close() }
        try terminal.waitForScreen("the prompt") { $0 == "sqlive>" }
        try enter("help", in: terminal)
        let screen = try terminal.waitForScreen("the short guide") { $0.hasSuffix("Ctrl-D)\nsqlive>") }
        #expect(screen.contains("  .help dsl    queries without SQL, e.g. product.filter(price > 10).order(name)"))
        #expect(!screen.contains("no such table"))
        // Inside a statement the word is the statement's, with a hint (as psql does).
        try enter("SELECT 1 AS", in: terminal)
        try enter("exit", in: terminal)
        try terminal.waitForScreen("the hint") {
            $0.hasSuffix("then type exit\n   ...>")
        }
        try enter(";", in: terminal)
        try terminal.waitForScreen("the statement's result") { $0.hasSuffix("(1 row)\nsqlive>") }
        try enter("exit", in: terminal)
        try terminal.waitForExit()
    }

    @Test func help_wraps_between_words_at_80_columns() throws {
        let terminal = try startSQLive(options: ["--quiet"])
        defer { terminal.close() }
        try terminal.waitForScreen("the prompt") { $0 == "sqlive>" }
        try enter(".help dsl", in: terminal)
        let screen = try terminal.waitForScreen(".help dsl") { $0.contains("with the SQL it becomes.\nsqlive>") }
        #expect(screen.contains("""
            The query DSL: GRDB's query interface typed at the prompt. A line that starts
            with a table name (not an SQL keyword such as SELECT) is a DSL query; GRDB
            """))
        try enter(".help filter", in: terminal)
        let filter = try terminal.waitForScreen(".help filter") { $0.hasSuffix("Type .help dsl for the DSL with examples.\nsqlive>") }
        #expect(!filter.contains(".timer"))
    }

    private let wideRow = """
        SELECT 1234567890123456789 AS id, 'a rather long file name that goes on and on and on.txt' AS name, \
        NULL AS note, 111702 AS Bytes;
        """

    @Test func at_80_columns_numbers_stay_whole_and_null_is_visible() throws {
        let terminal = try startSQLive(options: ["--quiet"])
        defer { terminal.close() }
        try terminal.waitForScreen("the prompt") { $0 == "sqlive>" }
        try enter(wideRow, in: terminal)
        // The name was cut to fit: the last line says so, and how to see it whole.
        let screen = try terminal.waitForScreen("the grid") {
            $0.hasSuffix("(1 row; 1 value cut to fit: .mode line or .once FILE shows them whole)\nsqlive>")
        }
        #expect(screen.contains("│ 1234567890123456789 │ a rather long file name that goes on … │ NULL │ 111702 │"))
    }

    @Test func too_narrow_for_a_grid_the_rows_show_one_block_each() throws {
        let terminal = try startSQLive(width: 40, options: ["--quiet"])
        defer { terminal.close() }
        try terminal.waitForScreen("the prompt") { $0 == "sqlive>" }
        try enter(wideRow, in: terminal)
        let screen = try terminal.waitForScreen("the expanded row") { $0.hasSuffix("(1 row)\nsqlive>") }
        #expect(screen.hasSuffix("""
            (expanded to fit 40 columns)
            ─[ row 1 ]──────────────────────────────
            id    │ 1234567890123456789
            name  │ a rather long file name that
                  │ goes on and on and on.txt
            note  │ NULL
            Bytes │ 111702
            (1 row)
            sqlive>
            """))
    }

    @Test func tab_completes_file_names_pin_queries_and_a_column_before_a_dot() throws {
        try Data().write(to: URL(fileURLWithPath: folder.path + "/tour.sql"))
        let terminal = try startSQLive(width: 160, options: ["--quiet"])
        defer { terminal.close() }
        try terminal.waitForScreen("the prompt") { $0 == "sqlive>" }
        try enter("CREATE TABLE product(name TEXT, price REAL);", in: terminal)
        try terminal.waitForScreen("the table") { $0.hasSuffix(";\nsqlive>") }

        try terminal.type(".read \(folder.path)/to")
        try terminal.press("Tab")
        try terminal.waitForScreen("the file name") { $0.hasSuffix("sqlive> .read \(folder.path)/tour.sql") }
        try terminal.press("C-c")
        try terminal.waitForScreen("a fresh prompt") { $0.hasSuffix("\nsqlive>") }

        try terminal.type(".pin product.fil")
        try terminal.press("Tab")
        try terminal.waitForScreen("the DSL method") { $0.hasSuffix("sqlive> .pin product.filter") }
        try terminal.press("C-c")
        try terminal.waitForScreen("a fresh prompt") { $0.hasSuffix("\nsqlive>") }

        try terminal.type("product.order(pr.desc)")
        try terminal.press("Left", "Left", "Left", "Left", "Left", "Left")
        try terminal.press("Tab")
        try terminal.waitForScreen("the column, with no space") { $0.hasSuffix("sqlive> product.order(price.desc)") }
    }
}
