import Foundation
import Testing
@testable import SQLiveKit
#if canImport(Glibc)
import Glibc
import SQLiveTestSupport
#endif

/// The pager and the elapsed-time line: only for a person at a terminal, only for results
/// taller than the screen, with what was held shown in order.
@Suite(.serialized) struct PagerTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        // The pager may quit before reading everything; the process must not die of it.
        signal(SIGPIPE, SIG_IGN)
    }

    /// A session on a 40×10 terminal whose pager records what it was given.
    private func terminalSession(interactive: Bool = true, pager: String? = nil,
                                 output: MemoryTarget = MemoryTarget(), errors: MemoryTarget? = nil) throws -> Session {
        var environment = SessionEnvironment(isInteractive: interactive, terminalWidth: { 40 })
        environment.terminalHeight = { 10 }
        environment.variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "NO_COLOR": "1",
            "PAGER": pager ?? "cat > \(folder.path("paged.txt"))",
        ]
        let connection = try DatabaseConnection(OpenOptions(path: ":memory:"))
        return Session(connection: connection, environment: environment, output: output, errorOutput: errors ?? output)
    }

    private func run(_ script: String, in session: Session) {
        var lines = StringLineSource(script)
        ScriptRunner(session: session).run(&lines, source: "test.sql")
    }

    private func rows(_ count: Int) -> String {
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(count)) SELECT x FROM c;"
    }

    private var paged: String? {
        try? String(contentsOfFile: folder.path("paged.txt"), encoding: .utf8)
    }

    private func numbers(_ count: Int) -> String {
        (1...count).map { "\($0)\n" }.joined()
    }

    @Test func a_result_taller_than_the_screen_goes_to_the_pager() throws {
        let screen = MemoryTarget()
        let session = try terminalSession(output: screen)
        run(rows(50), in: session)
        #expect(paged == numbers(50))
        #expect(screen.text == "")
    }

    @Test func a_result_that_fits_is_printed_and_the_pager_never_starts() throws {
        let screen = MemoryTarget()
        let session = try terminalSession(output: screen)
        run(rows(9), in: session)
        #expect(screen.text == numbers(9))
        #expect(paged == nil)
    }

    @Test func lines_wider_than_the_screen_count_as_the_rows_they_wrap_to() throws {
        let screen = MemoryTarget()
        let session = try terminalSession(output: screen)
        // Four lines of 100 characters take 3 rows each on a 40-column screen: 12 > 9.
        run("SELECT replace(hex(zeroblob(50)), '0', 'x') FROM (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4);",
            in: session)
        #expect(paged?.count == 404)
        #expect(screen.text == "")
    }

    @Test func scripts_pager_off_and_an_empty_pager_never_page() throws {
        let script = MemoryTarget()
        run(rows(50), in: try terminalSession(interactive: false, output: script))
        #expect(script.text == numbers(50))

        let off = MemoryTarget()
        run(".pager off\n" + rows(50), in: try terminalSession(output: off))
        #expect(off.text == numbers(50))

        let empty = MemoryTarget()
        run(rows(50), in: try terminalSession(pager: " ", output: empty))
        #expect(empty.text == numbers(50))
        #expect(paged == nil)
    }

    @Test func redirected_output_never_pages() throws {
        let screen = MemoryTarget()
        let file = folder.path("out.txt")
        run(".once \(file)\n" + rows(50), in: try terminalSession(output: screen))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == numbers(50))
        #expect(paged == nil)
    }

    @Test func a_pager_that_is_not_installed_is_reported_and_the_result_shown() throws {
        let screen = MemoryTarget(), errors = MemoryTarget()
        run(rows(20), in: try terminalSession(pager: "no-such-pager-here -R", output: screen, errors: errors))
        #expect(screen.text == numbers(20))
        #expect(errors.text == "warning: the pager \"no-such-pager-here -R\" was not found; set $PAGER, or .pager off\n")
    }

    @Test func quitting_the_pager_early_stops_the_query_quietly() throws {
        let screen = MemoryTarget()
        let session = try terminalSession(pager: "head -n 2 > \(folder.path("paged.txt"))", output: screen)
        run(rows(2_000_000), in: session)
        #expect(paged == "1\n2\n")
        #expect(screen.text == "")
        #expect(session.errorCount == 0)
    }

    @Test func held_output_comes_before_an_error_that_follows_it() throws {
        let combined = MemoryTarget()
        let session = try terminalSession(output: combined)
        let script = folder.path("script.sql")
        try "SELECT 'first';\nSELECT nope;\n".write(toFile: script, atomically: true, encoding: .utf8)
        run(".read \(script)", in: session)
        #expect(combined.text == """
            first
            error: \(script):2: no such column: nope
              SELECT nope;
                     ^

            """)
    }

    @Test func errors_wait_while_the_pager_has_the_screen() throws {
        let combined = MemoryTarget()
        let session = try terminalSession(output: combined)
        let script = folder.path("tall.sql")
        try (rows(30) + "\nSELECT nope;\n").write(toFile: script, atomically: true, encoding: .utf8)
        run(".read \(script)", in: session)
        #expect(paged == numbers(30))
        #expect(combined.text == "error: \(script):2: no such column: nope\n  SELECT nope;\n         ^\n")
    }

    @Test func rows_are_counted_with_wrapping_wide_characters_and_escapes() {
        func rows(_ text: String, columns: Int = 10) -> Int {
            var counter = ScreenRowCounter(columns: columns)
            counter.feed(Array(text.utf8))
            return counter.rowsUsed
        }
        #expect(rows("") == 0)
        #expect(rows("hello\n") == 1)
        #expect(rows("hello") == 1)
        #expect(rows("0123456789\n") == 1)
        #expect(rows("0123456789a\n") == 2)
        #expect(rows("日本語日本語\n") == 2)
        #expect(rows("\u{1B}[1;36mabc\u{1B}[0m\n\n") == 2)
        #expect(rows("\tx\n") == 1)
        #expect(rows("\t\tx\n") == 2)
        #expect(rows("e\u{301}\n", columns: 1) == 1)
    }

    @Test func the_ticker_draws_after_its_delay_and_erases_its_line() throws {
        let path = folder.path("ticker.txt")
        let fileDescriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(fileDescriptor) }
        let quiet = QueryTicker(fileDescriptor: fileDescriptor, printer: DiagnosticPrinter(), delay: .seconds(5))
        quiet.start()
        quiet.stop()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "")

        let ticker = QueryTicker(fileDescriptor: fileDescriptor, printer: DiagnosticPrinter(), delay: .milliseconds(20))
        ticker.start()
        Thread.sleep(forTimeInterval: 0.3)
        ticker.stop()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("\r\u{1B}[2Krunning 0."))
        #expect(written.hasSuffix(" · Ctrl-C interrupts\r\u{1B}[2K"))
        let size = written.utf8.count
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try String(contentsOfFile: path, encoding: .utf8).utf8.count == size, "nothing after stop()")
    }

    @Test func the_ticker_line_shows_tenths_then_minutes() {
        #expect(QueryTicker.line(elapsed: .milliseconds(3_250)) == "running 3.2 s · Ctrl-C interrupts")
        #expect(QueryTicker.line(elapsed: .seconds(65)) == "running 1:05 · Ctrl-C interrupts")
        let colour = DiagnosticPrinter(usesColor: true)
        #expect(colour.renderProgress(QueryTicker.line(elapsed: .seconds(1)), dimmed: true)
                == "\r\u{1B}[2K\u{1B}[2mrunning 1.0 s · Ctrl-C interrupts\u{1B}[0m")
        #expect(colour.renderProgress(nil) == "\r\u{1B}[2K")
    }
}
