import Foundation
import Testing
import SQLiveTestSupport

/// The prompt past litecli (issue 23), as a person sees it in a real terminal (tmux):
/// completion that knows the statement, results that say what happened, and the habits
/// people bring from psql, litecli and sqlite3.
///
/// Under CI=true the suite runs even without tmux, so a missing tmux fails instead of
/// skipping.
@Suite(.serialized, .enabled(if: TmuxTerminal.isAvailable || ProcessInfo.processInfo.environment["CI"] == "true",
                             "tmux is not installed"))
final class TerminalHabitsTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-habits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func startSQLive(_ arguments: [String] = ["--quiet"], environment: [String: String] = [:],
                             width: Int = 100) throws -> TmuxTerminal {
        try TmuxTerminal(
            command: [BinaryRunner.sqlivePath, "--no-init"] + arguments,
            environment: ["HOME": folder.path, "SQLIVE_HISTORY": folder.path + "/history", "LANG": "C.UTF-8",
                          "NO_COLOR": "1"].merging(environment) { $1 },
            width: width, height: 40)
    }

    private func enter(_ line: String, in terminal: TmuxTerminal) throws {
        try terminal.type(line)
        try terminal.press("Enter")
    }

    /// A shop with a product table, at the prompt.
    private func shop(_ terminal: TmuxTerminal) throws {
        try terminal.waitForScreen("the prompt") { $0.hasSuffix("sqlive>") }
        try enter("CREATE TABLE product(id INTEGER PRIMARY KEY, name TEXT, stock INT, note TEXT);", in: terminal)
        try enter("INSERT INTO product(name, stock) VALUES ('pen', 1), ('ink', 2), ('pad', 9);", in: terminal)
        try terminal.waitForScreen("the rows inserted") { $0.hasSuffix("(3 rows inserted)\nsqlive>") }
    }

    @Test func tab_after_where_lists_the_columns_then_completes_one_and_finds_letters_in_order() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try shop(terminal)
        try enter("CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT);", in: terminal)
        try terminal.type("SELECT * FROM product WHERE ")
        try terminal.press("Tab")
        try terminal.waitForScreen("the columns of product") {
            $0.contains("id     name   note   stock") && $0.hasSuffix("sqlive> SELECT * FROM product WHERE")
        }
        try terminal.type("sto")
        try terminal.press("Tab")
        try terminal.waitForScreen("the column completed") { $0.hasSuffix("sqlive> SELECT * FROM product WHERE stock") }
        let completions = [
            ("select * from trk", "select * from Track", "Track, from letters in order"),
            ("select coun", "select count(", "the function and its parenthesis"),
            (".schema pro", ".schema product", "a table for .schema"),
        ]
        for (typed, completed, what) in completions {
            try terminal.press("C-c")
            try terminal.waitForScreen("a fresh prompt") { $0.hasSuffix("\nsqlive>") }
            try terminal.type(typed)
            try terminal.press("Tab")
            try terminal.waitForScreen(what) { $0.hasSuffix("sqlive> " + completed) }
        }
    }

    @Test func results_say_what_happened() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try shop(terminal)
        try enter("UPDATE product SET stock = 0 WHERE stock < 5;", in: terminal)
        try terminal.waitForScreen("the count of a write") { $0.hasSuffix(";\n(2 rows updated)\nsqlive>") }
        try enter("product.filter(id == 3).deleteAll()", in: terminal)
        try terminal.waitForScreen("the count of a DSL mutation") { $0.hasSuffix("deleteAll()\n(1 row deleted)\nsqlive>") }
        try enter("SELECT name FROM product WHERE stock > 100;", in: terminal)
        let empty = try terminal.waitForScreen("an empty result") { $0.hasSuffix("(0 rows)\nsqlive>") }
        #expect(empty.hasSuffix("""
            sqlive> SELECT name FROM product WHERE stock > 100;
            ┌──────┐
            │ name │
            ├──────┤
            └──────┘
            (0 rows)
            sqlive>
            """))
        try enter(".mode column", in: terminal)
        try enter("SELECT id, note FROM product WHERE id = 1;", in: terminal)
        try terminal.waitForScreen("NULL in column mode") { $0.hasSuffix("id  note\n--  ----\n1   NULL\nsqlive>") }
        try enter("SELECT * FROM prodcut;", in: terminal)
        try terminal.waitForScreen("did you mean") { $0.hasSuffix("no such table: prodcut\n  did you mean product?\nsqlive>") }
    }

    @Test func the_greeting_says_when_the_database_is_new() throws {
        let path = folder.appendingPathComponent("chinok.db").path
        let terminal = try startSQLive([path], width: 200)
        defer { terminal.close() }
        let screen = try terminal.waitForScreen("the greeting") { $0.hasSuffix("sqlive>") }
        #expect(screen.contains("opened \(path): a new database (there was no such file)\nsqlive>"))
    }

    @Test func psql_habits_work_at_the_prompt() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try shop(terminal)
        try enter("\\dt", in: terminal)
        try terminal.waitForScreen("\\dt") { $0.hasSuffix("\\dt\nproduct\nsqlive>") }
        try enter("\\d product", in: terminal)
        try terminal.waitForScreen("\\d NAME") { $0.hasSuffix("note TEXT);\nsqlive>") }
        try enter("SELECT id, name FROM product WHERE id = 2\\G", in: terminal)
        try terminal.waitForScreen("one result expanded") { $0.hasSuffix("\\G\n   id = 2\n name = ink\nsqlive>") }
        // The mode is back: the next result is a grid.
        try enter("SELECT 7 AS seven;", in: terminal)
        try terminal.waitForScreen("a grid again") { $0.hasSuffix("│ 7     │\n└───────┘\n(1 row)\nsqlive>") }
        try enter("\\fs stock_of SELECT stock FROM product WHERE name = $1", in: terminal)
        try enter("\\f stock_of pad", in: terminal)
        try terminal.waitForScreen("a saved query run") { $0.hasSuffix("│ 9     │\n└───────┘\n(1 row)\nsqlive>") }
        try enter("\\q", in: terminal)
        try terminal.waitForExit()
        let saved = try String(contentsOf: folder.appendingPathComponent(".config/sqlive/queries.json"), encoding: .utf8)
        #expect(saved == "{\n  \"stock_of\" : \"SELECT stock FROM product WHERE name = $1\"\n}\n")
    }

    @Test func up_after_edit_recalls_the_statement_edited() throws {
        let editor = folder.appendingPathComponent("editor.sh").path
        try Data("#!/bin/sh\nprintf 'SELECT 40 + 2 AS answer;\\n' > \"$1\"\n".utf8).write(to: URL(fileURLWithPath: editor))
        chmod(editor, 0o755)
        let terminal = try startSQLive(environment: ["EDITOR": editor, "VISUAL": editor])
        defer { terminal.close() }
        try terminal.waitForScreen("the prompt") { $0 == "sqlive>" }
        try enter(".edit", in: terminal)
        try terminal.waitForScreen("the edited statement's result") { $0.hasSuffix("│ 42     │\n└────────┘\n(1 row)\nsqlive>") }
        try terminal.press("Up")
        try terminal.waitForScreen("the statement recalled") { $0.hasSuffix("sqlive> SELECT 40 + 2 AS answer;") }
    }

    @Test func ex_exits_as_in_sqlite3() throws {
        let terminal = try startSQLive()
        defer { terminal.close() }
        try terminal.waitForScreen("the prompt") { $0 == "sqlive>" }
        try enter(".ex", in: terminal)
        try terminal.waitForExit()
    }
}
