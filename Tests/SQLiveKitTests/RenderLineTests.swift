import Testing
@testable import SQLiveKit

@Suite struct RenderLineTests {
    private func render(_ script: String) throws -> String {
        try TestSession().run(".mode line\n" + script)
    }

    @Test func names_are_right_aligned_and_records_separated_by_a_blank_line() throws {
        let output = try render("SELECT 1 AS id, 'Alice' AS name UNION ALL SELECT 2, 'Bob';")
        #expect(output == """
               id = 1
             name = Alice

               id = 2
             name = Bob

            """)
    }

    @Test func names_are_padded_to_at_least_five_and_to_the_longest() throws {
        let output = try render("SELECT 1 AS a, 2 AS [a much longer name];")
        #expect(output == """
                             a = 1
            a much longer name = 2

            """)
    }

    @Test func null_is_the_null_value_and_text_is_shown_raw() throws {
        let output = try render(".nullvalue NULL\nSELECT NULL AS n, 'two' || char(10) || 'lines' AS t, 0.1 AS r, x'41' AS b;")
        #expect(output == """
                n = NULL
                t = two
            lines
                r = 0.1
                b = A

            """)
    }

    @Test func statements_do_not_get_a_blank_line_between_them() throws {
        #expect(try render("SELECT 1 AS a; SELECT 2 AS b;") == "    a = 1\n    b = 2\n")
    }

    @Test func the_row_separator_ends_every_line() throws {
        #expect(try render(".separator , ;\nSELECT 1 AS a, 2 AS b UNION ALL SELECT 3, 4;") == "    a = 1;    b = 2;;    a = 3;    b = 4;")
    }

    @Test func an_empty_result_prints_nothing() throws {
        #expect(try render(".headers on\nSELECT 1 AS a WHERE 0;") == "")
    }
}
