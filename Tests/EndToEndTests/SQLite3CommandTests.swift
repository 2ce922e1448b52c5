import Foundation
import Testing
import SQLiveTestSupport

/// sqlite3's dot-commands that sqlive gained for scripts and `.sqliterc` files: `.backup`,
/// `.save`, `.restore` (SQLite's online backup API) and `.shell`/`.system`, with sqlite3 as
/// the oracle, and their refusal under `--safe`.
@Suite struct SQLite3CommandTests {
    @Test func backup_save_and_restore_copy_databases_like_sqlite3() throws {
        let folder = try TemporaryFolder()
        for shell in ["sqlite3", "sqlive"] {
            let script = """
                create table t(a); insert into t values (1), (2);
                .backup \(folder.path)/\(shell)-backup.db
                .save \(folder.path)/\(shell)-saved.db
                delete from t;
                select count(*) from t;
                .restore \(folder.path)/\(shell)-backup.db
                select count(*) from t;
                attach ':memory:' as side;
                create table side.s(x); insert into side.s values ('side');
                .backup side \(folder.path)/\(shell)-side.db

                """
            let result = shell == "sqlite3" ? try BinaryRunner.sqlite3([], input: script) : try BinaryRunner.sqlive([], input: script)
            #expect(result == ProcessResult(stdout: "0\n2\n", stderr: "", status: 0), "\(shell)")
            for (file, query, rows) in [("backup", "select a from t", "1\n2\n"), ("saved", "select a from t", "1\n2\n"), ("side", "select x from s", "side\n")] {
                let check = try BinaryRunner.sqlite3(["\(folder.path)/\(shell)-\(file).db", "pragma integrity_check; \(query)"])
                #expect(check.stdout == "ok\n" + rows, "\(shell) \(file)")
            }
        }
    }

    @Test func restore_from_a_missing_file_is_an_error_and_keeps_the_data() throws {
        let result = try BinaryRunner.sqlive([], input: "create table t(a); insert into t values (1);\n.restore /nonexistent/x.db\nselect a from t;\n")
        #expect(result == ProcessResult(stdout: "1\n", stderr: "error: stdin:2: cannot open /nonexistent/x.db: unable to open database file\n", status: 1))
    }

    @Test func shell_and_system_run_a_command_line_as_sqlite3_does() throws {
        let script = "select 1;\n.shell echo 'a b' c\n.system printf '%s\\n' x\nselect 2;\n.shell exit 3\nselect 4;\n"
        let expected = try BinaryRunner.sqlite3([], input: script)
        let actual = try BinaryRunner.sqlive([], input: script)
        #expect(expected.stdout == "1\na b c\nxn2\n4\n")
        #expect(actual == ProcessResult(stdout: expected.stdout, stderr: "warning: the command exited with status 3: exit 3\n", status: expected.status))
    }

    @Test func safe_mode_refuses_shell_backup_restore_and_trace_to_a_file() throws {
        let folder = try TemporaryFolder()
        let result = try BinaryRunner.sqlive(["--safe"], input: ".shell touch \(folder.path)/ran\n.save \(folder.path)/copy.db\n.restore \(folder.path)/copy.db\n.trace \(folder.path)/trace.txt\n")
        #expect(result.stderr == """
            error: stdin:1: .shell is disabled in safe mode: it runs other programs
              start sqlive without --safe to use it
            error: stdin:2: .backup is disabled in safe mode: it writes files
              start sqlive without --safe to use it
            error: stdin:3: .restore is disabled in safe mode: it opens other files
              start sqlive without --safe to use it
            error: stdin:4: .trace to a file is disabled in safe mode: it writes files
              use .trace stdout or .trace stderr

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test func trace_writes_each_statement_like_sqlite3() throws {
        let folder = try TemporaryFolder()
        for shell in ["sqlite3", "sqlive"] {
            let script = """
                .trace stdout
                create table t(a); insert into t values (1);
                select * from t;
                .trace off
                select 2;
                .trace \(folder.path)/\(shell).trace
                select 3 -- with a comment
                ;
                .trace off

                """
            let result = shell == "sqlite3" ? try BinaryRunner.sqlite3([], input: script) : try BinaryRunner.sqlive([], input: script)
            #expect(result == ProcessResult(stdout: "create table t(a);\ninsert into t values (1);\nselect * from t;\n1\n2\n3\n", stderr: "", status: 0), "\(shell)")
        }
        let expected = try String(contentsOfFile: folder.path + "/sqlite3.trace", encoding: .utf8)
        #expect(try String(contentsOfFile: folder.path + "/sqlive.trace", encoding: .utf8) == expected)
    }

    @Test(arguments: [
        "create table author(id integer primary key, name text);\ncreate table book(id integer primary key, author_id integer references author, title text);",
        "create table author(id integer primary key);\ncreate table book(id integer primary key, author_id references author);\ncreate index book_author on book(author_id);",
        "create table p(a, b collate nocase, primary key(b, a));\ncreate table c(x, y, z, foreign key(y, x) references p);\ncreate index c_xy on c(x, y);",
        "create table p(k text unique collate nocase);\ncreate table c(k references p(k));\ncreate index c_k on c(k collate nocase) where k is not null;",
        "create table p(k unique);\ncreate table c(k references p(k), j references p(k)) ;\ncreate index c_k on c(k) where k > 0;",
        "create table p(id integer primary key);\ncreate table c(id integer primary key references p, p2 int references p);\ncreate table d(x int primary key, y references p) without rowid;",
    ])
    func lint_fkey_indexes_prints_what_sqlite3_prints(_ schema: String) throws {
        let script = schema + "\n.lint fkey-indexes\n"
        let expected = try BinaryRunner.sqlite3([], input: script)
        let actual = try BinaryRunner.sqlive([], input: script)
        #expect(actual == ProcessResult(stdout: expected.stdout, stderr: "", status: expected.status))
    }

    @Test func lint_without_a_sub_command_is_a_usage_error() throws {
        let result = try BinaryRunner.sqlive([], input: ".lint\n.lint fkey-indexes extra\n")
        #expect(result.stderr == """
            error: stdin:1: .lint: missing sub-command
              usage: .lint fkey-indexes
            error: stdin:2: .lint: too many arguments
              usage: .lint fkey-indexes

            """)
    }

    @Test func importing_csv_in_csv_mode_ends_later_rows_with_a_newline_as_sqlite3_does() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("data.csv", "1,2,3\n4,5,6\n")
        let script = ".mode csv\nselect 'before';\ncreate table t(a, b, c);\n.import \(file) t\nselect * from t;\n"
        let expected = try BinaryRunner.sqlite3([], input: script)
        let actual = try BinaryRunner.sqlive([], input: script)
        #expect(expected.stdout == "before\r\n1,2,3\n4,5,6\n")
        #expect(actual == ProcessResult(stdout: expected.stdout, stderr: "", status: 0))
    }

    @Test func readfile_and_writefile_move_bytes_like_sqlite3() throws {
        let folder = try TemporaryFolder()
        for shell in ["sqlite3", "sqlive"] {
            let path = folder.path + "/\(shell)"
            let sql = """
                select writefile('\(path).txt', 'abc'), readfile('\(path).txt'), typeof(readfile('\(path).txt')),
                  readfile('\(path).missing') is null, writefile('\(path).bin', x'00ff0a'), hex(readfile('\(path).bin'))
                """
            let result = shell == "sqlite3" ? try BinaryRunner.sqlite3([":memory:", sql]) : try BinaryRunner.sqlive([":memory:", sql])
            #expect(result == ProcessResult(stdout: "3|abc|blob|1|3|00FF0A\n", stderr: "", status: 0), "\(shell)")
        }
        let safe = try BinaryRunner.sqlive(["--safe", ":memory:", "select readfile('/etc/hostname')", "select writefile('\(folder.path)/x', 'y')"])
        #expect(safe == ProcessResult(stdout: "", stderr: """
            error: argument:1: readfile() is disabled in safe mode (--safe)
            error: argument:1: writefile() is disabled in safe mode (--safe)

            """, status: 1))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x"))
    }
}
