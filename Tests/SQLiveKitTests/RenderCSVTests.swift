import Testing
@testable import SQLiveKit

@Suite struct RenderCSVTests {
    private func render(_ script: String) throws -> String {
        try TestSession().run(".mode csv\n" + script)
    }

    @Test func rows_end_with_crlf_after_mode_csv() throws {
        let output = try render(".headers on\nSELECT 1 AS id, 'Alice' AS name UNION ALL SELECT 2, 'Bob';")
        #expect(output == "id,name\r\n1,Alice\r\n2,Bob\r\n")
    }

    @Test func csv_quotes_embedded_newlines_quotes_and_separators() throws {
        let output = try render("SELECT 'a' || char(10) || 'b', 'say \"hi\"', 'x,y', 'it''s', 'two words', 'plain';")
        #expect(output == "\"a\nb\",\"say \"\"hi\"\"\",\"x,y\",\"it's\",\"two words\",plain\r\n")
    }

    @Test func empty_text_is_quoted_and_null_is_the_bare_null_value() throws {
        #expect(try render(".nullvalue NULL\nSELECT '', NULL;") == "\"\",NULL\r\n")
    }

    @Test func non_ascii_and_control_characters_are_quoted() throws {
        #expect(try render("SELECT 'é', 'a' || char(1), 'a' || char(127);") == "\"é\",\"a\u{01}\",\"a\u{7F}\"\r\n")
    }

    @Test func numbers_are_never_quoted() throws {
        #expect(try render("SELECT 1, -2.5, 1e300;") == "1,-2.5,1.0e+300\r\n")
    }

    @Test func headers_are_quoted_by_the_same_rules() throws {
        #expect(try render(".headers on\nSELECT 1 AS [a b], 2 AS [], 3 AS [x\"y];") == "\"a b\",\"\",\"x\"\"y\"\r\n1,2,3\r\n")
    }

    @Test func a_custom_separator_is_quoted_around() throws {
        #expect(try render(".separator ; \\n\nSELECT 'a;b', 'a,b';") == "\"a;b\";a,b\n")
    }

    @Test func an_empty_separator_quotes_every_value() throws {
        #expect(try render(".separator \"\"\nSELECT 'ab', 'c';") == "\"ab\"\"c\"\r\n")
    }

    @Test func an_empty_result_prints_nothing_not_even_headers() throws {
        #expect(try render(".headers on\nSELECT 1 AS a WHERE 0;") == "")
    }
}
