import Foundation
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Inputs the fuzz targets (`Fuzzing/`, see docs/FUZZING.md) found mishandled, each exactly
/// as found (minus the leading bytes a target reads as its own choices), with the behaviour
/// now expected of it.
@Suite struct FuzzRegressionTests {
    private func lines(_ source: some LineSource) -> [String] {
        var source = source
        return Array(sequence(state: ()) { _ in source.nextLine() })
    }

    private func fileLines(_ bytes: [UInt8]) throws -> [String] {
        let folder = try TemporaryFolder()
        let path = folder.path("input.sql")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return lines(try FileLineSource(path: path))
    }

    /// FuzzSplitter: `StringLineSource` (`-c`, migration files) kept `\r\n` lines together,
    /// as `\r\n` is one Character to Swift; a file read the same bytes as two lines. (A file
    /// drops the CR before a LF, as sqlite3 reads one; an argument keeps it, as sqlite3 does.)
    @Test func string_lines_split_crlf_like_a_file() throws {
        let bytes: [UInt8] = [0x53, 0x0D, 0x0A, 0x0C]
        #expect(lines(StringLineSource(String(decoding: bytes, as: UTF8.self))) == ["S\r", "\u{0C}"])
        #expect(try fileLines(bytes) == ["S", "\u{0C}"])
    }

    /// FuzzSplitter: a NUL followed by a combining mark is one Character, which the String
    /// search for "\0" missed: the NUL reached SQLite, which silently read the line up to it.
    @Test func nul_before_a_combining_mark_is_shown_not_kept() throws {
        let bytes: [UInt8] = [0x00, 0xD9, 0x90]
        #expect(try fileLines(bytes) == ["\u{FFFD}\u{0650}"])
    }

    /// FuzzSplitter: with empty statements after the last one (`;;;;`), the space that
    /// ended the line was glued onto it, so its text was no longer a slice of the input.
    @Test func text_after_empty_statements_is_not_glued_to_the_last_one() {
        var splitter = InputSplitter(source: "fuzz.sql")
        var units = splitter.feed("+;;;;; ")
        units += splitter.finish()
        #expect(units == [InputUnit(kind: .sql, text: "+;", location: SourceLocation(source: "fuzz.sql", line: 1))])
    }

    /// FuzzSplitter (a CI run): a last statement without `;` on a line ending in `\r` kept the
    /// `\n;` the splitter appends to test it, because "\r\n" is one Character and the
    /// suffix was compared by Characters.
    @Test func a_last_statement_ending_in_a_carriage_return_keeps_only_its_own_text() {
        var splitter = InputSplitter(source: "fuzz.sql")
        var units = splitter.feed("select 1\r")
        units += splitter.finish()
        #expect(units == [InputUnit(kind: .sql, text: "select 1\r", location: SourceLocation(source: "fuzz.sql", line: 1))])
    }

    @Test func the_statement_before_empty_ones_fails_with_sqlites_error() throws {
        let session = try TestSession()
        session.run("+;;;;; ")
        #expect(session.errorText == """
            error: test.sql:1: near "+": syntax error
              +;
              ^

            """)
    }

    /// FuzzCSV: a file read in blocks smaller than a byte order mark (a pipe's short reads
    /// do the same) kept the mark as text at the start of the first field.
    @Test func a_byte_order_mark_split_across_reads_is_skipped() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("bom.csv")
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0x00, 0x00, 0x00, 0x00] + Array("1,\"a, b\"\n2,x\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for blockSize in [1, 2, 3, DelimitedReader.blockSize] {
            let reader = try DelimitedReader(path: path, separator: UInt8(ascii: ";"), blockSize: blockSize)
            var record = DelimitedRecord()
            var fields: [[String]] = []
            while try reader.read(into: &record) { fields.append(record.fields) }
            #expect(fields == [["\0\0\0\01,\"a, b\""], ["2,x"]], "blocks of \(blockSize)")
            #expect(reader.bytesConsumed == bytes.count)
        }
    }

    /// FuzzCommands: a `'` followed by a combining mark is one Character but two scalars; the
    /// tokenizer, reading scalars, keeps it inside the word (the target's own check did not).
    @Test func a_quote_with_a_combining_mark_stays_inside_a_word() {
        let line = ".imp\u{0027}\u{0619}x"
        #expect(CommandLineTokenizer.words(line) == [line])
    }
}
