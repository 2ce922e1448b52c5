import Foundation
import Testing
@testable import SQLiveKit

/// What a person at a terminal is told that sqlite3 leaves unsaid (issue 23 §3), and that a
/// script never sees: `(0 rows)` under an empty grid, the rows a write changed, the greeting
/// naming a new database, and "did you mean" for SQL's unknown names.
@Suite struct PromptNotesTests {
    /// A session as the terminal front-end makes it: interactive, 80 columns, no colour.
    private func terminalSession() throws -> TestSession {
        var environment = SessionEnvironment(isInteractive: true, terminalWidth: { 80 })
        environment.variables = ["NO_COLOR": "1"]
        return try TestSession(environment: environment)
    }

    private let shop = """
        CREATE TABLE product(id INTEGER PRIMARY KEY, name TEXT, stock INT);
        INSERT INTO product(name, stock) VALUES ('pen', 1), ('ink', 2), ('pad', 9);

        """

    @Test func an_empty_result_shows_its_columns_and_0_rows_on_a_terminal() throws {
        let session = try terminalSession()
        session.run(shop)
        #expect(session.run(".mode box\nSELECT name, stock FROM product WHERE stock > 100;") == """
            ┌──────┬───────┐
            │ name │ stock │
            ├──────┼───────┤
            └──────┴───────┘
            (0 rows)

            """)
    }

    /// Ctrl-C on a slow `SELECT count(*)` (or an error at its first row) drew an empty grid
    /// and "(0 rows)" above "error: interrupted": the query had found nothing, it said. Rows
    /// that came before an error are still shown, with their count, as sqlite3 shows them.
    @Test func a_statement_failing_before_its_first_row_draws_no_empty_grid() throws {
        let session = try terminalSession()
        session.run(shop)
        #expect(session.run(".mode box\nSELECT json('x') AS j;") == "")
        #expect(session.errorText == "error: test.sql:2: malformed JSON\n")
        #expect(session.run("SELECT id, json(CASE WHEN id < 2 THEN '1' ELSE 'x' END) AS j FROM product;") == """
            ┌────┬───┐
            │ id │ j │
            ├────┼───┤
            │ 1  │ 1 │
            └────┴───┘
            (1 row)

            """)
    }

    @Test func an_empty_result_prints_nothing_into_a_pipe() throws {
        let session = try TestSession()
        #expect(session.run(".mode box\n" + shop + "SELECT name FROM product WHERE 0;") == "")
    }

    @Test func writes_say_how_many_rows_they_changed_on_a_terminal() throws {
        let session = try terminalSession()
        #expect(session.run(shop) == "(3 rows inserted)\n")
        #expect(session.run("UPDATE product SET stock = 0 WHERE stock < 5;") == "(2 rows updated)\n")
        #expect(session.run("DELETE FROM product WHERE id = 99;") == "(0 rows deleted)\n")
        #expect(session.run("REPLACE INTO product VALUES (1, 'pen', 4);") == "(1 row inserted)\n")
        #expect(session.run("CREATE INDEX product_name ON product(name);") == "")
        // A DSL mutation: GRDB runs an UPDATE and returns the count.
        #expect(session.run("product.filter(stock == 0).updateAll(stock.set(to: 7))") == "(1 row updated)\n")
        #expect(session.run(".timer on\nDELETE FROM product WHERE stock = 7;").hasPrefix("(1 row deleted)\nRun Time: real "))
    }

    @Test func scripts_pipes_and_read_files_keep_sqlite3s_silence_after_writes() throws {
        let piped = try TestSession()
        #expect(piped.run(shop + "UPDATE product SET stock = 0;") == "")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("writes.sql")
        try Data((shop + "UPDATE product SET stock = 0;\n").utf8).write(to: script)
        let terminal = try terminalSession()
        #expect(terminal.run(".read \(script.path)") == "")
        #expect(terminal.run(".once \(folder.path)/out.txt\nUPDATE product SET stock = 1;") == "")
    }

    @Test func the_greeting_names_the_database_and_says_when_it_is_new() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-greeting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try TestSession(path: folder.path + "/chinok.db")
        let greeting = session.session.greeting(version: "1.2.3", newDatabase: true)
        #expect(greeting == """
            sqlive 1.2.3: .help for help, .help dsl for queries without SQL, .pin for panes
            opened \(folder.path)/chinok.db: a new database (there was no such file)

            """)
        #expect(session.session.greeting(version: "1.2.3").hasSuffix("\nopened \(folder.path)/chinok.db\n"))
        #expect(try TestSession().session.greeting(version: "1.2.3").split(separator: "\n").count == 1)
    }

    @Test func unknown_tables_columns_and_functions_get_the_closest_name() throws {
        let session = try TestSession()
        session.run(shop + "CREATE VIEW low_stock AS SELECT * FROM product WHERE stock < 3;")
        session.run("SELECT * FROM prodcut;")
        #expect(session.errorText == "error: test.sql:1: no such table: prodcut\n  did you mean product?\n")
        session.run("SELECT * FROM main.low_stok;")
        #expect(session.errorText.hasSuffix("did you mean low_stock?\n"))
        session.run("SELECT p.nme FROM product p;")
        #expect(session.errorText == """
            error: test.sql:1: no such column: p.nme
              SELECT p.nme FROM product p;
                     ^
              did you mean name?

            """)
        session.run("SELECT upperr(name) FROM product;")
        #expect(session.errorText.hasSuffix("no such function: upperr\n  SELECT upperr(name) FROM product;\n         ^\n  did you mean upper?\n"))
        // Nothing close: the error alone.
        session.run("SELECT * FROM inventory;")
        #expect(session.errorText == "error: test.sql:1: no such table: inventory\n")
    }

    /// `SELECT stock FROM customer` said "did you mean stock?": the closest name was the
    /// one typed, a column of another table.
    @Test func a_column_of_another_table_is_named_with_its_table_not_offered_back() throws {
        let session = try TestSession()
        session.run(shop + "CREATE TABLE customer(id INTEGER PRIMARY KEY, city TEXT); CREATE TABLE depot(Stock INT);")
        session.run("SELECT stock FROM customer;")
        #expect(session.errorText == """
            error: test.sql:1: no such column: stock
              SELECT stock FROM customer;
                     ^
              stock is a column of depot and product

            """)
        session.run("SELECT c.citty FROM customer c;")
        #expect(session.errorText.hasSuffix("  did you mean city?\n"))
    }

    @Test func column_mode_shows_null_on_a_terminal_and_the_nullvalue_elsewhere() throws {
        let script = ".mode column\nSELECT 1 AS a, NULL AS b;"
        #expect(try terminalSession().run(script) == "a  b   \n-  ----\n1  NULL\n")
        #expect(try TestSession().run(script) == "a  b\n-  -\n1   \n")
    }
}
