import Testing
@testable import SQLiveKit
@testable import SQLiveTerminal

/// sqlite3's options, with one dash or two, rewritten into sqlive's before ArgumentParser.
@Suite struct SQLite3OptionsTests {
    @Test func single_dash_long_options_become_sqlive_options() throws {
        #expect(try SQLite3Options.rewrite(["-csv", "-header", "-bail", "-batch", "db", "select 1"])
                == ["--mode", "csv", "--separator", ",", "--headers", "--bail", "--batch", "db", "select 1"])
        #expect(try SQLite3Options.rewrite(["-noheader", "-echo", "-readonly", "-safe", "-version"])
                == ["--no-headers", "--echo", "--readonly", "--safe", "--sqlite-version"])
    }

    @Test func options_taking_a_value_keep_it_even_when_it_looks_like_an_option() throws {
        #expect(try SQLite3Options.rewrite(["-init", "rc", "-nullvalue", "-", "-separator", "--box", "-newline", "x", "-cmd", "-csv"])
                == ["--init", "rc", "--nullvalue", "-", "--separator", "--box", "--newline", "x", "--cmd", "-csv"])
    }

    /// sqlite3 applies the options after a -cmd once it ran: the output settings among them
    /// become marked start commands, in order (the others stay options).
    @Test func output_options_after_a_cmd_become_start_commands() throws {
        #expect(try SQLite3Options.rewrite(["-header", "-cmd", "select 1", "-csv", "-noheader", "-bail", "-readonly", "db"])
                == ["--headers", "--cmd", "select 1", "--cmd", "\u{0}--mode\u{0}csv", "--cmd", "\u{0}--separator\u{0},",
                    "--cmd", "\u{0}--no-headers", "--cmd", "\u{0}--bail", "--readonly", "db"])
        #expect(try SQLite3Options.rewrite(["--cmd", ".print x", "-nullvalue", "N", "--separator", ";"])
                == ["--cmd", ".print x", "--cmd", "\u{0}--nullvalue\u{0}N", "--cmd", "\u{0}--separator\u{0};"])
        var settings = Settings()
        settings.setMode(.list)
        #expect(DeferredOptions.apply("\u{0}--mode\u{0}csv", to: &settings) && settings.mode == .csv)
        #expect(DeferredOptions.apply("\u{0}--nullvalue\u{0}", to: &settings) && settings.nullValue == "")
        #expect(DeferredOptions.apply("\u{0}--headers", to: &settings) && settings.showHeaders)
        #expect(!DeferredOptions.apply(".headers off", to: &settings) && settings.showHeaders)
    }

    @Test func double_dash_sqlite3_options_are_read_too() throws {
        #expect(try SQLite3Options.rewrite([":memory:", "--box", "--quote", "--noheader"])
                == [":memory:", "--mode", "box", "--mode", "quote", "--separator", ",", "--newline", "\n", "--no-headers"])
    }

    @Test func sqlive_options_and_their_values_pass_unchanged() throws {
        let arguments = ["-c", "-csv", "-f", "-box", "--mode", "json", "--headers", "--help", "--version", "-h", "db"]
        #expect(try SQLite3Options.rewrite(arguments) == arguments)
    }

    @Test func everything_after_a_double_dash_is_left_alone() throws {
        #expect(try SQLite3Options.rewrite(["-csv", "--", "-csv"]) == ["--mode", "csv", "--separator", ",", "--", "-csv"])
    }

    @Test func options_sqlive_lacks_are_named_with_the_reason() {
        #expect(throws: Diagnostic("sqlite3's -zip option is not supported: sqlive does not read ZIP archives")) {
            try SQLite3Options.rewrite(["-zip", "a.zip"])
        }
        #expect(throws: Diagnostic("sqlite3's -A option is not supported: sqlive does not read SQL archives")) {
            try SQLite3Options.rewrite(["db.sqlite", "-A", "--list"])
        }
        #expect(throws: Diagnostic("missing argument to -cmd")) {
            try SQLite3Options.rewrite(["-cmd"])
        }
    }
}
