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

    /// `.log`: SQLite's error log as sqlite3 writes it, to stdout in order with the results,
    /// to stderr, to a file, and off.
    @Test func log_writes_sqlite_error_log_like_sqlite3() throws {
        let folder = try TemporaryFolder()
        for shell in ["sqlite3", "sqlive"] {
            let script = """
                .log stdout
                select 1; select coalesce(sqlite_log(123,'hello'),'456');
                create table t(x); select * from nosuch;
                .log off
                select sqlite_log(3,'not logged');
                .log \(folder.path)/\(shell).log
                select sqlite_log(5,'in the file'), 6;
                .log stderr
                select sqlite_log(7,'on stderr'), 8;

                """
            let result = shell == "sqlite3" ? try BinaryRunner.sqlite3([], input: script) : try BinaryRunner.sqlive([], input: script)
            #expect(result.stdout == "1\n(123) hello\n456\n(1) no such table: nosuch in \"select * from nosuch;\"\n\n|6\n|8\n", "\(shell)")
            #expect(result.status == 1, "\(shell)")
            #expect(result.stderr.hasSuffix("(7) on stderr\n"), "\(shell): \(result.stderr)")
            #expect(try String(contentsOfFile: "\(folder.path)/\(shell).log", encoding: .utf8) == "(5) in the file\n", "\(shell)")
        }
    }

    @Test func log_to_a_file_is_refused_in_safe_mode_and_log_on_names_a_file() throws {
        let folder = try TemporaryFolder()
        let safe = try BinaryRunner.sqlive(["--safe"], input: ".log \(folder.path)/x.log\n.log stdout\nselect sqlite_log(1,'kept');\n")
        #expect(safe == ProcessResult(stdout: "(1) kept\n\n", stderr: """
            error: stdin:1: .log to a file is disabled in safe mode: it writes files
              use .log stdout or .log stderr

            """, status: 1))
        let on = try BinaryRunner.sqlive([], input: ".log on\nselect sqlite_log(2,'in on');\n.log\n", directory: folder.path)
        #expect(on.status == 1)
        #expect(on.stderr == """
            logging to the file on, as sqlite3 reads .log on: .log stdout or .log stderr shows the log
            error: stdin:3: .log: missing argument
              usage: .log FILE|stdout|stderr|off

            """)
        #expect(try String(contentsOfFile: "\(folder.path)/on", encoding: .utf8) == "(2) in on\n")
    }

    /// A program that stops reading (`head -1`) is no error, and the next statement runs
    /// (sqlite3 dies of SIGPIPE); a redirection into a program still in force at the end of
    /// the input finishes before sqlive does, so its output is whole.
    @Test func results_piped_into_a_program_end_cleanly() throws {
        let result = try BinaryRunner.sqlive([], input: """
            .once |head -1
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000) SELECT x FROM c;
            select 'next';
            .output "|sh -c \\"sleep 0.2; cat\\""
            select 'last';

            """)
        #expect(result == ProcessResult(stdout: "1\nnext\nlast\n", stderr: "", status: 0))
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

    /// With panes pinned, the trace is still the user's statements, line for line as sqlite3
    /// traces the same script: the statements sqlive runs for the panes on the user's
    /// connection (compiling them again after a schema change, reading their regions, looking
    /// for other processes' commits between statements) are its own. A schema change traced
    /// about twenty lines of PRAGMAs and schema queries.
    @Test func trace_with_panes_pinned_shows_only_the_users_statements_like_sqlite3() throws {
        let folder = try TemporaryFolder()
        let statements = """
            create table t(a);
            insert into t values (1);
            begin; insert into t values (2); savepoint s; update t set a = 3; release s; commit;
            create table u(b);
            create index i on t(a);
            alter table t add column c;
            insert into t values (4, 5);
            select count(*) from t;

            """
        for shell in ["sqlite3", "sqlive"] {
            let database = folder.path("\(shell).db")
            let panes = shell == "sqlite3" ? "" : ".external on\n.pin select count(*) from t\n.pin select b from u\n"
            let script = ".trace \(folder.path)/\(shell).trace\n" + panes + statements + ".trace off\n"
            let result = shell == "sqlite3" ? try BinaryRunner.sqlite3([database], input: script)
                : try BinaryRunner.sqlive([database], input: script)
            #expect(result.status == 0, "\(shell): \(result.stderr)")
        }
        let expected = try String(contentsOfFile: folder.path + "/sqlite3.trace", encoding: .utf8)
        #expect(expected.split(separator: "\n").count == 13)
        #expect(try String(contentsOfFile: folder.path + "/sqlive.trace", encoding: .utf8) == expected)
    }

    /// The same for SQLite's error log: a pane whose table does not exist yet fails to
    /// compile at every schema change and every frame, and each failure was logged as if
    /// the user's (`(1) no such table: u in "select b from u"`, three times here); the pane
    /// shows its error in its block.
    @Test func log_with_a_failing_pane_shows_only_the_users_errors_like_sqlite3() throws {
        let folder = try TemporaryFolder()
        let statements = """
            create table t(a);
            select * from nosuch;
            create table u(b);
            insert into u values (1);

            """
        for shell in ["sqlite3", "sqlive"] {
            let panes = shell == "sqlite3" ? "" : ".pin select b from u\n.pin select count(*) from t\n"
            let script = ".log \(folder.path)/\(shell).log\n" + panes + statements + ".log off\n"
            let database = folder.path("\(shell).db")
            let result = shell == "sqlite3" ? try BinaryRunner.sqlite3([database], input: script)
                : try BinaryRunner.sqlive([database], input: script)
            #expect(result.status == 1, "\(shell): \(result.stderr)")
        }
        let expected = try String(contentsOfFile: folder.path + "/sqlite3.log", encoding: .utf8)
        #expect(expected == "(1) no such table: nosuch in \"select * from nosuch;\"\n")
        #expect(try String(contentsOfFile: folder.path + "/sqlive.log", encoding: .utf8) == expected)
    }

    /// `.databases` lists `temp` once the user's statements opened it, as sqlite3's does;
    /// sqlive's own reads of `temp` opened it: after `.open` (which started the panes'
    /// engine with no pane), after `.pin` (its private-table checks) and after a DSL query
    /// (its table names), `.databases` printed a `temp: "" r/w` line sqlite3 does not.
    @Test func databases_lists_temp_only_when_the_users_statements_open_it_like_sqlite3() throws {
        let folder = try TemporaryFolder()
        for shell in ["sqlite3", "sqlive"] {
            let database = folder.path("\(shell).db")
            let ours = { (line: String) in shell == "sqlite3" ? "" : line + "\n" }
            let script = ".open\n.databases\n.open \(database)\ncreate table t(a);\n" + ours(".pin select count(*) from t")
                + ".databases\n" + ours("t.fetchCount()") + ".databases\ncreate temp table x(b);\n.databases\n"
            let result = shell == "sqlite3" ? try BinaryRunner.sqlite3([], input: script)
                : try BinaryRunner.sqlive([], input: script)
            #expect(result.status == 0, "\(shell): \(result.stderr)")
            try result.stdout.write(toFile: folder.path + "/\(shell).out", atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: folder.path + "/sqlite3.out", encoding: .utf8)
        #expect(expected == """
            main: "" r/w
            main: \(folder.path)/sqlite3.db r/w
            main: \(folder.path)/sqlite3.db r/w
            main: \(folder.path)/sqlite3.db r/w
            temp: "" r/w

            """)
        let panesAndCount = ["-- pane 1 (t): pinned", "0", "-- pane 1 (t): schema change"]
        let ours = try String(contentsOfFile: folder.path + "/sqlive.out", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !panesAndCount.contains(String($0)) }
            .joined(separator: "\n")
        #expect(ours == expected.replacingOccurrences(of: "sqlite3.db", with: "sqlive.db"))
    }

    /// What runs inside a statement (a trigger, a table-valued pragma) is traced as sqlite3
    /// traces it, as `-- ` comments; `.dump` runs sqlite3's own statements, so its trace is
    /// sqlite3's, line for line, with every kind of table and `--preserve-rowids`.
    @Test(arguments: [
        """
        create table t(a); create table l(b); create trigger tr after insert on t begin insert into l values(new.a); end;
        .trace stdout
        insert into t values(1);
        select * from pragma_table_info('t');
        """,
        """
        create table t(a, "b c"); insert into t values(1,2); create table "x y"(z integer primary key autoincrement);
        insert into "x y" default values; create index i on t(a); create view v as select 1;
        create virtual table f using fts5(c); create table g(a, b as (a+1)); insert into g(a) values(5);
        create table w(a primary key) without rowid; analyze;
        .trace stdout
        .dump
        .dump --data-only
        .dump --nosys --newlines
        """,
        """
        create table a(x integer primary key, y); create table b(x integer primary key desc, y);
        create table c(x int primary key, y); create table d(x primary key) without rowid; create table e(rowid, y);
        create table f(x integer, y, primary key(x)); insert into a values(1,2); insert into b values(3,4);
        insert into c values(5,6); insert into d values(7); insert into e values (8,9); insert into f values(10, 11);
        .trace stdout
        .dump --preserve-rowids
        """,
    ])
    func trace_shows_nested_statements_and_dump_queries_like_sqlite3(_ script: String) throws {
        let expected = try BinaryRunner.sqlite3([], input: script)
        let actual = try BinaryRunner.sqlive([], input: script)
        #expect(expected.stdout.contains("SAVEPOINT dump;") || expected.stdout.contains("-- TRIGGER tr;"))
        #expect(actual == ProcessResult(stdout: expected.stdout, stderr: "", status: expected.status))
    }

    /// A temporary table of the same name hides a main table from sqlite3's `.dump`, which then
    /// writes the temporary table's rows; sqlive reads main's.
    @Test func dump_reads_main_tables_that_temporary_ones_hide() throws {
        let result = try BinaryRunner.sqlive([], input: """
            create table t(a); insert into t values(1); create temp table t(b, c); insert into temp.t values(2, 3);
            create table u(c integer primary key desc); insert into u values(4); create temp view u as select 5 as d;
            .dump --preserve-rowids

            """)
        #expect(result == ProcessResult(stdout: """
            PRAGMA foreign_keys=OFF;
            BEGIN TRANSACTION;
            CREATE TABLE t(a);
            INSERT INTO t(rowid,a) VALUES(1,1);
            CREATE TABLE u(c integer primary key desc);
            INSERT INTO u(rowid,c) VALUES(1,4);
            COMMIT;

            """, stderr: "", status: 0))
    }

    @Test(arguments: [
        "create table author(id integer primary key, name text);\ncreate table book(id integer primary key, author_id integer references author, title text);",
        "create table author(id integer primary key);\ncreate table book(id integer primary key, author_id references author);\ncreate index book_author on book(author_id);",
        "create table p(a, b collate nocase, primary key(b, a));\ncreate table c(x, y, z, foreign key(y, x) references p);\ncreate index c_xy on c(x, y);",
        "create table p(k text unique collate nocase);\ncreate table c(k references p(k));\ncreate index c_k on c(k collate nocase) where k is not null;",
        "create table p(k unique);\ncreate table c(k references p(k), j references p(k)) ;\ncreate index c_k on c(k) where k > 0;",
        "create table p(id integer primary key);\ncreate table c(id integer primary key references p, p2 int references p);\ncreate table d(x int primary key, y references p) without rowid;",
        // Quotes in names are doubled (they were not: the name closed the literal).
        "create table \"pa'r\"(id integer primary key, \"k'y\" unique);\ncreate table \"chi'ld\"(pid, \"x' ON c(pid); select 1; --\" references \"pa'r\"(\"k'y\"), z collate nocase references \"pa'r\"(id));",
    ])
    func lint_fkey_indexes_prints_what_sqlite3_prints(_ schema: String) throws {
        let script = schema + "\n.lint fkey-indexes\n"
        let expected = try BinaryRunner.sqlite3([], input: script)
        let actual = try BinaryRunner.sqlive([], input: script)
        #expect(actual == ProcessResult(stdout: expected.stdout, stderr: "", status: expected.status))
    }

    /// The suggestion is meant to be run, and the names come from the file: a line break in
    /// the parent's name ended the `-->` comment (as in sqlite3), and the rest of the name
    /// became a statement.
    @Test func lint_fkey_indexes_suggestions_run_as_one_statement_whatever_the_names() throws {
        let script = """
            create table "p
            drop table t; --"(k text unique collate nocase);
            create table c(k collate rtrim references "p
            drop table t; --"(k));
            .lint fkey-indexes

            """
        let result = try BinaryRunner.sqlive([], input: script)
        #expect(result == ProcessResult(stdout: """
            CREATE INDEX 'c_k' ON 'c'('k' COLLATE nocase); --> p drop table t; --(k)

            """, stderr: "", status: 0))
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
        let safe = try BinaryRunner.sqlive(["--safe", ":memory:"],
                                           input: "select readfile('/etc/hostname');\nselect writefile('\(folder.path)/x', 'y');\n")
        #expect(safe == ProcessResult(stdout: "", stderr: """
            error: stdin:1: readfile() is disabled in safe mode (--safe)
            error: stdin:2: writefile() is disabled in safe mode (--safe)

            """, status: 1))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x"))
    }
}
