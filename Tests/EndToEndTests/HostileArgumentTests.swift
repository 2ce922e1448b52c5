import Foundation
import Testing
import SQLiveTestSupport

/// Numbers, counts, patterns and files a user (or a file someone sent) controls, at their
/// extremes: each is one clear error and the session goes on, never a crash, a hang or all
/// the memory.
@Suite struct HostileArgumentTests {
    @Test(arguments: [[String](), ["--safe"]])
    func a_width_at_the_edge_of_the_integers_is_refused(_ options: [String]) throws {
        let result = try BinaryRunner.sqlive(options + [":memory:"], input: ".width -9223372036854775808 5\n.width 9223372036854775807\nselect 'next';\n")
        #expect(result == ProcessResult(stdout: "next\n", stderr: """
            error: stdin:1: .width: -9223372036854775808 is wider than 100000 characters
              usage: .width NUM...
            error: stdin:2: .width: 9223372036854775807 is wider than 100000 characters
              usage: .width NUM...

            """, status: 1))
    }

    /// `.dbtotxt` dumps whose numbers point outside the database.
    @Test(arguments: [
        ("| size 4096 pagesize 4096 filename x.db\n| page 1 offset 0\n|    -16: 53 51 4c 69\n| end x.db\n", 3),
        ("| size 4096 pagesize 4096 filename x.db\n| page 1 offset 9223372036854775807\n|     16: 53 51\n| end x.db\n", 3),
        ("| size 4096 pagesize 4096 filename x.db\n| page 1 offset 4090\n|     0: 53 51 4c 69 74 65 20 66 6f 72\n| end x.db\n", 3),
        ("| size 9223372036854775807 pagesize 4096 filename x.db\n| end x.db\n", 1),
        ("| size 4096 pagesize 4096 filename x.db\n| page 1 offset 0\n| 9223372036854775807: 53\n| end x.db\n", 3),
    ])
    func a_hostile_hex_dump_is_refused_naming_its_line(dump: String, line: Int) throws {
        let folder = try TemporaryFolder()
        folder.write("dump.txt", dump)
        let result = try BinaryRunner.sqlive([":memory:"], input: ".open --hexdb dump.txt\nselect 'next';\n", directory: folder.path)
        let lineText = dump.split(separator: "\n")[line - 1]
        #expect(result == ProcessResult(stdout: "next\n", stderr: "error: stdin:1: not a hex dump of a database, line \(line): \(lineText)\n", status: 1))
    }

    @Test func a_hex_dump_of_nothing_or_of_no_database_is_refused_before_the_open_database_is_closed() throws {
        let folder = try TemporaryFolder()
        folder.write("zeros.txt", "| size 4096 pagesize 4096 filename x.db\n| end x.db\n")
        let result = try BinaryRunner.sqlive([":memory:"], input: """
            create table kept(x);
            .open --hexdb /dev/null
            .open --hexdb zeros.txt
            .tables

            """, directory: folder.path)
        #expect(result == ProcessResult(stdout: "kept\n", stderr: """
            error: stdin:2: cannot read /dev/null: it is not a regular file
              a hex dump is a text file
            error: stdin:3: zeros.txt does not hold a database: file is not a database

            """, status: 1))
    }

    /// A FIFO planted where a dump was expected froze `.open --hexdb` in `open()` for ever,
    /// deaf to signals. Run under `timeout` (with SIGKILL: SIGTERM did not end it), so that a
    /// regression fails instead of hanging.
    @Test func a_hex_dump_that_is_a_fifo_is_refused_at_once() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path("dump.fifo"), 0o600) == 0)
        let result = try BinaryRunner.run("/usr/bin/timeout", ["-k", "1", "20", BinaryRunner.sqlivePath, ":memory:",
                                                               "create table kept(x)", ".open --hexdb dump.fifo", ".tables"],
                                          input: Data(), directory: folder.path)
        #expect(result == ProcessResult(stdout: "", stderr: """
            error: argument:1: cannot read dump.fifo: it is not a regular file
              a hex dump is a text file

            """, status: 1))
    }

    @Test func a_regexp_whose_repeats_multiply_is_refused_at_once() throws {
        let result = try BinaryRunner.sqlive([":memory:"], input: """
            select 'b' regexp '(((a{1000}){1000}){1000})';
            select 'b' regexp '\(String(repeating: "(", count: 5000))a\(String(repeating: ")", count: 5000))';
            select 'aaa' regexp '^(a{100}){400}$', 'a' regexp 'a{1,40000}';

            """)
        #expect(result == ProcessResult(stdout: "0|1\n", stderr: """
            error: stdin:1: REGEXP pattern too big
            error: stdin:2: REGEXP pattern nested too deeply

            """, status: 1))
    }

    @Test func a_separator_byte_that_is_not_utf8_is_written_as_that_byte() throws {
        let input = Data(".separator ".utf8) + Data([0xFF]) + Data("\nselect 1, 2;\n.nullvalue ".utf8) + Data([0xFE])
            + Data("\nselect null;\n".utf8)
        let result = try BinaryRunner.run(BinaryRunner.sqlivePath, [":memory:"], input: input)
        #expect(result.stdoutBytes == Data([0x31, 0xFF, 0x32, 0x0A, 0xFE, 0x0A]))
        let sqlite3 = try BinaryRunner.run("/usr/bin/sqlite3", [":memory:"], input: input)
        #expect(result.stdoutBytes == sqlite3.stdoutBytes)
    }

    @Test func a_negative_follow_count_is_refused_by_its_rule() throws {
        let result = try BinaryRunner.sqlive(["--follow", "--count", "-1", ":memory:"])
        #expect(result == ProcessResult(stdout: "", stderr: "error: --count: expected 1 or more, not -1\nTry 'sqlive --help' for the options.\n", status: 2))
    }

    /// A line break in an SQL argument or `--cmd`'s text, then a meta-command: sqlive split
    /// the text into lines and ran `.shell` (a file named `x.csv⏎.shell …` given to
    /// `.import "$f" t`, a query a program passed as `sqlite3 app.db "$q"`). As in sqlite3,
    /// an SQL argument is SQL to its end, and one that starts with `.` is one command whose
    /// arguments run to the end of the text.
    @Test(arguments: [
        ["app.db", "select 1;\n.shell touch ran\nselect 2;"],
        ["app.db", ".print hi\n.shell touch ran"],
        ["app.db", ".import 'x.csv\n.shell touch ran\n' t"],
        ["--cmd", "select 1;\n.shell touch ran", "app.db"],
        ["--cmd", ".mode csv\n.shell touch ran", "app.db"],
    ])
    func a_line_break_in_an_argument_starts_no_command(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        _ = try BinaryRunner.sqlive(arguments, directory: folder.path)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/ran"))
    }

    /// SQL given so still runs whole: statements on several lines, a string with a line break.
    @Test func an_argument_on_several_lines_runs_as_sql() throws {
        let result = try BinaryRunner.sqlive([":memory:", "select 1;\nselect 'a\nb';", ".print \"c\nd\""])
        #expect(result == ProcessResult(stdout: "1\na\nb\nc\nd\n", stderr: "", status: 0))
    }
}
