import Foundation
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// The streaming CSV/TSV reader behind `.import`: RFC 4180 quoting, line numbers, and the
/// leniencies sqlite3 has.
@Suite struct ImportReaderTests {
    private struct Read: Equatable {
        var line: Int
        var fields: [String]
        var unterminatedQuoteLine: Int? = nil
        var unescapedQuoteLines: [Int] = []
    }

    private func read(_ bytes: [UInt8], separator: Character = ",") throws -> [Read] {
        let folder = try TemporaryFolder()
        let path = folder.path("input.csv")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let reader = try DelimitedReader(path: path, separator: separator.asciiValue ?? 0)
        var record = DelimitedRecord()
        var records: [Read] = []
        while try reader.read(into: &record) {
            records.append(Read(line: record.line, fields: record.fields, unterminatedQuoteLine: record.unterminatedQuoteLine,
                                unescapedQuoteLines: record.unescapedQuoteLines))
        }
        return records
    }

    private func read(_ text: String, separator: Character = ",") throws -> [Read] {
        try read(Array(text.utf8), separator: separator)
    }

    @Test func fields_are_split_on_the_separator_and_records_on_newlines() throws {
        #expect(try read("a,b,c\n1,2,3\n") == [Read(line: 1, fields: ["a", "b", "c"]), Read(line: 2, fields: ["1", "2", "3"])])
    }

    @Test func the_last_record_needs_no_newline() throws {
        #expect(try read("a,b\n1,2") == [Read(line: 1, fields: ["a", "b"]), Read(line: 2, fields: ["1", "2"])])
    }

    @Test func crlf_line_endings_are_removed() throws {
        #expect(try read("a,b\r\n1,\"2\"\r\n") == [Read(line: 1, fields: ["a", "b"]), Read(line: 2, fields: ["1", "2"])])
    }

    @Test func csv_quotes_embedded_newlines_separators_and_doubled_quotes() throws {
        let text = "id,note\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n3,\"two\nlines\"\n4,x\n"
        #expect(try read(text) == [
            Read(line: 1, fields: ["id", "note"]),
            Read(line: 2, fields: ["1", "a, b"]),
            Read(line: 3, fields: ["2", "say \"hi\""]),
            Read(line: 4, fields: ["3", "two\nlines"]),
            Read(line: 6, fields: ["4", "x"]),
        ])
    }

    @Test func empty_fields_and_a_trailing_separator_count() throws {
        #expect(try read(",,\n\"\",x,\n") == [Read(line: 1, fields: ["", "", ""]), Read(line: 2, fields: ["", "x", ""])])
    }

    @Test func a_quote_inside_an_unquoted_field_is_a_character() throws {
        #expect(try read("5\" disk,3\n") == [Read(line: 1, fields: ["5\" disk", "3"])])
    }

    /// As sqlite3: a quote followed by text is kept, and the field reads on as quoted up to
    /// a quote followed by a separator or the end of the record.
    @Test func text_after_a_closing_quote_keeps_the_quote_and_the_field_open() throws {
        #expect(try read("\"a\"b,c\n\"d\",e\n") == [Read(line: 1, fields: ["a\"b,c\n\"d", "e"], unescapedQuoteLines: [1, 2])])
        #expect(try read("\"a\"\rb\",c\n\"x\"\r\n") == [Read(line: 1, fields: ["a\"\rb", "c"]), Read(line: 2, fields: ["x"])])
        #expect(try read("\"ab\"cd,e\n") == [Read(line: 1, fields: ["ab\"cd,e\n"], unterminatedQuoteLine: 1, unescapedQuoteLines: [1])])
    }

    @Test func an_unterminated_quote_runs_to_the_end_and_says_where_it_opened() throws {
        #expect(try read("a,b\n1,\"open\n2,3\n") == [
            Read(line: 1, fields: ["a", "b"]),
            Read(line: 2, fields: ["1", "open\n2,3\n"], unterminatedQuoteLine: 2),
        ])
    }

    @Test func a_utf8_byte_order_mark_is_skipped() throws {
        #expect(try read([0xEF, 0xBB, 0xBF] + Array("name\nÅsa\n".utf8)) == [Read(line: 1, fields: ["name"]), Read(line: 2, fields: ["Åsa"])])
    }

    @Test func tsv_uses_tabs_and_keeps_commas() throws {
        #expect(try read("a\tb,c\n1\t\"x\ty\"\n", separator: "\t") == [Read(line: 1, fields: ["a", "b,c"]), Read(line: 2, fields: ["1", "x\ty"])])
    }

    @Test func blank_lines_are_records_marked_blank() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("blank.csv")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("a\n\r\n\nb\n".utf8)))
        let reader = try DelimitedReader(path: path, separator: UInt8(ascii: ","))
        var record = DelimitedRecord()
        var blanks: [Bool] = []
        while try reader.read(into: &record) { blanks.append(record.isBlankLine) }
        #expect(blanks == [false, true, true, false])
    }

    @Test func records_crossing_block_boundaries_are_read_whole() throws {
        // Enough rows to span several 1 MiB blocks, with quoted newlines at every size.
        var text = "n,text\n"
        var expected = [Read(line: 1, fields: ["n", "text"])]
        var line = 2
        for number in 0..<100_000 {
            let body = String(repeating: "x", count: number % 37) + (number % 5 == 0 ? "\n\"\"" : "")
            text += "\(number),\"\(body.replacingOccurrences(of: "\"", with: "\"\""))\"\n"
            expected.append(Read(line: line, fields: ["\(number)", body]))
            line += number % 5 == 0 ? 2 : 1
        }
        #expect(text.utf8.count > 2 * DelimitedReader.blockSize)
        let records = try read(text)
        #expect(records.count == expected.count)
        #expect(records == expected)
    }

    @Test func bytes_consumed_reach_the_file_size() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("size.csv")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("a,b\n1,2\n".utf8)))
        let reader = try DelimitedReader(path: path, separator: UInt8(ascii: ","))
        var record = DelimitedRecord()
        while try reader.read(into: &record) {}
        #expect(reader.fileSize == 8)
        #expect(reader.bytesConsumed == 8)
    }

    @Test func a_missing_file_is_a_clear_error() {
        #expect(throws: Diagnostic("cannot read /nonexistent/x.csv: No such file or directory")) {
            try DelimitedReader(path: "/nonexistent/x.csv", separator: UInt8(ascii: ","))
        }
    }

    @Test func utf8_check_finds_the_first_invalid_byte() {
        #expect(UTF8Check.firstInvalidOffset(Array("plain ascii".utf8)) == nil)
        #expect(UTF8Check.firstInvalidOffset(Array("naïve 日本 😀".utf8)) == nil)
        #expect(UTF8Check.firstInvalidOffset([0x61, 0xFF]) == 1)
        #expect(UTF8Check.firstInvalidOffset([0xC0, 0xAF]) == 0, "overlong")
        #expect(UTF8Check.firstInvalidOffset([0xED, 0xA0, 0x80]) == 0, "surrogate")
        #expect(UTF8Check.firstInvalidOffset([0x61, 0xE6, 0x97]) == 1, "cut short")
        #expect(UTF8Check.firstInvalidOffset([0xF4, 0x90, 0x80, 0x80]) == 0, "past U+10FFFF")
    }
}
