import Foundation
import Testing
import SQLiveTestSupport

/// The pager, the import progress bar, the elapsed-time line and `.edit` on a real
/// terminal: the built binary inside tmux (``TmuxTerminal``), read back from the screen.
@Suite(.serialized, .enabled(if: TmuxTerminal.isAvailable)) struct DataTerminalTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// sqlive on an 80×24 terminal in list mode, with a temporary HOME.
    private func start(_ environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> TmuxTerminal {
        let variables = ["HOME": folder.path, "NO_COLOR": "1", "LANG": "C.UTF-8"].merging(environment) { $1 }
        let terminal = try TmuxTerminal(command: [BinaryRunner.sqlivePath, "--quiet", "--no-init", "--mode", "list"],
                                        environment: variables, width: 80, height: 24, timeout: timeout)
        try terminal.waitForScreen("the prompt") { $0.contains("sqlive>") }
        return terminal
    }

    private func enter(_ line: String, in terminal: TmuxTerminal) throws {
        try terminal.type(line)
        try terminal.press("Enter")
    }

    private func rows(_ count: Int) -> String {
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(count)) SELECT 'row ' || x FROM c;"
    }

    @Test func a_tall_result_opens_less_and_quitting_it_returns_to_the_prompt() throws {
        let terminal = try start(["PAGER": "less -FRX"])
        try enter(rows(100), in: terminal)
        let paged = try terminal.waitForScreen("less") { $0.hasLine("row 1") && $0.lastLine.hasPrefix(":") }
        #expect(!paged.hasLine("row 100"))
        try terminal.press("q")
        try enter("SELECT 'after the pager';", in: terminal)
        try terminal.waitForScreen("the next result") { $0.hasLine("after the pager") }
    }

    @Test func the_pager_gets_the_whole_result_and_a_short_result_skips_it() throws {
        let record = folder.path + "/paged.txt"
        let terminal = try start(["PAGER": "cat > \(record)"])
        try enter(rows(5), in: terminal)
        try terminal.waitForScreen("five rows") { $0.hasLine("row 5") }
        #expect(!FileManager.default.fileExists(atPath: record))
        try enter(rows(60), in: terminal)
        try enter("SELECT 'done';", in: terminal)
        try terminal.waitForScreen("done") { $0.hasLine("done") }
        #expect(try String(contentsOfFile: record, encoding: .utf8) == (1...60).map { "row \($0)\n" }.joined())
    }

    /// No timing: progress shows at once (`SQLIVE_PROGRESS_DELAY=0`), and another process's
    /// read transaction keeps the import from committing (a rollback journal's COMMIT waits
    /// for readers) until the bar has been seen.
    @Test func a_long_import_shows_a_progress_bar_then_a_summary() throws {
        var text = "id,name,amount\n"
        for id in 1...100_000 { text += "\(id),name \(id % 977),\(id % 10_000).25\n" }
        let csv = folder.write("big.csv", text)
        let database = folder.path + "/big.db"
        _ = try BinaryRunner.sqlite3([database, "CREATE TABLE keep(x);"])
        let reader = try #require(try TransactionHolder(database, "BEGIN; SELECT count(*) FROM keep;"))

        let terminal = try start(["SQLIVE_PROGRESS_DELAY": "0"], timeout: 60)
        try enter(".open \(database)", in: terminal)
        try enter(".import --csv \(csv) big", in: terminal)
        let progress = try terminal.waitForScreen("the progress bar") { $0.contains("rows/s") }
        #expect(progress.contains("importing ") && progress.contains("%") && progress.contains("MB") && progress.contains("ETA"))
        #expect(reader.end())
        let done = try terminal.waitForScreen("the summary") { $0.contains("imported 100,000 rows into big") }
        #expect(!done.contains("rows/s"), "the bar is erased")
        try enter("SELECT count(*), sum(amount) FROM big;", in: terminal)
        try terminal.waitForScreen("the rows") { $0.contains("100000|") }
    }

    @Test func a_slow_query_shows_its_elapsed_time_then_only_its_result() throws {
        let terminal = try start(timeout: 300)
        try enter("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 15000000) SELECT count(*) FROM c;",
                  in: terminal)
        let ticking = try terminal.waitForScreen("the elapsed time") { $0.contains("Ctrl-C interrupts") }
        #expect(ticking.contains("running "))
        let done = try terminal.waitForScreen("the count") { $0.hasLine("15000000") }
        #expect(!done.contains("running "))
    }

    @Test func ctrl_c_interrupts_the_query_the_hint_is_about() throws {
        let terminal = try start(timeout: 300)
        try enter("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;", in: terminal)
        try terminal.waitForScreen("the elapsed time") { $0.contains("Ctrl-C interrupts") }
        try terminal.press("C-c")
        let stopped = try terminal.waitForScreen("the interruption") { $0.contains("interrupted") }
        #expect(!stopped.contains("running "))
    }

    /// Needs a `vi` (Debian's vim or vim-tiny); the scripted-editor tests run everywhere.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vi")))
    func edit_opens_vi_on_the_last_statement_and_runs_what_was_saved() throws {
        let terminal = try start(["EDITOR": "vi"])
        try enter("SELECT 6 * 7;", in: terminal)
        try terminal.waitForScreen("42") { $0.hasLine("42") }
        try enter(".edit", in: terminal)
        try terminal.waitForScreen("vi") { $0.contains("sqlive-edit-") }
        try terminal.press("c", "c")
        try terminal.type("SELECT 'edited in vi';")
        try terminal.press("Escape")
        try terminal.type(":wq")
        try terminal.press("Enter")
        try terminal.waitForScreen("the edited statement's result") { $0.hasLine("edited in vi") }
    }
}

extension String {
    /// Whether a line of the screen is exactly `line` (surrounding spaces aside).
    fileprivate func hasLine(_ line: String) -> Bool {
        split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == line }
    }

    /// The last line with something on it.
    fileprivate var lastLine: String {
        split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
    }
}
