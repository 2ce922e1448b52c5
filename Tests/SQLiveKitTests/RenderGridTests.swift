import Testing
@testable import SQLiveKit

@Suite struct RenderGridTests {
    private func render(_ script: String, terminalWidth: Int? = nil) throws -> String {
        let environment = SessionEnvironment(terminalWidth: { terminalWidth })
        return try TestSession(environment: environment).run(script)
    }

    private let people = "SELECT 1 AS id, 'Alice' AS name UNION ALL SELECT 2, 'Bob';"

    @Test func box_draws_unicode_lines_with_centred_names() throws {
        #expect(try render(".mode box\n" + people) == """
            ┌────┬───────┐
            │ id │ name  │
            ├────┼───────┤
            │ 1  │ Alice │
            │ 2  │ Bob   │
            └────┴───────┘

            """)
    }

    @Test func table_draws_ascii_lines() throws {
        #expect(try render(".mode table\n" + people) == """
            +----+-------+
            | id | name  |
            +----+-------+
            | 1  | Alice |
            | 2  | Bob   |
            +----+-------+

            """)
    }

    @Test func markdown_draws_a_pipe_table() throws {
        #expect(try render(".mode markdown\n" + people) == """
            | id | name  |
            |----|-------|
            | 1  | Alice |
            | 2  | Bob   |

            """)
    }

    @Test func names_are_shown_even_with_headers_off_as_in_sqlite3() throws {
        #expect(try render(".headers off\n.mode markdown\nSELECT 1 AS a;") == "| a |\n|---|\n| 1 |\n")
    }

    @Test func null_is_the_null_value_and_reals_are_sqlite_text() throws {
        #expect(try render(".mode markdown\n.nullvalue NULL\nSELECT NULL AS n, 0.1 AS r, 1e300 AS big;") == """
            |  n   |  r  |   big    |
            |------|-----|----------|
            | NULL | 0.1 | 1.0e+300 |

            """)
    }

    @Test func a_value_with_line_breaks_spans_lines_and_rows_get_dividers() throws {
        let script = ".mode box\nSELECT 'a' || char(10) || 'bb' AS x, 1 AS y UNION ALL SELECT 'c', 2;"
        #expect(try render(script) == """
            ┌────┬───┐
            │ x  │ y │
            ├────┼───┤
            │ a  │ 1 │
            │ bb │   │
            ├────┼───┤
            │ c  │ 2 │
            └────┴───┘

            """)
    }

    @Test func crlf_is_one_break_and_a_final_break_adds_no_line() throws {
        let script = ".mode table\nSELECT 'a' || char(13, 10) || 'b' || char(10) AS x;"
        #expect(try render(script) == "+---+\n| x |\n+---+\n| a |\n| b |\n+---+\n")
    }

    @Test func tabs_expand_to_the_next_multiple_of_eight() throws {
        let script = ".mode markdown\nSELECT 'a' || char(9) || 'b' AS t;"
        #expect(try render(script) == "|     t     |\n|-----------|\n| a       b |\n")
    }

    /// On a terminal a wide character takes two columns and a combining mark none, so the
    /// grid lines up; into a file or a pipe each character counts one, as sqlite3 counts
    /// them, so the bytes are sqlite3's.
    @Test func wide_characters_count_two_columns_on_a_terminal_and_one_elsewhere() throws {
        let script = ".mode table\nSELECT '日本' AS word, 'e' || char(769) AS accent UNION ALL SELECT 'abcde', 'ab';"
        #expect(try render(script, terminalWidth: 80) == """
            +-------+--------+
            | word  | accent |
            +-------+--------+
            | 日本  | é      |
            | abcde | ab     |
            +-------+--------+
            (2 rows)

            """)
        #expect(try render(script) == """
            +-------+--------+
            | word  | accent |
            +-------+--------+
            | 日本    | é     |
            | abcde | ab     |
            +-------+--------+

            """)
    }

    @Test func an_empty_result_prints_nothing_into_a_file_and_its_names_and_0_rows_on_a_terminal() throws {
        #expect(try render(".mode box\nSELECT 1 AS a WHERE 0;") == "")
        #expect(try render(".mode table\nSELECT 1 AS a, 2 AS bee WHERE 0;", terminalWidth: 80) == """
            +---+-----+
            | a | bee |
            +---+-----+
            +---+-----+
            (0 rows)

            """)
    }

    @Test func on_a_terminal_the_row_count_follows_the_grid() throws {
        #expect(try render(".mode table\n" + people, terminalWidth: 80) == """
            +----+-------+
            | id | name  |
            +----+-------+
            | 1  | Alice |
            | 2  | Bob   |
            +----+-------+
            (2 rows)

            """)
        #expect(try render(".mode markdown\nSELECT 1 AS a;", terminalWidth: 80) == "| a |\n|---|\n| 1 |\n(1 row)\n")
    }

    @Test func on_a_narrow_terminal_the_widest_column_is_cut_with_an_ellipsis() throws {
        let script = ".mode table\nSELECT 1 AS id, 'a fairly long sentence here' AS text, 'short' AS s;"
        let output = try render(script, terminalWidth: 30)
        #expect(output == """
            +----+---------------+-------+
            | id |     text      |   s   |
            +----+---------------+-------+
            | 1  | a fairly lon… | short |
            +----+---------------+-------+
            (1 row; 1 value cut to fit: .mode line or .once FILE shows them whole)

            """)
    }

    @Test func cutting_never_splits_a_wide_character() throws {
        let script = ".mode table\nSELECT '日本語の文' AS t;"
        let output = try render(script, terminalWidth: 12)
        #expect(output == """
            +----------+
            |    t     |
            +----------+
            | 日本語…  |
            +----------+
            (1 row; 1 value cut to fit: .mode line or .once FILE shows them whole)

            """)
    }
}
