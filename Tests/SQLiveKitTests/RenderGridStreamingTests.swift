import GRDB
import Synchronization
import Testing
@testable import SQLiveKit

@Suite struct RenderGridStreamingTests {
    private func textRow(_ text: String) -> StoredRow {
        StoredRow(cells: [StoredRow.Cell(kind: .text, bytes: Array(text.utf8), number: 0)])
    }

    /// One text column `v` holding `texts`, drawn with a small window, on a terminal of
    /// `terminalWidth` columns or, when nil, into a file.
    private func grid(_ texts: [String], style: GridStyle, windowSize: Int, terminalWidth: Int?) -> String {
        let target = MemoryTarget()
        let output = OutputBuffer(target: target)
        let context = RenderContext(settings: Settings(), output: output, terminalWidth: terminalWidth)
        let renderer = GridRenderer(context, style: style, windowSize: windowSize)
        renderer.begin(columns: ["v"])
        for text in texts { renderer.write(row: textRow(text)) }
        renderer.finish()
        output.flush()
        return target.text
    }

    @Test func on_a_terminal_rows_after_the_window_keep_its_widths_and_are_cut_and_it_says_so() {
        #expect(grid(["a", "bb", "cccccc", "日本"], style: .box, windowSize: 2, terminalWidth: 80) == """
            ┌────┐
            │ v  │
            ├────┤
            │ a  │
            │ bb │
            │ c… │
            │ …  │
            └────┘
            (4 rows; 2 values cut to fit: .mode line or .once FILE shows them whole)

            """)
    }

    @Test func outside_a_terminal_rows_after_the_window_widen_the_columns_and_are_never_cut() {
        #expect(grid(["a", "bb", "cccccc", "日本"], style: .box, windowSize: 2, terminalWidth: nil) == """
            ┌────────┐
            │   v    │
            ├────────┤
            │ a      │
            │ bb     │
            │ cccccc │
            │ 日本     │
            └────────┘

            """)
    }

    @Test func outside_a_terminal_a_multi_line_row_after_the_window_puts_rules_between_all_rows() {
        #expect(grid(["a", "b", "c\nd", "e"], style: .table, windowSize: 1, terminalWidth: nil) == "+---+\n| v |\n+---+\n| a |\n+---+\n| b |\n+---+\n| c |\n| d |\n+---+\n| e |\n+---+\n")
    }

    @Test func on_a_terminal_a_multi_line_row_after_the_window_starts_dividers() {
        #expect(grid(["a", "b", "c\nd", "e"], style: .table, windowSize: 1, terminalWidth: 80) == "+---+\n| v |\n+---+\n| a |\n| b |\n+---+\n| c |\n| d |\n+---+\n| e |\n+---+\n(4 rows)\n")
    }

    @Test func a_spill_gives_back_every_record_in_order_even_one_longer_than_a_chunk() {
        let spill = RowSpill()
        let records: [[UInt8]] = (0..<20_000).map { Array("record \($0)".utf8) }
            + [[UInt8](repeating: 7, count: RowSpill.flushSize * 9)] + [[], Array("last".utf8)]
        for record in records { record.withUnsafeBufferPointer { bytes in spill.appendRecord { $0.append(bytes) } } }
        var readBack: [[UInt8]] = []
        spill.forEach { readBack.append(Array($0)) }
        #expect(readBack == records)
    }

    @Test func the_renderer_never_holds_more_than_its_window() {
        let output = OutputBuffer(target: CountingTarget())
        let renderer = GridRenderer(RenderContext(settings: Settings(), output: output), style: .box)
        renderer.begin(columns: ["v"])
        var largest = 0
        for index in 0..<10_000 {
            renderer.write(row: textRow("row \(index)"))
            largest = max(largest, renderer.bufferedRowCount)
        }
        renderer.finish()
        #expect(largest > 0 && largest <= GridRenderer.defaultWindowSize)
        #expect(renderer.bufferedRowCount == 0)
    }

    /// A statement of many rows in box mode on a terminal: the grid reaches the output while
    /// SQLite is still producing rows (counted by a SQL function), and every row arrives.
    @Test func on_a_terminal_a_large_result_streams_through_a_session() throws {
        let rowCount = 200_000
        let produced = Mutex(0)
        let target = CountingTarget()
        let connection = try DatabaseConnection(OpenOptions(path: ":memory:"))
        connection.queue.inDatabase { db in
            db.add(function: DatabaseFunction("produced", argumentCount: 0, pure: false) { _ in
                produced.withLock { $0 += 1; return $0 }
            })
        }
        target.onFirstWrite = { produced.withLock { $0 } }
        var settings = Settings()
        settings.setMode(.box)
        var environment = SessionEnvironment(terminalWidth: { 80 })
        environment.variables = ["NO_COLOR": "1"]
        let session = Session(connection: connection, settings: settings, environment: environment,
                              output: target, errorOutput: MemoryTarget())
        var lines = StringLineSource("""
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT \(rowCount))
            SELECT x, produced() AS p FROM c;
            """)
        ScriptRunner(session: session).run(&lines, source: "test")

        #expect(session.errorCount == 0)
        // Top rule, names, separator, one line per row, bottom rule, row count.
        #expect(target.lineCount == rowCount + 5)
        let producedAtFirstWrite = try #require(target.valueAtFirstWrite)
        #expect(producedAtFirstWrite < rowCount / 10)
    }
}

/// An output that keeps no bytes: it counts them, and the lines, and can note something
/// when the first bytes arrive.
final class CountingTarget: OutputTarget {
    private(set) var byteCount = 0
    private(set) var lineCount = 0
    var onFirstWrite: (() -> Int)?
    private(set) var valueAtFirstWrite: Int?

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        if byteCount == 0, let onFirstWrite { valueAtFirstWrite = onFirstWrite() }
        byteCount += bytes.count
        lineCount += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
