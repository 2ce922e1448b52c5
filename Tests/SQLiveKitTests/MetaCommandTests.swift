import Foundation
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Each core meta-command, driven through a session as a script would, with whole outputs.
@Suite struct MetaCommandTests {
    private let schema = """
        create table artist(id integer primary key, name text);
        create table album(id integer primary key, artistId integer references artist(id), title text);
        create index album_artist on album(artistId);
        create view artist_name as select name from artist;
        """

    /// `.lint fkey-indexes` writes names from the file into SQL meant to be run: a quote is
    /// doubled, a collation name that is not a plain word is quoted as an identifier.
    @Test func lint_quotes_names_from_the_file() {
        #expect(ForeignKeyIndexLint.literal("it's") == "'it''s'")
        #expect(ForeignKeyIndexLint.collationName("NOCASE") == "NOCASE")
        #expect(ForeignKeyIndexLint.collationName("x; drop table t") == "\"x; drop table t\"")
        #expect(ForeignKeyIndexLint.oneLine("p\ndrop table t;\r\n--") == "p drop table t; --")
    }

    @Test func help_lists_every_command_with_its_usage() throws {
        let session = try TestSession()
        let output = session.run(".help")
        // Summaries wrap at 80 columns: compare with the words joined back.
        let words = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for command in CommandRegistry.standard.commands {
            #expect(output.contains(command.usageLine), "missing \(command.name)")
            #expect(words.contains(command.summary), "missing \(command.name)")
        }
        // The topics, then the commands, one line each beginning with a dot (wrapped
        // summaries go on indented lines).
        #expect(output.split(separator: "\n").filter { $0.hasPrefix(".") }.count
                == CommandRegistry.standard.commands.count + HelpTopic.allCases.count)
    }

    @Test func help_of_one_command_shows_usage_aliases_and_details() throws {
        let session = try TestSession()
        #expect(session.run(".help quit") == """
            .quit ?CODE?
              leave sqlive (exit status CODE, else 1 if something failed, as in sqlite3)
              also: .exit

            .quit ends the session; its exit status is 1 if a statement or command failed,
            else 0. .exit CODE ends it with that status (1 to 255; .exit 0 is a plain
            .exit). As in sqlite3, a plain .quit in a file that .read runs ends only that
            file.

            """)
        #expect(session.run(".help .nope") == "")
        #expect(session.errorText.contains("unknown command .nope"))
    }

    @Test func did_you_mean_suggests_only_near_misses_and_names_absent_sqlite3_commands() throws {
        let session = try TestSession()
        session.run(".tabels\n.hedaers on\n.xyzzy\n.recover\n.ar --list\n.lnt")
        #expect(session.errorText == """
            error: test.sql:1: unknown command .tabels
              did you mean .tables? (.help lists every command)
            error: test.sql:2: unknown command .hedaers
              did you mean .headers? (.help lists every command)
            error: test.sql:3: unknown command .xyzzy
              type .help for the list of commands
            error: test.sql:4: unknown command .recover: sqlite3's .recover is not in sqlive
              \(SQLite3Commands.absent["recover"] ?? "")
            error: test.sql:5: unknown command .ar: sqlite3's .archive is not in sqlive
              sqlive does not read or write SQL archives (sqlar); use sqlite3 -A
            error: test.sql:6: unknown command .lnt
              did you mean .lint? (.help lists every command)

            """)
    }

    @Test func width_takes_a_width_that_is_not_a_number_as_zero_and_says_so() throws {
        let session = try TestSession()
        session.run(".width 3 xxx -4")
        #expect(session.session.settings.columnWidths == [3, 0, -4])
        #expect(session.errorText == "warning: .width: xxx is not a number of characters; taken as 0 (fit), as sqlite3 does\n")
        #expect(session.session.errorCount == 0)
    }

    @Test func commands_answer_to_unambiguous_prefixes() throws {
        let session = try TestSession()
        session.run(".hea on")
        #expect(session.session.settings.showHeaders)
        session.run(".s")
        #expect(session.errorText == "error: test.sql:1: ambiguous command .s: could be .schema, .separator, .sha3sum, .shell, .show, .sql, .stats\n")
    }

    @Test func tables_lists_tables_and_views_in_columns() throws {
        let session = try TestSession()
        session.run(schema)
        #expect(session.run(".tables") == "album        artist       artist_name\n")
        #expect(session.run(".tables art%") == "artist       artist_name\n")
    }

    @Test func schema_prints_create_statements_in_creation_order() throws {
        let session = try TestSession()
        session.run(schema)
        #expect(session.run(".schema album") == """
            CREATE TABLE album(id integer primary key, artistId integer references artist(id), title text);
            CREATE INDEX album_artist on album(artistId);

            """)
    }

    /// Ctrl-C (or SIGTERM) stops `.schema` between two entries: the comment after each view
    /// compiles the view, work that `sqlite3_interrupt` does not stop, and a file of views
    /// nested on each other kept sqlive listing for minutes after the signal.
    @Test func schema_stops_between_entries_when_a_stop_is_requested() throws {
        let session = try TestSession()
        session.run("create table t0(a); create view v0 as select a from t0; create view v1 as select a from v0 union all select a from v0;")
        session.session.stopRequest.request(.interrupt)
        session.session.run(InputUnit(kind: .command, text: ".schema", location: SourceLocation(source: "x.sql", line: 2)))
        session.session.output.flush()
        #expect(session.output.text == "")
        #expect(session.errorText == "error: x.sql:2: interrupted\n")
        session.session.stopRequest.clear()
        #expect(session.run(".schema v0") == "CREATE VIEW v0 as select a from t0\n/* v0(a) */;\n")
    }

    @Test func indexes_lists_index_names() throws {
        let session = try TestSession()
        session.run(schema)
        #expect(session.run(".indexes") == "album_artist\n")
        #expect(session.run(".indexes artist") == "")
    }

    @Test func databases_shows_the_main_file() throws {
        let session = try TestSession()
        #expect(session.run(".databases") == "main: \"\" r/w\n")
    }

    @Test func nullvalue_and_separator_change_list_output() throws {
        let session = try TestSession()
        #expect(session.run(".nullvalue ∅\n.separator \" : \" \";\\n\"\nselect 1, null;") == "1 : ∅;\n")
    }

    @Test func show_lists_the_settings_as_sqlite3_does() throws {
        let session = try TestSession()
        #expect(session.run(".mode csv\n.width 3 -4\n.separator \"\u{1F}\"\n.stats on\n.show") == """
                    echo: off
                     eqp: off
                 explain: auto
                 headers: off
                    mode: csv
               nullvalue: ""
                  output: stdout
            colseparator: "\\037"
            rowseparator: "\\r\\n"
                   stats: on
                   width: 3 -4\u{20}
                filename: :memory:

            """)
        // A result in a mode that sizes its columns gives each column it has no width for a
        // 0, as sqlite3 does (a list result does not).
        session.run(".mode box\nselect 1, 2, 3;\n.mode list\nselect 1, 2, 3, 4;")
        #expect(session.session.settings.columnWidths == [3, -4, 0])
    }

    @Test func show_at_the_prompt_adds_sqlives_own_settings() throws {
        let session = try TestSession(environment: SessionEnvironment(isInteractive: true))
        let shown = session.run(".timeout 250\n.show")
        #expect(shown.hasSuffix("""
                filename: :memory:
               read-only: off
                    bail: off
                   timer: off
                 changes: off
                   pager: on
                 timeout: 250 ms
                external: off
                  layout: dock (automatic height)
                  events: off

            """))
    }

    @Test func toggles_take_one_argument_as_sqlite3_does_and_read_words_leniently() throws {
        let session = try TestSession()
        session.run(".headers\n.bail on off\n.echo maybe\n.timer 2")
        #expect(session.session.settings.timer)
        #expect(session.session.errorCount == 2)
        #expect(session.errorText == """
            error: test.sql:1: .headers: expected on or off
              usage: .headers on|off (now off; .show lists every setting)
            error: test.sql:2: .bail: expected on or off
              usage: .bail on|off (now off; .show lists every setting)
            warning: .echo: maybe is not on or off; taken as off, as sqlite3 takes it

            """)
    }

    @Test func mode_without_arguments_says_the_current_mode() throws {
        let session = try TestSession()
        // As sqlite3 3.40 says it: the mode, not insert's table.
        #expect(session.run(".mode insert people\n.mode") == "current output mode: insert\n")
        #expect(session.run(".explain on\n.mode") == "current output mode: explain\n")
    }

    @Test func echo_prints_each_input_before_running_it() throws {
        let session = try TestSession()
        #expect(session.run(".echo on\nselect 1;") == "select 1;\n1\n")
    }

    @Test func changes_reports_rows_changed_like_sqlite3() throws {
        let session = try TestSession()
        #expect(session.run("create table t(a);\n.changes on\ninsert into t values (1), (2);") == "changes: 2   total_changes: 2\n")
    }

    @Test func timer_prints_a_run_time_line() throws {
        let session = try TestSession()
        let output = session.run(".timer on\nselect 1;")
        #expect(output.hasPrefix("1\nRun Time: real "))
        #expect(output.contains(" user ") && output.contains(" sys "))
    }

    /// With both on, sqlite3 prints the chunk's "Run Time:" line and then its changes
    /// (`END_TIMER` runs before the count is printed); sqlive printed them the other way round.
    @Test func timer_line_comes_before_the_changes_line() throws {
        let session = try TestSession()
        let output = session.run(".timer on\n.changes on\ncreate table t(a);\ninsert into t values (1), (2);\nselect 1; select 2;")
        let shape = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("Run Time: real ") ? "Run Time:" : String($0) }
            .joined(separator: "\n")
        #expect(shape == """
            Run Time:
            changes: 0   total_changes: 0
            Run Time:
            changes: 2   total_changes: 2
            1
            2
            Run Time:
            changes: 2   total_changes: 2

            """)
    }

    @Test func print_writes_its_arguments() throws {
        let session = try TestSession()
        #expect(session.run(".print hello 'big world'") == "hello big world\n")
    }

    @Test func bail_stops_a_script_at_its_first_error() throws {
        let session = try TestSession()
        #expect(session.run(".bail on\nselect 1;\nselect nope;\nselect 2;") == "1\n")
    }

    @Test func quit_stops_reading_input() throws {
        let session = try TestSession()
        #expect(session.run("select 1;\n.exit\nselect 2;") == "1\n")
        #expect(session.session.quitRequested == 0)
    }

    @Test func read_runs_a_file_and_names_it_in_errors() throws {
        let folder = try TemporaryFolder()
        let script = folder.path("part.sql")
        try "select 'from part';\nselect bad;\n".write(toFile: script, atomically: true, encoding: .utf8)
        let session = try TestSession()
        #expect(session.run(".read \(script)\nselect 'after';") == "from part\nafter\n")
        #expect(session.errorText == "error: \(script):2: no such column: bad\n  select bad;\n         ^\n")
    }

    @Test func output_sends_results_to_a_file_until_reset() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("out.txt")
        let session = try TestSession()
        #expect(session.run(".output \(file)\nselect 1;\nselect 2;\n.output\nselect 3;") == "3\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "1\n2\n")
    }

    @Test func once_sends_only_the_next_result_to_a_file() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("once.txt")
        let session = try TestSession()
        #expect(session.run(".once \(file)\nselect 1;\nselect 2;") == "2\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "1\n")
        // The next line of input, as in sqlite3: every statement on it (only the first went
        // to the file).
        #expect(session.run(".once \(file)\nselect 1; select 2;\nselect 3;") == "3\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "1\n2\n")
    }

    /// sqlite3 prints `.timer`'s line with printf, to standard output whatever `.output`
    /// and `.once` say, while the results and `.changes` go to the file; sqlive wrote the
    /// time into the file.
    @Test func timer_lines_go_to_standard_output_while_results_go_to_a_file() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("timed.txt")
        let session = try TestSession()
        let output = session.run(".timer on\n.changes on\n.output \(file)\nselect 1;\nselect 2;\n.output\nselect 3;")
        let shape = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("Run Time: real ") ? "Run Time:" : String($0) }
            .joined(separator: "\n")
        #expect(shape == "Run Time:\nRun Time:\n3\nRun Time:\nchanges: 0   total_changes: 0\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8)
                == "1\nchanges: 0   total_changes: 0\n2\nchanges: 0   total_changes: 0\n")
    }

    /// An error drops the rest of its line, and the `.once` that redirected the line ends
    /// with it, as in sqlite3: the next line's results are shown (sqlive kept the file armed
    /// when the failing statement was not the last of its line).
    @Test func once_ends_with_a_line_whose_statement_failed() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("once.txt")
        let session = try TestSession()
        #expect(session.run(".once \(file)\nselect 1,; select 2;\nselect 3;") == "3\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "")
    }

    @Test func output_to_an_unwritable_place_is_an_error_and_output_stays() throws {
        let session = try TestSession()
        #expect(session.run(".output /no/such/folder/x.txt\nselect 1;") == "1\n")
        #expect(session.errorText.hasPrefix("error: test.sql:1: cannot write to /no/such/folder/x.txt: "))
    }

    @Test func open_switches_databases_and_keeps_the_old_one_on_failure() throws {
        let folder = try TemporaryFolder()
        let session = try TestSession()
        session.run("create table first(a);")
        session.run(".open \(folder.path("second.db"))\ncreate table second(b);")
        #expect(session.run(".tables") == "second\n")
        session.run(".open \(folder.url.path)")
        #expect(session.errorText.contains("it is a directory"))
        #expect(session.run(".tables") == "second\n")
    }
}
