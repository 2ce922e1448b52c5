import Foundation
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
    /// sqlite3's words are C strings: an escape that makes a NUL ends the word there
    /// (`.print "a\000b"` printed `a`, NUL, `b`; sqlite3 prints `a`).
    @Test func an_escaped_nul_ends_a_word_as_in_sqlite3() {
        #expect(CommandLineTokenizer.words(#".print "a\000b" c\0d e"#) == [".print", "a", "c", "e"])
        #expect(CommandLineTokenizer.words(#".separator "\000""#) == [".separator", ""])
        #expect(CommandLineTokenizer.words(#".print "x\101y""#) == [".print", "xAy"])
    }

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

    /// The type a command reads its words into.
    private func argumentsType<Command: MetaCommand>(of command: Command) -> String {
        String(describing: Command.Arguments.self)
    }

    /// No command takes its words as they are: each reads them into its arguments first.
    @Test func every_command_reads_its_words_into_typed_arguments() {
        let untyped = CommandRegistry.standard.commands.filter { argumentsType(of: $0) == "Array<String>" }.map(\.name)
        #expect(untyped == [])
    }

    /// `.tables` and `.databases` read what they use and ignore the rest, as sqlite3 does
    /// (with a warning); `.print` reads its line.
    @Test func the_lenient_commands_read_what_they_use_and_keep_the_rest_for_the_warning() throws {
        #expect(try TablesCommand().parse(["a%", "b", "c"]) == LenientWords(["a%", "b", "c"], reading: 1))
        #expect(LenientWords(["a%", "b", "c"], reading: 1).ignored == ["b", "c"])
        #expect(try DatabasesCommand().parse(["x"]).ignored == ["x"])
        #expect(try PrintCommand().parse(["a", "b c"]).text == "a b c\n")
        let test = try TestSession()
        #expect(test.run("create table apple(x); create table banana(x);\n.tables a% b\n.print  one  'two three'") == "apple\none two three\n")
        #expect(test.errorText == "warning: .tables: b ignored, as sqlite3 ignores it\n")
    }

    /// The error message for `words`, from parsing alone, or nil when they parse.
    private func message(_ command: some MetaCommand, _ words: [String]) -> String? {
        do {
            _ = try command.parse(words)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func the_usage_errors_of_settings_and_listings_are_found_from_the_words_alone() {
        #expect(message(ModeCommand(), ["bogus"]) == ".mode: unknown mode bogus")
        #expect(message(HeadersCommand(), []) == ".headers: expected on or off")
        #expect(message(BailCommand(), ["on", "off"]) == ".bail: expected on or off")
        #expect(message(NullValueCommand(), []) == ".nullvalue: missing argument")
        #expect(message(SeparatorCommand(), ["a", "b", "c"]) == ".separator: too many arguments")
        #expect(message(WidthCommand(), ["1x", "200000"]) == ".width: 200000 is wider than 100000 characters")
        #expect(message(IndexesCommand(), ["a", "b"]) == ".indexes: too many arguments")
        #expect(message(SchemaCommand(), ["--indent", "a", "b"]) == ".schema: too many arguments")
        #expect(message(DumpCommand(), ["--bogus"]) == ".dump: unknown option --bogus")
        #expect(message(ImportCommand(), ["--skip", "x", "a.csv", "t"]) == ".import: --skip needs a number of lines")
        #expect(message(ImportCommand(), ["a.csv"]) == ".import: missing FILE or TABLE")
        #expect(message(OutputCommand(), ["a.txt", "b.txt"]) == ".output: too many arguments")
        #expect(message(OnceCommand(), ["-x"]) == ".once: unknown option -x (for a file of that name, write ./-x)")
        #expect(message(ParameterCommand(), ["set", "x"]) == ".parameter: set needs a NAME and a VALUE")
        #expect(message(ParameterCommand(), ["lst"]) == ".parameter: unknown subcommand lst")
        #expect(message(EQPCommand(), []) == ".eqp: missing argument")
        #expect(message(StatsCommand(), []) == ".stats: sqlive keeps no statistics to show")
        #expect(message(LintCommand(), ["fkey-indexes", "x"]) == ".lint: too many arguments")
        #expect(message(LoadCommand(), []) == ".load: missing argument")
        #expect(message(FullSchemaCommand(), ["--nosys"]) == ".fullschema: too many arguments")
        #expect(message(SHA3SumCommand(), ["a", "b"]) == ".sha3sum: only one LIKE pattern")
        #expect(message(ShowCommand(), ["x"]) == ".show: too many arguments")
        #expect(message(MigrationsDirCommand(), [""]) == ".migrations-dir: the folder name is empty")
    }

    @Test func the_usage_errors_of_pane_and_query_commands_are_found_from_the_words_alone() {
        #expect(message(PinCommand(), ["--rows", "0", "select 1"]) == ".pin: --rows needs a number of rows from 1 to \(PinCommand.maximumRows)")
        #expect(message(PinCommand(), ["--name", "x"]) == ".pin: missing query")
        #expect(message(UnpinCommand(), []) == ".unpin: missing argument")
        #expect(message(PauseCommand(), ["1", "2"]) == ".pause: too many arguments")
        #expect(message(LayoutCommand(), ["dock", "1"]) == ".layout: the dock height is a number of lines from 2 to \(LayoutCommand.maximumHeight), not 1")
        #expect(message(EventsCommand(), ["maybe"]) == ".events: expected on or off, not maybe")
        #expect(message(ExternalCommand(), ["often"]) == ".external: expected on, off or an interval such as 500ms or 2s, not often")
        #expect(message(WhyCommand(), []) == ".why: missing argument")
        #expect(message(RegionCommand(), []) == ".region: missing query")
        #expect(message(ImpactCommand(), []) == ".impact: missing statement")
        #expect(message(SQLCommand(), []) == ".sql: missing query")
        #expect(message(ChartCommand(), ["  "]) == ".chart: missing query")
        #expect(message(ExportCommand(), ["out.csv"]) == ".export: missing query")
        #expect(message(QueryCommand(), ["save", "bad!", "select 1"])
            == ".query: save needs a NAME of letters, digits, - and _, then the query")
    }

    @Test func typed_arguments_of_settings_keep_what_was_typed() throws {
        let insert = try ModeCommand().parse(["insert", "--wrap", "30", "t", "extra"])
        #expect(insert.mode == .insert && insert.table == "t" && insert.words == ["insert", "t", "extra"] && insert.options.wrap == 30)
        #expect(try ModeCommand().parse(["qbox"]).mode == .box)
        #expect(try ModeCommand().parse([]).mode == nil)
        #expect(try HeadersCommand().parse(["2"]) == ToggleArguments("on"))
        #expect(try HeadersCommand().parse(["maybe"]).unreadable == "maybe")
        #expect(try SeparatorCommand().parse([","]) == SeparatorCommand.Arguments(column: ",", row: nil))
        #expect(try WidthCommand().parse(["5", "1x"]).map(\.value) == [5, 1])
        #expect(try EQPCommand().parse(["full"]) == .full)
        #expect(try StatsCommand().parse(["vmstep"]) == .statements)
        #expect(try TimeoutCommand().parse(["-5"]).unreadable == "-5")
        #expect(try TimeoutCommand().parse(["250"]).milliseconds == 250)
        #expect(try SchemaCommand().parse(["-nosys", "t%"]) == SchemaCommand.Arguments(indent: false, noSystem: true, pattern: "t%"))
        let dump = try DumpCommand().parse(["--data-only", "album"])
        #expect(dump.dataOnly && dump.patterns == ["album"])
        #expect(try SHA3SumCommand().parse(["--sha3-384", "t"]) == SHA3SumCommand.Arguments(bits: 384, pattern: "t"))
        #expect(try FullSchemaCommand().parse(["--indent"]))
    }

    @Test func typed_arguments_of_outputs_panes_and_queries_keep_what_was_typed() throws {
        #expect(try OutputCommand().parse(["|sort", "-r"]) == .program("|sort -r"))
        #expect(try OutputCommand().parse(["stdout"]) == .standardOutput)
        #expect(try OnceCommand().parse([]) == .unchanged)
        #expect(try OnceCommand().parse(["out.txt"]) == .file("out.txt"))
        let options = try ImportCommand().parse(["--csv", "--skip", "1", "a.csv", "album"])
        #expect(options.path == "a.csv" && options.table == "album" && options.skip == 1)
        #expect(try ParameterCommand().parse(["set", ":x", "1", "+", "2"]) == .set(name: ":x", value: "1 + 2"))
        #expect(try LayoutCommand().parse(["dock", "6"]) == .dock(height: 6))
        #expect(try LayoutCommand().parse([]) == nil)
        #expect(try ExternalCommand().parse(["off"]) == .off)
        let pin = try PinCommand().parse(text: "--name bobs --dedupe select * from t where name = 'Bob'")
        #expect(pin == PinCommand.Arguments(paneName: "bobs", rowLimit: nil, dedupe: true, query: "select * from t where name = 'Bob'"))
        #expect(try ExportCommand().parse(text: "out.csv select 1") == ExportCommand.Arguments(path: "out.csv", query: "select 1"))
        #expect(try QueryCommand().parse(text: "top 3 'a b'") == .run(name: "top", arguments: ["3", "a b"]))
        #expect(try ChartCommand().parse(text: " select 1 ") == "select 1")
    }

    /// A usage error comes before anything the command would do: no warning, no change,
    /// and sqlite3's usage text where sqlite3 prints one.
    @Test func a_usage_error_leaves_the_settings_as_they_were() throws {
        let test = try TestSession()
        test.run(".width 5\n.separator ;")
        #expect(test.run(".width 1x 200000\n.separator a b c\n.mode bogus\n.bail") == "")
        #expect(test.errorText == """
            error: test.sql:1: .width: 200000 is wider than 100000 characters
              usage: .width NUM...
            error: test.sql:2: .separator: too many arguments
              usage: .separator COL ?ROW?
            error: test.sql:3: .mode: unknown mode bogus
              modes: box table markdown column csv tabs list ascii json line quote insert html tcl
            error: test.sql:4: .bail: expected on or off
              usage: .bail on|off (now off; .show lists every setting)

            """)
        #expect(test.session.settings.columnWidths == [5])
        #expect(test.session.settings.columnSeparator == ";")
        #expect(test.session.settings.mode == Settings().mode)
    }

    @Test func the_on_off_usage_error_says_the_value_now() throws {
        let test = try TestSession()
        #expect(test.run(".timer on\n.timer\n.timer maybe\n.timer") == "")
        #expect(test.errorText == """
            error: test.sql:2: .timer: expected on or off
              usage: .timer on|off (now on; .show lists every setting)
            warning: .timer: maybe is not on or off; taken as off, as sqlite3 takes it
            error: test.sql:4: .timer: expected on or off
              usage: .timer on|off (now off; .show lists every setting)

            """)
    }

    @Test func where_sqlite3_prints_its_usage_the_results_get_it_and_nothing_is_redirected() throws {
        let test = try TestSession()
        let printed = test.run(".output a.txt b.txt\n.import only.csv\nselect 'here';")
        #expect(printed.hasPrefix("ERROR: extra parameter: \"b.txt\".  Usage:\n.output ?FILE?"))
        #expect(printed.contains("ERROR: missing TABLE argument. Usage:\n.import FILE TABLE"))
        #expect(printed.hasSuffix("here\n"))
        #expect(!FileManager.default.fileExists(atPath: "a.txt"))
    }
}
