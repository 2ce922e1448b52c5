import Testing
@testable import SQLiveKit

@Suite struct RenderInsertTests {
    private func render(_ script: String) throws -> String {
        try TestSession().run(script)
    }

    @Test func each_row_is_an_insert_into_the_default_table() throws {
        let output = try render(".mode insert\nSELECT 1, 'a' UNION ALL SELECT 2, NULL;")
        #expect(output == """
            INSERT INTO "table" VALUES(1,'a');
            INSERT INTO "table" VALUES(2,NULL);

            """)
    }

    @Test func headers_list_the_columns_quoted_when_needed() throws {
        let output = try render(".mode insert people\n.headers on\nSELECT 1 AS id, 2 AS [full name], 3 AS [select], 4 AS _x, 5 AS [1a], 6 AS [a\"b];")
        #expect(output == #"INSERT INTO people(id,"full name","select",_x,"1a","a""b") VALUES(1,2,3,4,5,6);"# + "\n")
    }

    @Test func table_names_are_quoted_when_needed() throws {
        let output = try render(".mode insert \"my table\"\nSELECT 1;\n.mode insert order\nSELECT 2;\n.mode insert T_1\nSELECT 3;")
        #expect(output == """
            INSERT INTO "my table" VALUES(1);
            INSERT INTO "order" VALUES(2);
            INSERT INTO T_1 VALUES(3);

            """)
    }

    @Test func line_breaks_become_replace_calls() throws {
        let output = try render(".mode insert t\nSELECT 'a' || char(10) || 'b', 'c' || char(13) || 'd', 'e' || char(13, 10) || 'it''s';")
        #expect(output == #"INSERT INTO t VALUES(replace('a\nb','\n',char(10)),replace('c\rd','\r',char(13)),"#
            + #"replace(replace('e\r\nit''s','\r',char(13)),'\n',char(10)));"# + "\n")
    }

    @Test func the_replace_marker_avoids_text_already_in_the_value() throws {
        let output = try render(#".mode insert t"# + "\n" + #"SELECT '\n' || char(10), '\n\012' || char(10), '\n\012(\n0)' || char(10);"#)
        #expect(output == #"INSERT INTO t VALUES(replace('\n\012','\012',char(10)),replace('\n\012(\n0)','(\n0)',char(10)),"#
            + #"replace('\n\012(\n0)(\n1)','(\n1)',char(10)));"# + "\n")
    }

    @Test func reals_that_are_whole_numbers_end_in_point_zero() throws {
        let output = try render(".mode insert t\nSELECT 3.0, 1234567890123456789.0, 9223372036854775807.0, 0.1, 9e999, -9e999;")
        #expect(output == "INSERT INTO t VALUES(3.0,1234567890123456768.0,9223372036854775807.8,0.10000000000000000555,1e999,-1e999);\n")
    }

    @Test func blobs_are_hex_literals() throws {
        #expect(try render(".mode insert t\nSELECT x'', x'00ff';") == "INSERT INTO t VALUES(X'',X'00ff');\n")
    }

    @Test func an_empty_result_prints_nothing() throws {
        #expect(try render(".mode insert t\n.headers on\nSELECT 1 AS a WHERE 0;") == "")
    }
}
