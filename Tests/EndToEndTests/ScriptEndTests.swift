import Foundation
import Testing
import SQLiveTestSupport

/// A script whose last statement lacks its `;` runs that statement, as sqlite3 does, from
/// standard input, `.read`, `-f` and a command-line argument; only text that a `;` would not
/// complete is an error. sqlite3 is the oracle for stdout and the exit status.
@Suite struct ScriptEndTests {
    static let scripts: [String] = [
        "select 1",
        "create table t(x);\ninsert into t values(1); insert into t values(2)\n",
        "select 1;\nselect 2 -- the last line is a comment",
        "select 'a;b' as s\n\n",
        "select 1; select 2",
        "create table t(x);\nselect (1",
    ]

    @Test(arguments: scripts)
    func a_final_statement_without_semicolon_runs_from_stdin(_ script: String) throws {
        let folder = try TemporaryFolder()
        let oracleDatabase = folder.path + "/oracle.db", ourDatabase = folder.path + "/ours.db"
        let expected = try BinaryRunner.sqlite3([oracleDatabase], input: script)
        let actual = try BinaryRunner.sqlive([ourDatabase], input: script)
        #expect(actual.stdout == expected.stdout)
        #expect(actual.status == expected.status)
        try expectSameTables(oracleDatabase, ourDatabase)
    }

    @Test func both_inserts_of_a_script_without_final_semicolon_run() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/t.db"
        let result = try BinaryRunner.sqlive([database], input: "create table t(x);\ninsert into t values(1); insert into t values(2)")
        #expect(result == ProcessResult(stdout: "", stderr: "", status: 0))
        #expect(try BinaryRunner.sqlite3([database, "select x from t"]).stdout == "1\n2\n")
    }

    @Test func a_read_script_runs_its_final_statement() throws {
        let folder = try TemporaryFolder()
        let script = folder.write("end.sql", "select 'read' as r;\nselect 41 + 1")
        let input = ".read \(script)\nselect 'after';\n"
        let expected = try BinaryRunner.sqlite3([], input: input)
        let actual = try BinaryRunner.sqlive([], input: input)
        #expect(expected.stdout == "read\n42\nafter\n")
        #expect(actual == ProcessResult(stdout: expected.stdout, stderr: "", status: 0))
    }

    @Test func a_file_given_with_f_runs_its_final_statement() throws {
        let folder = try TemporaryFolder()
        let script = folder.write("end.sql", "select 1;\nselect 2\n")
        let result = try BinaryRunner.sqlive(["-f", script])
        #expect(result == ProcessResult(stdout: "1\n2\n", stderr: "", status: 0))
    }

    @Test func an_argument_without_semicolon_runs_like_sqlite3() throws {
        let expected = try BinaryRunner.sqlite3([":memory:", "select 1; select 2"])
        let actual = try BinaryRunner.sqlive([":memory:", "select 1; select 2"])
        #expect(actual == ProcessResult(stdout: expected.stdout, stderr: "", status: expected.status))
        let command = try BinaryRunner.sqlive(["-c", "select 3 -- trailing comment"])
        #expect(command == ProcessResult(stdout: "3\n", stderr: "", status: 0))
    }

    @Test func a_truly_incomplete_statement_is_an_error_and_runs_nothing() throws {
        let expected = try BinaryRunner.sqlite3([], input: "select 1;\ncreate table t(x); create trigger r after insert on t begin select 1;")
        let actual = try BinaryRunner.sqlive([], input: "select 1;\ncreate table t(x); create trigger r after insert on t begin select 1;")
        #expect(expected.status == 1)
        #expect(actual.stdout == expected.stdout)
        #expect(actual.status == 1)
        #expect(actual.stderr == """
            error: stdin:2: incomplete SQL statement at end of input: create table t(x); create trigger r after insert on t begin …
              end the statement with ;

            """)
    }

    private func expectSameTables(_ oracle: String, _ ours: String) throws {
        let query = "select name from sqlite_schema order by name"
        let expected = FileManager.default.fileExists(atPath: oracle) ? try BinaryRunner.sqlite3([oracle, query]).stdout : ""
        let actual = FileManager.default.fileExists(atPath: ours) ? try BinaryRunner.sqlite3([ours, query]).stdout : ""
        #expect(actual == expected)
    }
}
