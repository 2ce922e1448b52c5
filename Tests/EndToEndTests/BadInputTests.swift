import Foundation
import Testing
import SQLiveTestSupport

/// Hostile input gets a clear error, never a crash; the session goes on.
@Suite struct BadInputTests {
    private func expectNoCrash(_ result: ProcessResult) {
        #expect(result.status == 0 || result.status == 1, "\(result)")
        #expect(!result.stderr.contains("Fatal error"), "\(result)")
        #expect(!result.stderr.contains("crashed"), "\(result)")
    }

    @Test func an_unterminated_string_is_reported_at_the_end() throws {
        let result = try BinaryRunner.sqlive([], input: "select 1;\nselect 'abc\n")
        #expect(result.stdout == "1\n")
        #expect(result.stderr == "error: stdin:2: incomplete SQL statement at end of input: select 'abc\n  end the statement with ;\n")
        #expect(result.status == 1)
    }

    @Test func an_unterminated_comment_is_reported_at_the_end() throws {
        let result = try BinaryRunner.sqlive([], input: "select 1; /* never closed\nselect 2;\n")
        expectNoCrash(result)
        #expect(result.stderr.contains("incomplete SQL statement"))
    }

    @Test func binary_garbage_gives_errors_not_a_crash() throws {
        var generator = SeededRandom(seed: 42)
        let bytes = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let result = try BinaryRunner.run(BinaryRunner.sqlivePath, [], input: Data(bytes))
        expectNoCrash(result)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: stdin:"))
    }

    @Test func the_session_goes_on_after_garbage_lines() throws {
        let garbage = "\u{1}\u{7F}\u{1B}(B ÿþ %%% ;\n)))(((;\nselect 'alive';\n"
        let result = try BinaryRunner.sqlive([], input: garbage)
        expectNoCrash(result)
        #expect(result.stdout == "alive\n")
        #expect(result.stderr.components(separatedBy: "\nerror: ").count == 2)
    }

    @Test func invalid_utf8_in_a_statement_is_an_error_or_a_value_never_a_crash() throws {
        let input = Data([0x73, 0x65, 0x6C, 0x65, 0x63, 0x74, 0x20, 0x27, 0xFF, 0xFE, 0x27, 0x3B, 0x0A]) // select '\xff\xfe';
        let result = try BinaryRunner.run(BinaryRunner.sqlivePath, [], input: input)
        expectNoCrash(result)
        #expect(result.stdout == "\u{FFFD}\u{FFFD}\n")
    }

    @Test func a_one_megabyte_line_runs() throws {
        let big = String(repeating: "x", count: 1 << 20)
        let result = try BinaryRunner.sqlive([], input: "select length('\(big)');\n")
        #expect(result == ProcessResult(stdout: "1048576\n", stderr: "", status: 0))
    }

    @Test func nul_bytes_inside_input_do_not_crash() throws {
        let result = try BinaryRunner.run(BinaryRunner.sqlivePath, [], input: Data("select 1\0;\nselect 2;\n".utf8))
        expectNoCrash(result)
        #expect(result.stdout.hasSuffix("2\n"))
    }

    /// Standard input and a script file are read by different readers; both show a NUL as
    /// U+FFFD, also when a combining mark follows it (one Character with the NUL to Swift).
    @Test func a_nul_before_a_combining_mark_is_replaced_on_stdin_as_in_a_file() throws {
        let folder = try TemporaryFolder()
        let script = Data("select 'a\0\u{0650}b';\n".utf8)
        let path = folder.path + "/nul.sql"
        #expect(FileManager.default.createFile(atPath: path, contents: script))
        let expected = ProcessResult(stdout: "a\u{FFFD}\u{0650}b\n", stderr: "", status: 0)
        #expect(try BinaryRunner.run(BinaryRunner.sqlivePath, [], input: script) == expected)
        #expect(try BinaryRunner.run(BinaryRunner.sqlivePath, ["-f", path], input: Data()) == expected)
    }

    @Test func meta_commands_with_wrong_arguments_say_how_to_use_them() throws {
        let result = try BinaryRunner.sqlive([], input: ".mode nonsense\n.headers maybe\n.nullvalue\n.separator a b c\n.read\n.fnord\n.hedaers on\nselect 'still here';\n")
        #expect(result.stdout == "still here\n")
        #expect(result.stderr == """
            error: stdin:1: .mode: unknown mode nonsense
              modes: box table markdown column csv tabs list ascii json line quote insert html tcl
            warning: .headers: maybe is not on or off; taken as off, as sqlite3 takes it
            error: stdin:3: .nullvalue: missing argument
              usage: .nullvalue TEXT
            error: stdin:4: .separator: too many arguments
              usage: .separator COL ?ROW?
            error: stdin:5: .read: missing argument
              usage: .read FILE
            error: stdin:6: unknown command .fnord
              type .help for the list of commands
            error: stdin:7: unknown command .hedaers
              did you mean .headers? (.help lists every command)

            """)
        #expect(result.status == 1)
    }

    @Test func reading_a_missing_script_is_an_error_and_the_session_goes_on() throws {
        let result = try BinaryRunner.sqlive([], input: ".read /no/such/file.sql\nselect 1;\n")
        #expect(result.stdout == "1\n")
        #expect(result.stderr == "error: stdin:1: cannot read /no/such/file.sql: No such file or directory\n")
    }

    @Test func a_script_that_reads_itself_stops_with_an_error() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/loop.sql"
        folder.write("loop.sql", ".read \(path)\n")
        let result = try BinaryRunner.sqlive(["-f", path])
        expectNoCrash(result)
        #expect(result.stderr.contains("nested more than 32 deep"))
    }
}
