import Testing
@testable import SQLiveKit

@Suite struct RenderListTests {
    private func render(_ script: String) throws -> String {
        try TestSession().run(script)
    }

    @Test func values_are_joined_by_the_separator_with_headers_first() throws {
        let output = try render(".headers on\nSELECT 1 AS id, 'Alice' AS name UNION ALL SELECT 2, NULL;")
        #expect(output == """
            id|name
            1|Alice
            2|

            """)
    }

    @Test func values_are_sqlite_text_and_null_is_the_null_value() throws {
        let output = try render(".nullvalue (null)\nSELECT 0.1, 1e300, 9e999, 1.5e-7, 3.0, 12345678901234567890.0, NULL, '', x'41';")
        #expect(output == "0.1|1.0e+300|Inf|1.5e-07|3.0|1.23456789012346e+19|(null)||A\n")
    }

    @Test func text_is_written_raw_up_to_a_nul() throws {
        let output = try render("SELECT 'a|b' || char(10) || 'c\"d''e', 'x' || char(0) || 'y', '日本';")
        #expect(output == "a|b\nc\"d'e|x|日本\n")
    }

    @Test func custom_separators_are_used_as_given() throws {
        #expect(try render(".separator \" - \" \"\\n--\\n\"\nSELECT 1, 2 UNION ALL SELECT 3, 4;") == "1 - 2\n--\n3 - 4\n--\n")
    }

    @Test func tabs_mode_separates_with_tabs_and_keeps_the_row_separator() throws {
        #expect(try render(".mode csv\n.mode tabs\nSELECT 1, 'a b';") == "1\ta b\r\n")
    }

    @Test func headers_come_again_for_each_statement() throws {
        #expect(try render(".headers on\nSELECT 1 AS a; SELECT 2 AS b;") == "a\n1\nb\n2\n")
    }

    @Test func an_empty_result_prints_nothing_not_even_headers() throws {
        #expect(try render(".headers on\nSELECT 1 AS a WHERE 0;") == "")
    }
}
