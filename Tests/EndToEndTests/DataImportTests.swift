import Foundation
import Testing
import SQLiveTestSupport

/// `.import`, `.parameter` and `.timer` through the built binary, next to sqlite3.
@Suite struct DataImportTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func file(_ name: String, _ contents: String) throws -> String {
        try contents.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    @Test func import_makes_the_same_table_and_rows_as_sqlite3() throws {
        let csv = try file("people.csv", """
            id,name,Name,,note\r
            1,Ann,A,x,"a, ""quoted"" note"\r
            2,Bo,B,y,"two\r
            lines"\r
            3,Åsa,C,z,日本\r

            """)
        let ours = path("ours.db"), theirs = path("theirs.db")
        let imported = try BinaryRunner.sqlive([ours, ".import --csv \(csv) people"])
        #expect(imported.status == 0)
        _ = try BinaryRunner.sqlite3([theirs, ".import --csv \(csv) people"])
        let dump = try BinaryRunner.sqlite3([theirs, ".dump"])
        #expect(try BinaryRunner.sqlite3([ours, ".dump"]).stdout == dump.stdout)
        #expect(dump.stdout.contains("INSERT INTO people VALUES('3','Åsa','C','z','日本');"))
        // The stored CREATE statement too, which .dump normalizes and .schema shows as is.
        let schema = try BinaryRunner.sqlite3([theirs, ".schema"])
        #expect(schema.stdout.hasPrefix("CREATE TABLE IF NOT EXISTS \"people\"("))
        #expect(try BinaryRunner.sqlite3([ours, ".schema"]).stdout == schema.stdout)
    }

    @Test func bad_rows_fail_the_script_only_with_bail() throws {
        let csv = try file("bad.csv", "a,b\n1,2\n3,\"open\n")
        let lenient = try BinaryRunner.sqlive([path("lenient.db"), ".import --csv \(csv) t", "SELECT count(*) FROM t;"])
        #expect(lenient.status == 0)
        #expect(lenient.stdout == "1\n")
        let problem = "a quoted field opened on line 3 is never closed (it ran to the end of the file)"
        #expect(lenient.stderr == "warning: \(csv):3: \(problem); row skipped\nwarning: \(csv): imported 1 row into t, skipped 1 bad row\n")
        let strict = try BinaryRunner.sqlive(["--bail", path("strict.db"), ".import --csv \(csv) t", "SELECT count(*) FROM t;"])
        #expect(strict.status == 1)
        #expect(strict.stdout == "")
        #expect(strict.stderr == "error: argument:1: \(csv):3: \(problem); nothing was imported (.bail is on)\n")
    }

    @Test func parameter_list_and_binding_match_sqlite3() throws {
        let script = """
            .parameter set :n 42
            .parameter set @word "'it''s'"
            .parameter set $blob x'0aff'
            .parameter set :expr abs(-7)*2
            .parameter list
            SELECT :n, @word, hex($blob), :expr, :unset IS NULL;
            .parameter unset :n
            SELECT :n IS NULL;
            """
        let ours = try BinaryRunner.sqlive([], input: script)
        let theirs = try BinaryRunner.sqlite3([], input: script)
        #expect(ours.stdout == theirs.stdout)
        #expect(ours.stdout.hasPrefix("$blob X'0AFF'\n"))
    }

    @Test func timer_lines_have_sqlite3s_format() throws {
        let script = ".timer on\nSELECT 1;\nCREATE TABLE t(a);\n"
        let shape = { (text: String) in
            text.replacingOccurrences(of: "[0-9]", with: "0", options: .regularExpression)
        }
        let ours = try BinaryRunner.sqlive([], input: script)
        let theirs = try BinaryRunner.sqlite3([], input: script)
        #expect(shape(ours.stdout) == shape(theirs.stdout))
        #expect(shape(ours.stdout) == "0\nRun Time: real 0.000 user 0.000000 sys 0.000000\nRun Time: real 0.000 user 0.000000 sys 0.000000\n")
    }

    @Test func export_and_once_write_files_from_a_script() throws {
        let exported = path("out.csv"), once = path("once.json")
        let result = try BinaryRunner.sqlive([], input: """
            CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x y'), (2, NULL);
            .mode csv
            .headers on
            .export \(exported) SELECT * FROM t
            .once \(once)
            SELECT count(*) AS n FROM t;
            SELECT 'screen';
            """)
        #expect(result.stdout == "\"'screen'\"\r\nscreen\r\n")
        #expect(try String(contentsOfFile: exported, encoding: .utf8) == "a,b\r\n1,\"x y\"\r\n2,\r\n")
        #expect(try String(contentsOfFile: once, encoding: .utf8) == "n\r\n2\r\n")
    }
}
