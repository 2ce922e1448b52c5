import Foundation
import Testing
@testable import SQLiveKit

/// Input that is not a script is refused before it costs memory (`.read /dev/zero` grew
/// one line until memory ran out, then counted as end of file with status 0), and a line
/// quoted under an error is cut short (`.read /etc/passwd` printed the file, line by line).
@Suite struct ScriptInputLimitTests {
    /// Feeds `blocks` to an assembler, one per read, and returns the lines and the failure.
    private func assemble(_ blocks: [[UInt8]], lineLimit: Int = LineAssembler.maximumLineBytes) -> ([String], Diagnostic?) {
        var assembler = LineAssembler(source: "input", lineLimit: lineLimit)
        var remaining = blocks[...]
        var lines: [String] = []
        while let line = assembler.nextLine(fill: { buffer in
            guard let block = remaining.popFirst() else { return 0 }
            buffer.copyBytes(from: block)
            return block.count
        }) {
            lines.append(line)
        }
        return (lines, assembler.failure)
    }

    @Test func text_is_cut_into_lines_across_blocks() {
        let (lines, failure) = assemble([Array("select 1;\nsel".utf8), Array("ect 2;\nlast".utf8)])
        #expect(lines == ["select 1;", "select 2;", "last"])
        #expect(failure == nil)
    }

    /// sqlite3 drops a CR before a LF, wherever the blocks split them; a CR alone stays.
    @Test func a_carriage_return_before_a_line_feed_is_dropped_across_blocks() {
        let (lines, failure) = assemble([Array("a\r\nb\r".utf8), Array("\nc\rd\n\r".utf8), Array("\ne\r".utf8)])
        #expect(lines == ["a", "b", "c\rd", "", "e\r"])
        #expect(failure == nil)
    }

    @Test func an_endless_run_of_nul_bytes_is_refused_at_the_first_block() {
        let (lines, failure) = assemble([Array("select 1;\n".utf8)] + Array(repeating: [UInt8](repeating: 0, count: 60_000), count: 1000))
        #expect(lines == ["select 1;"])
        #expect(failure == Diagnostic("not a script of text: the line holds 60000 NUL bytes; nothing more of input was read",
                                      location: SourceLocation(source: "input", line: 2),
                                      hint: "sqlive reads SQL and meta-commands as text"))
    }

    @Test func a_few_nul_bytes_stay_in_the_line_for_sqlite_to_report() {
        let (lines, failure) = assemble([Array("select 1".utf8) + [0] + Array(";\n".utf8)])
        #expect(lines == ["select 1\u{FFFD};"])
        #expect(failure == nil)
    }

    @Test func a_line_without_end_is_refused_at_the_limit() {
        let (lines, failure) = assemble(Array(repeating: [UInt8](repeating: UInt8(ascii: "y"), count: 1000), count: 100), lineLimit: 5000)
        #expect(lines == [])
        #expect(failure?.message == "not a script of text: the line is longer than 5000 bytes; nothing more of input was read")
    }

    @Test func a_quoted_line_is_cut_around_the_caret() {
        let line = String(repeating: "a", count: 100) + " error here " + String(repeating: "b", count: 100)
        let lines = DiagnosticPrinter.caretLines(Diagnostic.Excerpt(text: line, offset: 101))
        #expect(lines == "  …" + String(repeating: "a", count: 68) + " error here " + String(repeating: "b", count: 58) + "…\n"
                + "  " + String(repeating: " ", count: 70) + "^\n")
        let short = "select " + String(repeating: "x", count: 140) + " from;"
        #expect(DiagnosticPrinter.caretLines(Diagnostic.Excerpt(text: short, offset: 148)) == "  \(short)\n  " + String(repeating: " ", count: 148) + "^\n")
    }

    @Test func read_of_dev_zero_is_an_error_and_the_session_goes_on() throws {
        let test = try TestSession()
        #expect(test.run(".read /dev/zero\nselect 'after';") == "after\n")
        #expect(test.errorText == """
            error: /dev/zero:1: not a script of text: the line holds 65536 NUL bytes; nothing more of /dev/zero was read
              sqlive reads SQL and meta-commands as text

            """)
    }
}
