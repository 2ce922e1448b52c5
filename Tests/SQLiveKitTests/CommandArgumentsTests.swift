import Testing
@testable import SQLiveKit

/// A command reads its words into typed arguments before it runs (``MetaCommand/parse(_:)``),
/// as swift-argument-parser validates before `run()`: words that do not fit the usage fail
/// with the usage error alone, nothing printed before it and nothing changed.
@Suite struct CommandArgumentsTests {
    @Test func an_exit_status_out_of_range_fails_before_any_warning_and_the_session_goes_on() throws {
        let test = try TestSession()
        #expect(test.run(".exit 300 now\nselect 'still here';") == "still here\n")
        #expect(test.errorText == """
            error: test.sql:1: .quit: the exit status must be a number from 0 to 255, not 300
              usage: .quit ?CODE?

            """)
        #expect(test.session.quitRequested == nil)
    }

    @Test func a_valid_exit_status_still_warns_about_the_words_it_ignores() throws {
        let test = try TestSession()
        #expect(test.run(".exit 3 now\nselect 'not run';") == "")
        #expect(test.errorText == "warning: .quit: now ignored, as sqlite3 ignores it\n")
        #expect(test.session.quitRequested == 3)
    }

    @Test func a_trace_with_a_wrong_option_leaves_the_trace_as_it_was() throws {
        let test = try TestSession()
        #expect(test.run(".trace stdout\n.trace --bogus off\nselect 1;") == "select 1;\n1\n")
        #expect(test.errorText == """
            error: test.sql:2: .trace: unknown option --bogus
              usage: .trace ?--plain|--expanded? FILE|stdout|stderr|off

            """)
    }

    /// The words alone decide these errors: no session is needed to find them.
    @Test func usage_errors_are_found_from_the_words_alone() {
        func message(_ command: some MetaCommand, _ words: [String]) -> String? {
            do {
                _ = try command.parse(words)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message(QuitCommand(), ["256"]) == ".quit: the exit status must be a number from 0 to 255, not 256")
        #expect(message(TraceCommand(), ["stdout", "stderr"]) == ".trace: too many arguments")
        #expect(message(LogCommand(), []) == ".log: missing argument")
        #expect(message(OpenCommand(), ["--hexdb"])
            == ".open: --hexdb reads FILE (reading the dump from the input is absent)")
        #expect(message(OpenCommand(), ["--replica", "file:///r", "db.sqlite"])
            == ".open: --replica URL opens the replica only: drop FILE and --new")
        #expect(message(MigrateCommand(), ["--status", "--to", "2"])
            == ".migrate: --status cannot be combined with --dry-run or --to")
        #expect(message(BackupCommand(), ["main", "a.db", "b.db"]) == ".backup: too many arguments")
        #expect(message(RestoreCommand(), ["--x", "a.db"]) == ".restore: unknown option --x")
        #expect(message(ReadCommand(), ["a.sql", "b.sql"]) == ".read: too many arguments")
        #expect(message(MigrationsCommand(), ["one", "two"]) == ".migrations: too many arguments")
        #expect(message(ShellCommand(), []) == ".shell: missing command")
    }

    @Test func typed_arguments_keep_what_was_typed() throws {
        #expect(try QuitCommand().parse(["0"]).status == nil)
        #expect(try QuitCommand().parse(["7"]).status == 7)
        #expect(try TraceCommand().parse(["--expanded", "stderr"]).target == .standardError)
        #expect(try TraceCommand().parse(["--expanded", "stderr"]).expands)
        #expect(try TraceCommand().parse(["off"]).target == nil)
        #expect(try LogCommand().parse(["trace.log"]).target == .file("trace.log"))
        let open = try OpenCommand().parse(["--readonly", "-new", "shop.db"])
        #expect(open.readonly && open.startsEmpty && open.path == "shop.db" && open.replicaURL == nil)
        #expect(try ShellCommand().parse(["ls", "my folder"]) == "ls \"my folder\"")
        #expect(try MigrationsCommand().parse([]) == nil)
        let copy = try BackupCommand().parse(["aux", "copy.db"])
        #expect(copy.schema == "aux" && copy.path == "copy.db")
    }
}
