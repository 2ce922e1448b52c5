import Foundation
import Testing
import SQLiveTestSupport

/// What reaches a terminal: control characters in values are shown (`^[`, `^G`) wherever
/// output is a terminal, whether or not it reports a size, and sqlive's own styling is
/// added after the data was made safe, so it is never shown as `^[[2m`.
@Suite struct TerminalBytesTests {
    /// An OSC 52 clipboard write, then a bell.
    static let clipboardWrite = "'a'||char(27)||']52;c;cHduZWQ='||char(7)||'b'"

    /// Runs sqlive on a terminal of size 0×0, as `script` gives when its own input is not a
    /// terminal (so do some serial consoles and CI ptys): what the terminal received.
    private func zeroSizedTerminal(_ arguments: [String]) throws -> Data {
        let command = ([BinaryRunner.sqlivePath, "--no-init"] + arguments).map(TmuxTerminal.shellQuoted).joined(separator: " ")
        let result = try BinaryRunner.run("/usr/bin/script", ["-qec", "stty size; " + command, "/dev/null"], input: Data())
        #expect(result.stdout.hasPrefix("0 0\r\n"), "the terminal was sized: \(result)")
        return result.stdoutBytes
    }

    @Test(arguments: [["--list"], ["--line"], ["--csv"], ["--box"], ["--quote"], ["--html"], ["--json"]])
    func an_unsized_terminal_gets_no_control_characters(_ mode: [String]) throws {
        let bytes = try zeroSizedTerminal(mode + [":memory:", "select \(Self.clipboardWrite) as x"])
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "\(String(decoding: bytes, as: UTF8.self))")
        #expect(String(decoding: bytes, as: UTF8.self).contains("]52;c;cHduZWQ="))
    }

    @Test func pane_blocks_and_the_pane_list_on_an_unsized_terminal_get_no_control_characters() throws {
        let bytes = try zeroSizedTerminal(["--list", ":memory:", ".pin select \(Self.clipboardWrite) as x", ".panes"])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "\(text)")
        #expect(text.contains("-- pane 1"), "\(text)")
    }

    /// A CSI in its 8-bit form (U+009B), which xterm obeys in UTF-8, then a red SGR.
    static let eightBitCSI = "'x'||char(155)||'31mRED'"

    @Test(arguments: [["--list"], ["--line"], ["--csv"], ["--box"], ["--quote"], ["--html"], ["--json"]])
    func an_unsized_terminal_gets_no_C1_control(_ mode: [String]) throws {
        let bytes = try zeroSizedTerminal(mode + [":memory:", "select \(Self.eightBitCSI) as x"])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!bytes.contains(Data([0xC2, 0x9B])), "\(text)")
        #expect(text.contains("x<U+009B>31mRED"), "\(text)")
    }

    /// A right-to-left override (U+202E) and a first-strong isolate (U+2068): a terminal that
    /// lays out bidirectional text showed the rest of the line after them reversed.
    static let bidirectionalControls = "'a'||char(8238)||'b'||char(8296)||'c'"

    private static func holdsBidirectionalControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }

    @Test(arguments: [["--list"], ["--line"], ["--csv"], ["--box"], ["--quote"], ["--html"], ["--json"]])
    func an_unsized_terminal_gets_no_bidirectional_control(_ mode: [String]) throws {
        let text = String(decoding: try zeroSizedTerminal(mode + [":memory:", "select \(Self.bidirectionalControls) as x"]), as: UTF8.self)
        #expect(!Self.holdsBidirectionalControl(text), "\(text)")
        #expect(text.contains("a<U+202E>b<U+2068>c"), "\(text)")
    }

    /// The invisible right-to-left and left-to-right marks (U+200F, U+200E, U+061C): a
    /// terminal that lays out bidirectional text showed `a` RLM `1|2` as `a2|1`, two cells
    /// swapped with nothing to see (sqlite3 alike).
    static let bidirectionalMarks = "'a'||char(8207)||'1|2'||char(8206)||'b'||char(1564)||'c'"

    @Test(arguments: [["--list"], ["--line"], ["--csv"], ["--box"], ["--quote"], ["--html"], ["--json"]])
    func an_unsized_terminal_gets_no_invisible_bidirectional_mark(_ mode: [String]) throws {
        let text = String(decoding: try zeroSizedTerminal(mode + [":memory:", "select \(Self.bidirectionalMarks) as x"]), as: UTF8.self)
        #expect(!text.unicodeScalars.contains { [0x200E, 0x200F, 0x061C].contains($0.value) }, "\(text)")
        #expect(text.contains("a<U+200F>1|2<U+200E>b<U+061C>c"), "\(text)")
    }

    /// A CSI as the one byte 0x9B, no part of a UTF-8 sequence: a terminal that reads 8-bit
    /// input (`LANG=C`, a Latin-1 xterm, the Linux console outside UTF-8 mode) obeys it. A
    /// character whose UTF-8 holds the same byte (Ǜ is C7 9B, € E2 82 AC) is left whole.
    static let strayEightBitCSI = "cast(x'789b33316d524544c79be282ac' as text)"

    @Test(arguments: [["--list"], ["--line"], ["--csv"], ["--box"], ["--quote"], ["--html"], ["--json"]])
    func an_unsized_terminal_gets_no_stray_C1_byte(_ mode: [String]) throws {
        let bytes = try zeroSizedTerminal(mode + [":memory:", "select \(Self.strayEightBitCSI) as x"])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!bytes.contains(Data([0x78, 0x9B])), "\(text)")
        #expect(text.contains("x<0x9B>31mREDǛ€"), "\(text)")
    }

    /// Names too: `.tables`, an error naming a table, the line it quotes, pane blocks.
    @Test func names_errors_and_panes_on_an_unsized_terminal_get_no_bidirectional_control() throws {
        let text = String(decoding: try zeroSizedTerminal([
            "--list", ":memory:", "create table \"t\u{202E}x\"(a)", ".tables", ".pin select \(Self.bidirectionalControls) as p",
            ".panes", "select nosuch from \"t\u{202E}x\""]), as: UTF8.self)
        #expect(!Self.holdsBidirectionalControl(text), "\(text)")
        #expect(text.contains("t<U+202E>x"), "\(text)")
        #expect(text.contains("a<U+202E>b<U+2068>c"), "\(text)")
        #expect(text.contains("select nosuch from \"t?x\""), "\(text)")
    }

    /// `.log stderr` and `.trace stderr` write what the file controls: a name SQLite quotes
    /// in a message, the message a view gives `sqlite_log()`, a trigger's SQL.
    @Test func the_error_log_and_the_trace_on_a_terminal_show_control_characters() throws {
        // The failing statement last: the script stops at it.
        let bytes = try zeroSizedTerminal([":memory:",
                                           "create table t(a); create trigger \"tr\u{1B}[2J\" after insert on t begin select 1; end",
                                           ".trace stderr", "insert into t values (1)", ".trace off",
                                           ".log stderr", "select sqlite_log(1, \(Self.clipboardWrite))",
                                           "select * from \"no\u{1B}]0;title\u{07}such\""])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "\(text)")
        #expect(text.contains("(1) a^[]52;c;cHduZWQ=^Gb"), "\(text)")
        #expect(text.contains("(1) no such table: no^[]0;title^Gsuch"), "\(text)")
        #expect(text.contains("-- TRIGGER tr^[[2J"), "\(text)")
    }

    /// The chart's header line names the columns; sqlive styles it, so it is appended
    /// after being made safe (`?`, as the labels are) rather than through the filter.
    @Test func chart_headers_on_an_unsized_terminal_get_no_control_characters() throws {
        let name = "\"n\u{1B}]52;c;cHduZWQ=\u{07}\""
        let bytes = try zeroSizedTerminal([":memory:", ".headers on", ".chart select 'a' as \(name), 5 as \(name)",
                                           ".chart select 5 as \(name)"])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\u{1B}]") && !bytes.contains(0x07), "\(text)")
        #expect(text.components(separatedBy: "n?]52;c;cHduZWQ=?").count == 4, "\(text)")
    }

    /// Runs sqlive on a tmux terminal with `-c` commands, colour on, and returns the screen.
    private func screen(_ arguments: [String], width: Int = 80, height: Int = 40) throws -> String {
        let terminal = try TmuxTerminal(
            // Colour on: NO_COLOR may be set around the tests.
            command: ["env", "-u", "NO_COLOR", "/bin/sh", "-c", "\"$@\"; echo '<end>'; sleep 30", "sh", BinaryRunner.sqlivePath, "--no-init"] + arguments,
            environment: ["LANG": "C.UTF-8", "HOME": "/nonexistent", "TERM": "xterm-256color"], width: width, height: height, timeout: 15)
        defer { terminal.close() }
        return try terminal.waitForScreen("the end of the run") { $0.hasSuffix("<end>") }
    }

    @Test(.enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
    func a_grid_shows_a_bell_and_an_escape_as_line_mode_does() throws {
        let shown = try screen(["--box", ":memory:", "-c", "select 'a'||char(7)||'b' as x, 'c'||char(27)||'d' as y"])
        #expect(shown == """
            ┌──────┬──────┐
            │  x   │  y   │
            ├──────┼──────┤
            │ a^Gb │ c^[d │
            └──────┴──────┘
            (1 row)
            <end>
            """, "\(shown)")
    }

    /// Shown as `<U+202E>` inside the grid, and counted at that width: the borders line up.
    @Test(.enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
    func a_grid_shows_a_bidirectional_override_and_stays_aligned() throws {
        let shown = try screen(["--box", ":memory:", "-c", "select 'a'||char(8238)||'b' as x, 12 as y"])
        #expect(shown == """
            ┌────────────┬────┐
            │     x      │ y  │
            ├────────────┼────┤
            │ a<U+202E>b │ 12 │
            └────────────┴────┘
            (1 row)
            <end>
            """, "\(shown)")
    }

    /// A right-to-left mark and a stray 0x9B byte, shown and counted at that width.
    @Test(.enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
    func a_grid_shows_a_bidirectional_mark_and_a_stray_C1_byte_and_stays_aligned() throws {
        let shown = try screen(["--box", ":memory:", "-c", "select 'a'||char(8207)||'b' as x, cast(x'639b64' as text) as y, 12 as z"])
        #expect(shown == """
            ┌────────────┬──────────┬────┐
            │     x      │    y     │ z  │
            ├────────────┼──────────┼────┤
            │ a<U+200F>b │ c<0x9B>d │ 12 │
            └────────────┴──────────┴────┘
            (1 row)
            <end>
            """, "\(shown)")
    }

    @Test(.enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
    func the_notes_under_a_cut_or_expanded_grid_and_the_pane_list_show_no_escape_codes() throws {
        let long = String(repeating: "w", count: 120)
        let shown = try screen([":memory:",
                                "-c", "select '\(long)' as a, '\(long)' as b",
                                "-c", "select " + (1...14).map { "'value number \($0)' as column_\($0)" }.joined(separator: ", "),
                                "-c", ".pin select '\(long)' as c",
                                "-c", ".panes"], width: 60, height: 120)
        #expect(!shown.contains("^["), "\(shown)")
        let joined = shown.replacingOccurrences(of: "\n", with: "")
        #expect(joined.contains("(1 row; 2 values cut to fit: .mode line or .once FILE shows"), "\(shown)")
        #expect(shown.contains("(expanded to fit 60 columns)"), "\(shown)")
    }
}
