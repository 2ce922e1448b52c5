import Foundation
import Testing
import SQLiveTestSupport

/// `.dump` through the built binary, with sqlite3 as the oracle: the same bytes as sqlite3's
/// own `.dump`, and a dump that sqlite3 loads into an identical database.
@Suite struct DataDumpTests {
    /// `<repo root>/../shared/data`, found from this file's path.
    static let sharedData = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Makes a database with sqlite3 from a script.
    private func database(_ name: String, script: String) throws -> String {
        let file = path(name)
        let made = try BinaryRunner.sqlite3([file], input: script)
        #expect(made.status == 0, "\(made)")
        return file
    }

    /// Dumps with sqlive, checks the bytes against sqlite3's dump, loads the dump with
    /// sqlite3 and checks the copy dumps the same again.
    private func expectRoundTrip(_ original: String) throws {
        let ours = try BinaryRunner.sqlive([original, ".dump"])
        let theirs = try BinaryRunner.sqlite3([original, ".dump"])
        #expect(ours.status == 0 && ours.stderr == "", "\(ours)")
        #expect(ours.stdout == theirs.stdout)
        let copy = try database("copy-\(UUID().uuidString).db", script: ours.stdout)
        #expect(try BinaryRunner.sqlite3([copy, ".dump"]).stdout == theirs.stdout)
        let schema = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name;"
        #expect(try BinaryRunner.sqlite3([copy, schema]).stdout == BinaryRunner.sqlite3([original, schema]).stdout)
    }

    @Test func chinook_dumps_as_sqlite3_dumps_it_and_loads_back_identical() throws {
        let script = try String(contentsOf: Self.sharedData.appendingPathComponent("chinook.sql"), encoding: .utf8)
        let chinook = try database("chinook.db", script: script)
        try expectRoundTrip(chinook)
        let counts = "SELECT (SELECT count(*) FROM Track), (SELECT count(*) FROM InvoiceLine), (SELECT sum(Total) FROM Invoice);"
        let copy = try database("chinook-copy.db", script: try BinaryRunner.sqlive([chinook, ".dump"]).stdout)
        #expect(try BinaryRunner.sqlite3([copy, counts]).stdout == "3503|2240|2328.6\n")
    }

    /// Scripts diff `.schema --indent`: Chinook's tables and its 11 indexes (`ON [Album]([ArtistId])`,
    /// no space before the parenthesis) read as sqlite3 writes them.
    @Test func chinook_schema_indent_is_sqlite3s_bytes() throws {
        let script = try String(contentsOf: Self.sharedData.appendingPathComponent("chinook.sql"), encoding: .utf8)
        let chinook = try database("chinook.db", script: script)
        for arguments in [[".schema --indent"], [".schema --indent Album"], [".fullschema --indent"]] {
            let ours = try BinaryRunner.sqlive([chinook] + arguments)
            let theirs = try BinaryRunner.sqlite3([chinook] + arguments)
            #expect(ours.status == theirs.status && ours.stdout == theirs.stdout, "\(arguments)\n\(ours)")
        }
        #expect(try BinaryRunner.sqlive([chinook, ".schema --indent"]).stdout.contains("ON [Album]([ArtistId]);\n"))
    }

    @Test func blobs_nulls_reals_unicode_quotes_and_autoincrement_round_trip() throws {
        let tricky = try database("tricky.db", script: """
            CREATE TABLE item(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, price REAL, photo BLOB, note);
            INSERT INTO item(name, price, photo, note) VALUES
              ('O''Brien "the" 1st', 0.1, x'00ff7f80', NULL),
              ('naïve 日本語 😀', 1e300, x'', 'two
            lines'),
              ('tab	and cr' || char(13), -2.5e-7, zeroblob(3), 9223372036854775807),
              ('', 1.0, NULL, -1e999),
              ('big', 123456789012345678, NULL, 3.0);
            DELETE FROM item WHERE id = 4;
            CREATE TABLE "select"("from" TEXT, [a b] INT);
            INSERT INTO "select" VALUES ('keyword table', 1);
            CREATE INDEX item_name ON item(name);
            CREATE VIEW cheap AS SELECT * FROM item WHERE price < 1;
            CREATE TRIGGER item_log AFTER UPDATE ON item BEGIN SELECT 1; END;
            """)
        try expectRoundTrip(tricky)
        let sequence = try BinaryRunner.sqlite3([tricky, "SELECT seq FROM sqlite_sequence;"]).stdout
        #expect(sequence == "5\n")
    }

    /// sqlite3 3.40 ends an index, trigger or view whose text holds `--` anywhere (a comment
    /// inside a trigger's body, a string) with a new line then `;`: sqlive wrote `END;` on
    /// one line, as it does for a table, whose rule only looks at how the text ends.
    @Test func an_index_trigger_or_view_holding_two_dashes_ends_with_its_semicolon_on_a_line_of_its_own() throws {
        let dashes = try database("dashes.db", script: """
            CREATE TABLE t(a DEFAULT '--');
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN
              SELECT 1; -- c; here
            END;
            CREATE VIEW v AS SELECT '--x' AS a;
            CREATE INDEX i ON t(a) /* -- */;
            CREATE VIEW w AS SELECT 1 /* - - */ AS b;
            """)
        let ours = try BinaryRunner.sqlive([dashes, ".dump"])
        #expect(ours.stdout == """
            PRAGMA foreign_keys=OFF;
            BEGIN TRANSACTION;
            CREATE TABLE t(a DEFAULT '--');
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN
              SELECT 1; -- c; here
            END
            ;
            CREATE VIEW v AS SELECT '--x' AS a
            ;
            CREATE INDEX i ON t(a) /* -- */
            ;
            CREATE VIEW w AS SELECT 1 /* - - */ AS b;
            COMMIT;

            """, "\(ours)")
        // sqlite3's own bytes. (Not reloaded: SQLite keeps the new line before the `;` in an
        // index's text, so sqlite3's dump does not load back identical either.)
        #expect(ours.stdout == (try BinaryRunner.sqlite3([dashes, ".dump"])).stdout)
    }

    @Test func a_dump_piped_into_sqlite3_copies_the_database() throws {
        let source = try database("source.db", script: "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x'), (NULL, x'01');")
        let dump = try BinaryRunner.sqlive([source, ".dump t"])
        let copy = try database("piped.db", script: dump.stdout)
        #expect(try BinaryRunner.sqlite3([copy, "SELECT quote(a), quote(b) FROM t;"]).stdout == "1|'x'\nNULL|X'01'\n")
    }
}
