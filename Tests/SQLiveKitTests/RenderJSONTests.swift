import Testing
@testable import SQLiveKit

@Suite struct RenderJSONTests {
    private func render(_ script: String) throws -> String {
        try TestSession().run(".mode json\n" + script)
    }

    @Test func rows_are_objects_one_per_line_in_one_array() throws {
        let output = try render("SELECT 1 AS id, 'Alice' AS name UNION ALL SELECT 2, 'Bob';")
        #expect(output == """
            [{"id":1,"name":"Alice"},
            {"id":2,"name":"Bob"}]

            """)
    }

    @Test func each_storage_class_has_its_json_form() throws {
        let output = try render("SELECT 1 AS i, 2.5 AS r, 0.1 AS tenth, 3.0 AS whole, 'a' AS t, x'00412e' AS b, NULL AS n;")
        #expect(output == #"[{"i":1,"r":2.5,"tenth":0.10000000000000000555,"whole":3.0,"t":"a","b":"\u0000A.","n":null}]"# + "\n")
    }

    @Test func blob_bytes_are_written_as_they_are_even_when_not_utf8() throws {
        let session = try TestSession()
        session.run(".mode json\nSELECT x'ff' AS b;")
        #expect(session.output.bytes == Array(#"[{"b":""#.utf8) + [0xFF] + Array("\"}]\n".utf8))
    }

    @Test func infinities_are_written_as_numbers_too_large_to_read() throws {
        let output = try render("SELECT 9e999 AS up, -9e999 AS down;")
        #expect(output == "[{\"up\":1e999,\"down\":-1e999}]\n")
    }

    @Test func strings_escape_quotes_backslashes_and_control_characters() throws {
        let output = try render(#"SELECT 'say "hi"\' || char(9, 10, 13, 8, 12, 1, 31) || 'é日' AS "a""b";"#)
        #expect(output == #"[{"a\"b":"say \"hi\"\\\t\n\r\b\f\u0001\u001fé日"}]"# + "\n")
    }

    @Test func text_stops_at_a_nul_but_a_blob_keeps_its_bytes() throws {
        let output = try render("SELECT 'a' || char(0) || 'b' AS t, CAST('a' || char(0) || 'b' AS BLOB) AS b;")
        #expect(output == "[{\"t\":\"a\",\"b\":\"a\\u0000b\"}]\n")
    }

    @Test func an_empty_result_prints_nothing() throws {
        #expect(try render("SELECT 1 AS a WHERE 0;") == "")
    }

    @Test func headers_and_null_value_change_nothing() throws {
        let output = try render(".headers on\n.nullvalue NIL\nSELECT NULL AS n;")
        #expect(output == "[{\"n\":null}]\n")
    }

    @Test func each_statement_is_its_own_array() throws {
        let output = try render("SELECT 1 AS a; SELECT 2 AS b;")
        #expect(output == "[{\"a\":1}]\n[{\"b\":2}]\n")
    }

    @Test func an_error_part_way_closes_the_array_of_the_rows_shown() throws {
        let session = try TestSession()
        let output = session.run(".mode json\nSELECT 1 AS a UNION ALL SELECT abs(-9223372036854775807 - 1);")
        #expect(output == "[{\"a\":1}]\n")
        #expect(session.errorText.contains("integer overflow"))
    }
}
