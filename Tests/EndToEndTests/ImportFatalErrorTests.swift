import Foundation
import Testing
import SQLiveTestSupport

/// `.import` stops at the first error no later row can escape (a read-only database, a full
/// disk), rolls back, and says so once, instead of reporting every row of the file as bad
/// and exiting 0.
@Suite struct ImportFatalErrorTests {
    @Test func an_import_into_a_readonly_database_stops_at_the_first_row() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/ro.db"
        _ = try BinaryRunner.sqlite3([database, "create table t(a, b);"])
        folder.write("rows.csv", (1...5000).map { "\($0),x" }.joined(separator: "\n") + "\n")
        let result = try BinaryRunner.sqlive(["--readonly", database, "-c", ".import --csv rows.csv t", "-c", "select count(*) from t"],
                                             directory: folder.path)
        #expect(result == ProcessResult(
            stdout: "0\n",
            stderr: "error: -c:1: rows.csv:1: attempt to write a readonly database; the import stopped there and nothing was imported\n",
            status: 1))
    }

    @Test func a_full_database_stops_the_import_and_rolls_it_back() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/full.db"
        _ = try BinaryRunner.sqlite3([database, "create table t(a, b); insert into t values ('kept', 'row');"])
        folder.write("rows.csv", (1...100_000).map { "\($0),\(String(repeating: "x", count: 50))" }.joined(separator: "\n") + "\n")
        let result = try BinaryRunner.sqlive([database, "-c", "pragma max_page_count = 20", "-c", ".import --csv rows.csv t"],
                                             directory: folder.path)
        #expect(result.stdout == "20\n")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result)")
        #expect(result.stderr.hasPrefix("error: -c:1: rows.csv:") && result.stderr.hasSuffix(
            ": database or disk is full; the import stopped there and nothing was imported\n"), "\(result)")
        #expect(result.status == 1)
        #expect(try BinaryRunner.sqlite3([database, "select * from t; pragma integrity_check;"]).stdout == "kept|row\nok\n")
    }

    @Test func rows_sqlite_refuses_one_by_one_are_still_skipped_and_counted() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/strict.db"
        _ = try BinaryRunner.sqlite3([database, "create table t(a integer unique, b);"])
        folder.write("rows.csv", "1,a\n1,b\n2,c\n")
        let result = try BinaryRunner.sqlive([database, "-c", ".import --csv rows.csv t", "-c", "select count(*) from t"],
                                             directory: folder.path)
        #expect(result.stdout == "2\n")
        #expect(result.stderr == """
            warning: rows.csv:2: UNIQUE constraint failed: t.a; row skipped
            warning: rows.csv: imported 2 rows into t, skipped 1 bad row

            """)
    }
}
