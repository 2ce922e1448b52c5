import Foundation
import Testing
@testable import SQLiveKit

/// `.chart`: bars for label/value results, a sparkline for one column, drawn for a known
/// width so the whole output can be compared.
@Suite struct ChartTests {
    let shell: TestSession

    init() throws {
        var environment = SessionEnvironment(terminalWidth: { 40 })
        environment.variables = ["NO_COLOR": "1"]
        shell = try TestSession(environment: environment)
    }

    @Test func bars_are_drawn_to_scale_in_eighths_of_a_character() {
        let output = shell.run(".chart SELECT 'Rock', 100 UNION ALL SELECT 'Jazz', 50 UNION ALL SELECT 'Blues', 12.5")
        #expect(output == """
            Rock  █████████████████████████████ 100
            Jazz  ██████████████▌ 50
            Blues ███▋ 12.5

            """)
    }

    @Test func negative_values_draw_left_of_an_axis() {
        let output = shell.run(".chart SELECT 'a', -5 UNION ALL SELECT 'b', 10")
        #expect(output == """
            a ████████████ -5
            b             ███████████████████████ 10

            """)
    }

    @Test func missing_and_non_numeric_values_get_no_bar_and_numeric_text_counts() {
        let output = shell.run(".nullvalue NULL\n.chart SELECT 'x', NULL UNION ALL SELECT 'y', 'abc' UNION ALL SELECT 'z', '4'")
        #expect(output == """
            x  NULL
            y  abc
            z █████████████████████████████████ 4

            """)
    }

    @Test func headers_name_the_label_and_the_value() {
        let output = shell.run(".headers on\n.chart SELECT 'Rock' AS genre, 3 AS tracks")
        #expect(output == """
            genre tracks
            Rock  ████████████████████████████████ 3

            """)
    }

    /// A column name is shown as the labels are, control characters as `?`: the header line
    /// is written past the terminal filter, and a name may come from the file.
    @Test func headers_show_control_characters_in_names_as_question_marks() {
        let output = shell.run(".headers on\n.chart SELECT 'Rock' AS \"g\u{1B}[2J\", 3 AS \"t\u{07}\"\n.chart SELECT 1 AS \"s\u{9B}\"")
        #expect(output == """
            g?[2J t?
            Rock  ████████████████████████████████ 3
            s?
            ▄
            min 1  max 1  last 1  (1 value)

            """)
    }

    @Test func labels_join_the_leading_columns_and_long_ones_are_shortened() {
        let output = shell.run(".chart SELECT 2024, 'a very long label that goes on', 1")
        #expect(output == """
            2024 a very lon… █████████████████████ 1

            """)
    }

    @Test func one_column_draws_a_sparkline_with_its_range() {
        let output = shell.run(".chart WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 8) SELECT x FROM c")
        #expect(output == """
            ▁▂▃▄▅▆▇█
            min 1  max 8  last 8  (8 values)

            """)
    }

    @Test func a_long_series_fits_the_width() {
        let output = shell.run(".chart WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT x % 100 FROM c")
        let lines = output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].count <= 40 && lines[0].count >= 20)
        #expect(lines[1] == "min 0  max 99  last 0  (1000 values)")
    }

    @Test func bars_past_the_maximum_are_counted() {
        let output = shell.run(".chart WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 105) SELECT x, 1 FROM c")
        let lines = output.split(separator: "\n")
        #expect(lines.count == 101)
        #expect(lines.last == "… 5 more rows not drawn")
    }

    @Test func an_empty_result_draws_nothing_and_errors_are_reported() {
        #expect(shell.run(".chart SELECT 'a', 1 WHERE 0") == "")
        shell.run(".chart SELECT * FROM nowhere\n.chart")
        #expect(shell.errorText == """
            error: test.sql:1: no such table: nowhere
            error: test.sql:2: .chart: missing query
              usage: .chart QUERY

            """)
    }

    @Test func bars_are_coloured_on_a_colour_terminal() throws {
        var environment = SessionEnvironment(terminalWidth: { 20 })
        environment.variables = [:]
        let colourful = try TestSession(environment: environment)
        #expect(colourful.run(".chart SELECT 'a', 2") == "a \u{1B}[34m████████████████\u{1B}[0m \u{1B}[36m2\u{1B}[0m\n")
    }

    @Test func the_renderer_works_on_stored_rows_for_panes() {
        let output = OutputBuffer(target: MemoryTarget())
        let memory = output.target as? MemoryTarget
        let renderer = ChartRenderer(RenderContext(settings: Settings(), output: output, terminalWidth: 20), maximumBars: 1)
        renderer.begin(columns: ["label", "value"])
        for (label, value) in [("a", 4.0), ("b", 2.0)] {
            renderer.write(row: StoredRow(cells: [
                .init(kind: .text, bytes: Array(label.utf8), number: 0),
                .init(kind: .real, bytes: Array("\(value)".utf8), number: value),
            ]))
        }
        renderer.finish()
        output.flush()
        #expect(memory?.text == "a ██████████████ 4.0\n… 1 more row not drawn\n")
    }

    @Test func sparklines_and_their_sampler() {
        #expect(Sparkline.render([1, 2, 4, 8, 6, 3]) == "▁▂▄█▆▃")
        #expect(Sparkline.render([5, 5]) == "▄▄")
        #expect(Sparkline.render([]) == "")
        var sampler = SparklineSampler(capacity: 4)
        (1...8).forEach { sampler.add(Double($0)) }
        #expect(sampler.means == [1.5, 3.5, 5.5, 7.5])
        sampler.add(9)
        #expect(sampler.means == [1.5, 3.5, 5.5, 7.5, 9])
        #expect(sampler.count == 9 && sampler.minimum == 1 && sampler.maximum == 9)
    }
}
