import Testing
@testable import SQLiveKit

@Suite struct RenderQuoteTests {
    private func render(_ script: String) throws -> String {
        try TestSession().run(".mode quote\n" + script)
    }

    @Test func values_are_sql_literals() throws {
        let output = try render("SELECT 1, 0.1, 3.0, 'it''s', x'00ff', NULL, '';")
        #expect(output == "1,0.10000000000000000555,3.0,'it''s',X'00ff',NULL,''\n")
    }

    @Test func reals_have_twenty_significant_digits() throws {
        let output = try render("SELECT 1e300, 1.5e-7, 1234567890123456789.0, 2.5e15, -0.0;")
        #expect(output == "1.0000000000000000047e+300,1.4999999999999999321e-07,1234567890123456767.9,2500000000000000.0,0.0\n")
    }

    @Test func infinities_are_written_as_printf_writes_them() throws {
        #expect(try render("SELECT 9e999, -9e999;") == "Inf,-Inf\n")
    }

    @Test func line_breaks_stay_inside_the_quotes() throws {
        #expect(try render("SELECT 'a' || char(10) || 'b' || char(13);") == "'a\nb\r'\n")
    }

    @Test func headers_are_quoted_like_text_and_null_value_is_ignored() throws {
        let output = try render(".headers on\n.nullvalue X\nSELECT 1 AS id, NULL AS [it's] UNION ALL SELECT 2, 'b';")
        #expect(output == """
            'id','it''s'
            1,NULL
            2,'b'

            """)
    }

    @Test func custom_separators_are_used() throws {
        #expect(try render(".separator ; |\nSELECT 1, 'a' UNION ALL SELECT 2, 'b';") == "1;'a'|2;'b'|")
    }

    @Test func an_empty_result_prints_nothing_not_even_headers() throws {
        #expect(try render(".headers on\nSELECT 1 AS a WHERE 0;") == "")
    }
}
