import Foundation
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// `.import`: tables made from headers by sqlite3's rules, rows into existing tables, bad
/// rows reported by line, one transaction, and round trips through `.export`.
@Suite struct ImportTests {
    let folder: TemporaryFolder
    let shell: TestSession

    init() throws {
        folder = try TemporaryFolder()
        shell = try TestSession()
    }

    /// Writes a file in the test folder and returns its path.
    private func file(_ name: String, _ contents: String) -> String {
        file(name, bytes: Array(contents.utf8))
    }

    private func file(_ name: String, bytes: [UInt8]) -> String {
        let path = folder.path(name)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test func a_new_table_is_made_from_the_header_as_sqlite3_makes_it() {
        let path = file("people.csv", "id,name,Name,,a,b,c\n1,Ann,x,y,1,2,3\n")
        let output = shell.run("""
            .import --csv \(path) people
            SELECT sql FROM sqlite_schema;
            SELECT * FROM people;
            """)
        #expect(output == """
            CREATE TABLE "people"(
            "id" TEXT, "name_2" TEXT, "Name_3" TEXT, "?" TEXT,
             "a" TEXT, "b" TEXT, "c" TEXT)
            1|Ann|x|y|1|2|3

            """)
        #expect(shell.errorText == """
            warning: columns renamed by .import of \(path), as their names repeat: "name" to "name_2", "Name" to "Name_3"

            """)
    }

    @Test func an_existing_table_takes_every_row_as_data_with_its_affinities() {
        let path = file("numbers.csv", "1,one\n2,\n")
        let output = shell.run("""
            CREATE TABLE numbers(n INTEGER, word TEXT);
            .import --csv \(path) numbers
            SELECT n, typeof(n), quote(word) FROM numbers;
            """)
        #expect(output == "1|integer|'one'\n2|integer|''\n")
        #expect(shell.errorText == "")
    }

    @Test func short_rows_are_filled_with_null_and_long_ones_cut_as_sqlite3_does_and_bad_rows_skipped() {
        let path = file("bad.csv", bytes: Array("a,b\n1,2\n3\n4,5,6\n\n\"7\",\"8\n9\"\n11,".utf8) + [0xFF, 0x0A])
        let output = shell.run("""
            CREATE TABLE t(a, b);
            .import --csv \(path) t
            SELECT * FROM t;
            """)
        #expect(output == "a|b\n1|2\n3|\n4|5\n|\n7|8\n9\n")
        #expect(shell.errorText == """
            warning: \(path):3: expected 2 columns but found 1 - filling the rest with NULL
            warning: \(path):4: expected 2 columns but found 3 - extras ignored
            warning: \(path):5: expected 2 columns but found 1 - filling the rest with NULL
            warning: \(path):8: column 2 is not valid UTF-8 (byte 0xFF at offset 0); row skipped
            warning: \(path): imported 6 rows into t, skipped 1 bad row

            """)
    }

    @Test func an_unterminated_quote_is_reported_where_it_opened() {
        let path = file("open.csv", "a,b\n1,2\n3,\"never closed\n4,5\n")
        let output = shell.run(".import --csv \(path) t\nSELECT * FROM t;")
        #expect(output == "1|2\n")
        #expect(shell.errorText == """
            warning: \(path):3: a quoted field opened on line 3 is never closed (it ran to the end of the file); row skipped
            warning: \(path): imported 1 row into t, skipped 1 bad row

            """)
    }

    @Test func with_bail_on_a_bad_row_stops_the_import_and_nothing_is_imported() {
        let path = file("bail.csv", "a,b\n1,2\n3,\"open\n")
        shell.run(".bail on\n.import --csv \(path) t")
        #expect(shell.errorText == "error: test.sql:2: \(path):3: a quoted field opened on line 3 is never closed (it ran to the end of the file); nothing was imported (.bail is on)\n")
        #expect(shell.run(".bail off\nSELECT count(*) FROM sqlite_schema;") == "0\n")
    }

    @Test func a_row_the_table_refuses_is_a_bad_row() {
        let path = file("dup.csv", "1\n2\n1\n")
        let output = shell.run("CREATE TABLE t(a UNIQUE);\n.import --csv \(path) t\nSELECT a FROM t;")
        #expect(output == "1\n2\n")
        #expect(shell.errorText == """
            warning: \(path):3: UNIQUE constraint failed: t.a; row skipped
            warning: \(path): imported 2 rows into t, skipped 1 bad row

            """)
    }

    @Test func only_the_first_bad_rows_are_listed_then_counted() {
        let path = file("many.csv", String(repeating: "x\n", count: 26))
        shell.run("CREATE TABLE t(a UNIQUE);\n.import --csv \(path) t")
        let lines = shell.errorText.split(separator: "\n")
        #expect(lines.count == CSVImporter.reportedBadRows + 1)
        #expect(lines.last == "warning: \(path): imported 1 row into t, skipped 25 bad rows")
    }

    @Test func skip_drops_leading_records_before_the_header() {
        let path = file("skip.csv", "exported by a tool\n\"with, a comma\"\nx,y\n1,2\n")
        #expect(shell.run(".import --csv --skip 2 \(path) t\nSELECT * FROM t;") == "1|2\n")
        #expect(shell.run("SELECT name FROM pragma_table_info('t');") == "x\ny\n")
    }

    @Test func schema_puts_the_table_in_another_schema() {
        let path = file("temp.csv", "x\n1\n")
        #expect(shell.run(".import --csv --schema temp \(path) t\nSELECT * FROM temp.t;") == "1\n")
        #expect(shell.run("SELECT count(*) FROM main.sqlite_schema;") == "0\n")
    }

    @Test func tsv_and_the_current_separator_choose_how_fields_split() {
        let tsv = file("data.tsv", "a\tb\n1,5\t2\n")
        #expect(shell.run(".import --tsv \(tsv) t1\nSELECT * FROM t1;") == "1,5|2\n")
        #expect(shell.run(".mode tabs\n.import \(tsv) t2\n.mode list\nSELECT * FROM t2;") == "1,5|2\n")
        let semicolons = file("data.txt", "a;b\n1;2\n")
        #expect(shell.run(".separator ;\n.import \(semicolons) t3\n.separator |\nSELECT * FROM t3;") == "1|2\n")
        shell.run(".separator ::\n.import \(semicolons) t4\n.separator ; \"\\r\\n\"\n.import \(semicolons) t5")
        #expect(shell.errorText == """
            error: test.sql:2: .import: the column separator "::" is not one character; nothing was imported
              use --csv or --tsv, or set one with .separator
            error: test.sql:4: .import: the row separator "\\r\\n" is not one character; nothing was imported
              use --csv or --tsv, or set one with .separator

            """)
    }

    @Test func a_file_with_only_a_header_makes_an_empty_table_and_an_empty_file_makes_none() {
        let header = file("header.csv", "a,b\n")
        #expect(shell.run(".import --csv \(header) t\nSELECT count(*) FROM t;") == "0\n")
        let empty = file("empty.csv", "")
        shell.run(".import --csv \(empty) u")
        #expect(shell.errorText == """
            error: test.sql:1: .import: \(empty) has no header row to name the columns of u
              create the table first to import a file without a header

            """)
    }

    @Test func wrong_arguments_say_what_is_missing() {
        shell.run(".import --csv onlyfile.csv\n.import --skip x a.csv t\n.import --json a.csv t\n.import /nonexistent.csv t")
        #expect(shell.errorText == """
            error: test.sql:1: .import: missing FILE or TABLE
              usage: .import ?--csv|--tsv? ?--skip N? ?--schema S? FILE TABLE
            error: test.sql:2: .import: --skip needs a number of lines
              usage: .import ?--csv|--tsv? ?--skip N? ?--schema S? FILE TABLE
            error: test.sql:3: .import: unknown option --json
              usage: .import ?--csv|--tsv? ?--skip N? ?--schema S? FILE TABLE
            error: test.sql:4: cannot read /nonexistent.csv: No such file or directory

            """)
    }

    @Test func import_then_export_gives_back_the_same_file() throws {
        // Written the way csv mode writes: CRLF rows, quotes where sqlite3 puts them.
        let csv = "id,name,note\r\n1,Ann,\"a, b\"\r\n2,\"Bo \"\"B\"\"\",\"two\nlines\"\r\n3,\"Åsa\",\"日本\"\r\n4,x,\"\"\r\n"
        let input = file("round.csv", csv)
        let exported = folder.path("exported.csv")
        shell.run("""
            .import --csv \(input) t
            .mode csv
            .headers on
            .export \(exported) SELECT * FROM t
            """)
        #expect(shell.errorText == "")
        #expect(try String(contentsOfFile: exported, encoding: .utf8) == csv)
    }

    @Test func the_progress_line_shows_rows_bytes_rate_and_eta() {
        let line = ImportProgress.line(name: "big.csv", rows: 250_000, bytes: 17_500_000, totalBytes: 70_000_000,
                                       elapsed: .seconds(2), width: 120)
        #expect(line == "importing big.csv [███████░░░░░░░░░░░░░░░░░░░░░░░]  25%  250,000 rows  17/70 MB  125,000 rows/s  ETA 6s")
        let narrow = ImportProgress.line(name: "big.csv", rows: 10, bytes: 5, totalBytes: 10, elapsed: .seconds(1), width: 60)
        #expect(narrow == "importing 50%  10 rows  0.0/0.0 MB  10 rows/s  ETA 1s")
        #expect(ImportProgress.grouped(1_234_567) == "1,234,567")
    }

    @Test func the_table_layout_follows_sqlite3() {
        let table = ImportTable(header: ["a", "b", "A", "", "c", ""])
        #expect(table.columns == ["a_1", "b", "A_3", "?_4", "c", "?_6"])
        #expect(table.createStatement(for: "\"t\"") == "CREATE TABLE \"t\"(\n\"a_1\" TEXT, \"b\" TEXT, \"A_3\" TEXT, \"?_4\" TEXT,\n \"c\" TEXT, \"?_6\" TEXT)")
    }
}
