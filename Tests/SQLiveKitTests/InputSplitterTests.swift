import Testing
@testable import SQLiveKit

@Suite struct InputSplitterTests {
    private func split(_ lines: [String]) -> [InputUnit] {
        var splitter = InputSplitter(source: "t.sql")
        var units = lines.flatMap { splitter.feed($0) }
        units += splitter.finish()
        return units
    }

    private func sql(_ text: String, line: Int) -> InputUnit {
        InputUnit(kind: .sql, text: text, location: SourceLocation(source: "t.sql", line: line))
    }

    @Test func a_statement_spans_lines_until_its_semicolon() {
        #expect(split(["select", "  1", ";"]) == [sql("select\n  1\n;", line: 1)])
    }

    @Test func several_statements_on_one_line_are_separate_units() {
        #expect(split(["select 1; select 2;"]) == [sql("select 1;", line: 1), sql(" select 2;", line: 1)])
    }

    @Test func semicolons_inside_strings_and_comments_do_not_end_a_statement() {
        #expect(split(["select 'a;b', -- c;", "/* ; */ 2;"]) == [sql("select 'a;b', -- c;\n/* ; */ 2;", line: 1)])
    }

    @Test func a_trigger_body_ends_at_END() {
        let lines = ["create trigger t after insert on x begin", "  delete from y;", "  delete from z;", "end;"]
        #expect(split(lines) == [sql(lines.joined(separator: "\n"), line: 1)])
    }

    /// A comment of several lines is skipped as sqlite3 skips it, and a comment that ends on
    /// a later line after a statement's `;` completes that statement: in both cases the next
    /// line starts afresh (a dot-command there was taken for SQL, and failed with what
    /// followed it).
    @Test func a_comment_of_several_lines_ends_where_sqlite3_ends_it() {
        let command = InputUnit(kind: .command, text: ".print hi", location: SourceLocation(source: "t.sql", line: 3))
        #expect(split(["/* a", "b */", ".print hi", "select 1;"]) == [command, sql("select 1;", line: 4)])
        #expect(split(["select 1; /* a", "b */", ".print hi"]) == [sql("select 1; /* a\nb */", line: 1), command])
        #expect(split(["/* a", " b */ -- c", ".print hi"]) == [command])
        #expect(split(["/* a", "*/ select", "1;"]) == [sql("/* a\n*/ select\n1;", line: 1)])
        #expect(split(["select '/* a", "*/';", ".print hi"]) == [sql("select '/* a\n*/';", line: 1), command])
    }

    @Test func each_statement_knows_its_own_line() {
        let units = split(["select 1;", "", "select", "2; select 3;"])
        #expect(units.map(\.location.line) == [1, 3, 4])
    }

    @Test func meta_commands_are_lines_starting_with_a_dot() {
        let units = split([".mode csv", "select '.x", ".y';"])
        #expect(units.map(\.kind) == [.command, .sql])
        #expect(units[1].text == "select '.x\n.y';")
    }

    @Test func comment_lines_between_statements_are_skipped() {
        #expect(split(["-- hello", "/* x */", "select 1;"]) == [sql("select 1;", line: 3)])
    }

    @Test func unfinished_text_at_the_end_is_reported() {
        let units = split(["select 'abc"])
        #expect(units.map(\.kind) == [.incompleteSQL])
    }

    @Test func empty_statements_are_dropped() {
        #expect(split([";;", "select 1;;"]) == [sql("select 1;", line: 2)])
    }

    @Test func a_last_statement_without_semicolon_is_a_statement_at_the_end() {
        #expect(split(["select 1; select", "2"]) == [sql("select 1;", line: 1), sql(" select\n2", line: 1)])
    }

    @Test func a_trailing_comment_does_not_hide_the_last_statement() {
        #expect(split(["select 1 -- done"]) == [sql("select 1 -- done", line: 1)])
    }

    @Test func a_trigger_without_END_stays_incomplete() {
        let units = split(["create trigger r after insert on t begin select 1;"])
        #expect(units.map(\.kind) == [.incompleteSQL])
    }

    @Test func echo_shows_the_chunk_a_statement_completed_once_with_skipped_lines_before_it() {
        let units = split(["-- note", "", "select 1; select", "2;", ".print x"])
        #expect(units.map(\.echo) == ["-- note\n\nselect 1; select\n2;", "", ".print x"])
    }

    @Test func the_statements_one_line_completes_share_a_chunk_as_in_sqlite3() {
        let units = split(["select 1; select", "2; select 3;", ".print x", "select 4;", "select 5; select 6"])
        #expect(units.map(\.chunk) == [1, 1, 1, 2, 3, 4, 4])
        #expect(units.map(\.endsChunk) == [false, false, true, true, true, false, true])
    }

    @Test func hash_lines_go_and_slash_are_read_as_sqlite3_reads_them() {
        // `#` first on a line between statements: skipped; with a space before, or inside a
        // statement, it is SQL.
        #expect(split(["# note", "select 1;", "select 2", "# x", ";"]) == [sql("select 1;", line: 2), sql("select 2\n# x\n;", line: 3)])
        #expect(split([" # note"]).map(\.kind) == [.sql])
        // `go` and `/` alone end the pending statement as `;` (which `.echo` shows).
        let units = split(["select 1", "  GO -- done", "select 2", "/", "go", "/ /* c */"])
        #expect(units == [sql("select 1\n;", line: 1), sql("select 2\n;", line: 3)])
        // What `.echo` shows: a unit without an echo of its own shows its text.
        #expect(units.map { $0.echo ?? $0.text } == ["select 1\n;", "select 2\n;"])
        // Not when a `;` would not end it there (a trigger body, a comment), nor with more on the line.
        #expect(split(["select 1 -- c", "go"]) == [sql("select 1 -- c\ngo", line: 1)])
        for line in ["go;", "gox", "//", "go /* open"] {
            #expect(!InputSplitter.isCommandTerminator(line), "\(line)")
        }
    }

    @Test func a_byte_order_mark_starts_SQL_not_a_DSL_query() {
        let units = split(["\u{FEFF}select 1;", "\u{FEFF}\u{FEFF}select 2;"])
        #expect(units.map(\.kind) == [.sql, .sql])
    }
}
