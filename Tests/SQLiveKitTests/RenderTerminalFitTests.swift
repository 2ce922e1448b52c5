import Testing
@testable import SQLiveKit

/// Results on a terminal: numbers are never cut, text shrinks first, a result too wide for
/// any grid becomes one block per row, and NULL is visible. Files and pipes are unchanged.
@Suite struct RenderTerminalFitTests {
    private func render(_ script: String, terminalWidth: Int?, color: Bool = false) throws -> String {
        var environment = SessionEnvironment(terminalWidth: { terminalWidth })
        environment.variables = color ? [:] : ["NO_COLOR": "1"]
        return try TestSession(environment: environment).run(script)
    }

    private let files = """
        .mode box
        SELECT 1234567890123456789 AS id, 'a rather long file name that goes on and on.txt' AS name, 1 AS n, 111702 AS Bytes;
        """

    @Test func numbers_and_their_names_keep_their_width_while_text_is_cut() throws {
        let output = try render(files, terminalWidth: 63)
        #expect(output == """
            ┌─────────────────────┬──────────────────────────┬───┬────────┐
            │         id          │           name           │ n │ Bytes  │
            ├─────────────────────┼──────────────────────────┼───┼────────┤
            │ 1234567890123456789 │ a rather long file name… │ 1 │ 111702 │
            └─────────────────────┴──────────────────────────┴───┴────────┘
            (1 row; 1 value cut to fit: .mode line or .once FILE shows them whole)

            """)
    }

    @Test func a_result_that_cannot_fit_is_shown_one_block_per_row_and_says_so() throws {
        let script = files.replacingOccurrences(of: ";", with: " UNION ALL SELECT 2, 'short', NULL, 3;")
        let output = try render(script, terminalWidth: 40)
        #expect(output == """
            (expanded to fit 40 columns)
            ─[ row 1 ]──────────────────────────────
            id    │ 1234567890123456789
            name  │ a rather long file name that
                  │ goes on and on.txt
            n     │ 1
            Bytes │ 111702
            ─[ row 2 ]──────────────────────────────
            id    │ 2
            name  │ short
            n     │ NULL
            Bytes │ 3
            (2 rows)

            """)
        #expect(!(try render(script, terminalWidth: nil)).contains("expanded"))
    }

    @Test func a_table_mode_result_expands_with_ascii_rules() throws {
        let output = try render(".mode table\nSELECT 'abcdefghijkl' AS a, 'abcdefghijkl' AS b, 'abcdefghijkl' AS c;", terminalWidth: 30)
        #expect(output == """
            (expanded to fit 30 columns)
            -[ row 1 ]------
            a | abcdefghijkl
            b | abcdefghijkl
            c | abcdefghijkl
            (1 row)

            """)
    }

    @Test func null_shows_as_NULL_on_a_terminal_and_as_nullvalue_elsewhere() throws {
        let script = ".mode box\nSELECT NULL AS n, '' AS e;"
        #expect(try render(script, terminalWidth: 80) == """
            ┌──────┬───┐
            │  n   │ e │
            ├──────┼───┤
            │ NULL │   │
            └──────┴───┘
            (1 row)

            """)
        #expect(try render(script, terminalWidth: nil) == """
            ┌───┬───┐
            │ n │ e │
            ├───┼───┤
            │   │   │
            └───┴───┘

            """)
        #expect(try render(".mode list\nSELECT NULL, 1;", terminalWidth: 80) == "NULL|1\n")
        #expect(try render(".mode list\nSELECT NULL, 1;", terminalWidth: nil) == "|1\n")
        #expect(try render(".mode line\nSELECT NULL AS n;", terminalWidth: 80) == "    n = NULL\n")
    }

    @Test func nullvalue_once_set_wins_on_a_terminal_even_when_empty() throws {
        #expect(try render(".nullvalue ''\n.mode list\nSELECT NULL, 1;", terminalWidth: 80) == "|1\n")
        #expect(try render(".nullvalue (none)\n.mode list\nSELECT NULL, 1;", terminalWidth: 80) == "(none)|1\n")
    }

    @Test func with_colour_NULL_is_dimmed_and_its_padding_is_not() throws {
        let output = try render(".mode box\nSELECT NULL AS value;", terminalWidth: 80, color: true)
        #expect(output.contains("│ \u{1B}[90mNULL\u{1B}[0m  │"))
        #expect(try render(".mode list\nSELECT NULL;", terminalWidth: 80, color: true) == "\u{1B}[90mNULL\u{1B}[0m\n")
    }

    @Test func a_later_number_wider_than_its_column_is_written_whole() {
        let target = MemoryTarget()
        let output = OutputBuffer(target: target)
        let context = RenderContext(settings: Settings(), output: output, terminalWidth: 80)
        let renderer = GridRenderer(context, style: .table, windowSize: 1)
        renderer.begin(columns: ["v"])
        for number: Int64 in [1, 123456] {
            renderer.write(row: StoredRow(cells: [StoredRow.Cell(kind: .integer, bytes: Array("\(number)".utf8), number: Double(number), integer: number)]))
        }
        renderer.finish()
        output.flush()
        #expect(target.text == "+---+\n| v |\n+---+\n| 1 |\n| 123456 |\n+---+\n(2 rows)\n")
    }
}
