import Foundation
import Testing
import SQLiveTestSupport

/// sqlite3's command-line options given to sqlive: the same arguments and input through
/// sqlite3 3.40 and sqlive print the same stdout and end with the same status.
@Suite struct SQLite3OptionOracleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var input = ""
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let query = "select 1 as a, 'x,y' as b, null as c union all select 2, 'it''s', 3.5"

    static let cases: [Case] = [
        Case(arguments: ["-csv", ":memory:", query]),
        Case(arguments: ["--csv", "-header", ":memory:", query]),
        Case(arguments: ["-header", "-separator", ";", "-nullvalue", "NULL", ":memory:", query]),
        Case(arguments: ["-noheader", "-newline", "X", ":memory:", query]),
        Case(arguments: ["-json", ":memory:", query]),
        Case(arguments: ["-line", ":memory:", query]),
        Case(arguments: ["-list", "-header", ":memory:", query]),
        Case(arguments: ["-quote", ":memory:", query]),
        Case(arguments: ["-tabs", ":memory:", query]),
        Case(arguments: ["-box", ":memory:", query]),
        Case(arguments: [":memory:", "--table", query]),
        Case(arguments: ["-markdown", ":memory:", query]),
        Case(arguments: [":memory:", "--quote", query]),
        Case(arguments: ["-cmd", ".mode csv", "-cmd", "select 9", ":memory:", "select 1,2"]),
        Case(arguments: ["-cmd", "select 4"], input: "select 5;\n"),
        Case(arguments: ["-bail"], input: "select 1;\nselect nosuchcolumn;\nselect 2;\n"),
        Case(arguments: ["-echo", "-batch"], input: "select 1;\n.print hi\n"),
        Case(arguments: ["-version"]),
        Case(arguments: ["-safe", ":memory:", "select 6"]),
        Case(arguments: ["-readonly", ":memory:", "select 7"]),
        // sqlite3 reads its options in order: a mode option sets its separators over the
        // ones given before it (sqlive applied -separator and -newline after every mode).
        Case(arguments: ["-newline", "X", "-separator", "Y", "-csv", ":memory:", query]),
        Case(arguments: ["-separator", "Y", "-newline", "X", "-tabs", ":memory:", query]),
        Case(arguments: ["-separator", "Y", "-quote", ":memory:", query]),
        Case(arguments: ["-csv", "-list", ":memory:", query]),
        Case(arguments: ["-ascii", "-csv", ":memory:", query]),
        Case(arguments: ["-ascii", "-line", ":memory:", query]),
        Case(arguments: ["-tabs", "-separator", "Y", ":memory:", query]),
        // Options after a -cmd take effect once it ran, as sqlite3 reads them in order.
        Case(arguments: ["-cmd", "select 1 as a", "-csv", "-header", ":memory:", query]),
        Case(arguments: ["-cmd", ".headers on", "-noheader", "-cmd", "select 2 as b", ":memory:", query]),
        Case(arguments: ["-header", "-cmd", "select 3 as c", "-json", "-nullvalue", "N", "-cmd", "select null", ":memory:", query]),
        Case(arguments: ["-cmd", ".mode csv", "-box", ":memory:", query]),
        Case(arguments: ["-newline", ";", "-cmd", ".mode csv", "-list", ":memory:", query]),
        Case(arguments: [":memory:", "select 8", "select nosuchcolumn", ".quit"]),
        Case(arguments: [], input: "select 9;\nselect nosuchcolumn;\n.quit\n"),
    ]

    @Test(arguments: cases)
    func sqlite3_options_work_as_in_sqlite3(_ oracleCase: Case) throws {
        let expected = try BinaryRunner.sqlite3(oracleCase.arguments, input: oracleCase.input)
        let actual = try BinaryRunner.sqlive(oracleCase.arguments, input: oracleCase.input)
        #expect(!expected.stdout.isEmpty)
        #expect(actual.stdoutBytes == expected.stdoutBytes, "--- sqlite3\n\(expected.stdout)--- sqlive\n\(actual.stdout)")
        #expect(actual.status == expected.status, "\(actual)")
    }

    @Test func init_runs_a_file_before_the_input() throws {
        let folder = try TemporaryFolder()
        let rc = folder.write("rc", ".headers on\n.mode csv\n.nullvalue -\n")
        let expected = try BinaryRunner.sqlite3(["-init", rc, ":memory:", Self.query])
        let actual = try BinaryRunner.sqlive(["-init", rc, ":memory:", Self.query])
        #expect(expected.stdout == "a,b,c\r\n1,\"x,y\",-\r\n2,\"it's\",3.5\r\n")
        #expect(actual.stdout == expected.stdout)
        #expect(actual.status == 0)
    }

    /// sqlite3 counts a `.once` down in meta-commands (and after a line of input) only: on the
    /// command line, the SQL arguments and `-cmd`s after `.once FILE` all go to the file, and
    /// so does the next meta-command's output, after which results come back (sqlive ended
    /// the redirection after the first SQL argument).
    @Test func once_on_the_command_line_holds_until_the_next_meta_command() throws {
        let folder = try TemporaryFolder()
        func arguments(_ file: String) -> [String] {
            ["-cmd", ".once \(file)", "-cmd", "select 3", ":memory:", "select 4;", ".print x", "select 5;"]
        }
        let expected = try BinaryRunner.sqlite3(arguments(folder.path("theirs.txt")))
        let actual = try BinaryRunner.sqlive(arguments(folder.path("ours.txt")))
        #expect(expected.stdout == "5\n" && actual.stdout == expected.stdout, "\(actual)")
        #expect(actual.status == expected.status)
        #expect(try String(contentsOfFile: folder.path("theirs.txt"), encoding: .utf8) == "3\n4\nx\n")
        #expect(try String(contentsOfFile: folder.path("ours.txt"), encoding: .utf8) == "3\n4\nx\n")
    }

    /// sqlite3's -list, -line, -box and the like set the mode alone, after the init file ran:
    /// the separators it set stay (sqlive's mode reset them to `|` and a newline).
    @Test func a_mode_option_keeps_the_separators_an_init_file_set() throws {
        let folder = try TemporaryFolder()
        let rc = folder.write("rc", ".mode csv\n")
        for mode in ["-list", "-line", "-csv", "-quote"] {
            let expected = try BinaryRunner.sqlite3(["-init", rc, mode, ":memory:", Self.query])
            let actual = try BinaryRunner.sqlive(["-init", rc, mode, ":memory:", Self.query])
            #expect(actual.stdoutBytes == expected.stdoutBytes, "\(mode)\n--- sqlite3\n\(expected.stdout)--- sqlive\n\(actual.stdout)")
        }
    }

    /// As in sqlite3, a failure in the init file or a `-cmd` is reported but does not make the
    /// exit status, which says how the input went; with `.bail on` (or `-bail`) it ends the
    /// run before the input.
    @Test func init_and_cmd_failures_do_not_make_the_exit_status_unless_bail() throws {
        let folder = try TemporaryFolder()
        let failing = folder.write("bad.sql", "selec 1;\n")
        let bailing = folder.write("bail.sql", ".bail on\nselec 1;\n")
        for arguments in [["-init", failing], ["-cmd", "selec 1"], ["-bail", "-cmd", "selec 1"], ["-init", bailing],
                          ["-init", failing, ":memory:", "select 2"]] {
            let expected = try BinaryRunner.sqlite3(arguments, input: "select 1;\n")
            let actual = try BinaryRunner.sqlive(arguments, input: "select 1;\n")
            #expect(actual.stdout == expected.stdout, "\(arguments)")
            #expect(actual.status == expected.status, "\(arguments)")
            #expect(!actual.stderr.isEmpty, "\(arguments)")
        }
    }

    /// sqlite3's `-help` (one dash or two) writes its usage to stderr and fails; sqlive's
    /// `-help` does the same, and its own `--help` keeps stdout and status 0.
    @Test(arguments: [["-help"], ["-help", "test.db"], [":memory:", "-help"]])
    func single_dash_help_prints_the_usage_on_stderr_with_status_1(_ arguments: [String]) throws {
        let expected = try BinaryRunner.sqlite3(arguments)
        let actual = try BinaryRunner.sqlive(arguments)
        #expect(expected.status == 1 && expected.stdout.isEmpty)
        #expect(actual.status == 1)
        #expect(actual.stdout.isEmpty)
        #expect(actual.stderr.contains("--readonly"), "\(actual)")
        let own = try BinaryRunner.sqlive(["--help"])
        #expect(own.status == 0)
        #expect(own.stdout == actual.stderr)
    }

    /// A word after one dash that is no option of sqlite3's nor sqlive's is an error, as in
    /// sqlite3 (ArgumentParser read `-nosuch` as -n -o -s -u -c -h and printed the help with
    /// status 0).
    @Test(arguments: [["-hx"], ["-nosuchopt", ":memory:", "select 1"], ["-hea", ":memory:", "select 1"]])
    func an_unknown_single_dash_option_fails(_ arguments: [String]) throws {
        let expected = try BinaryRunner.sqlite3(arguments)
        let actual = try BinaryRunner.sqlive(arguments)
        #expect(expected.status != 0 && expected.stdout.isEmpty)
        #expect(actual.status == 2)
        #expect(actual.stdout.isEmpty)
        #expect(actual.stderr.hasPrefix("error: unknown option: \(arguments[0])"), "\(actual)")
    }

    @Test func an_option_sqlive_lacks_is_refused_with_status_2() throws {
        let result = try BinaryRunner.sqlive(["-zip", "a.zip"])
        #expect(result == ProcessResult(
            stdout: "",
            stderr: "error: sqlite3's -zip option is not supported: sqlive does not read ZIP archives\nTry 'sqlive --help' for the options.\n",
            status: 2))
    }

    @Test func double_dash_help_is_still_sqlives_help() throws {
        let result = try BinaryRunner.sqlive(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: An interactive SQLite shell with live query panes."))
        #expect(result.stdout.contains("--cmd <COMMAND>"))
    }
}
