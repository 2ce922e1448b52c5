import Testing
@testable import SQLiveKit

/// How the input splitter tells DSL queries from SQL, and where a DSL query ends.
@Suite struct DSLInputTests {
    private func split(_ lines: [String]) -> [InputUnit] {
        var splitter = InputSplitter(source: "t.sql")
        var units = lines.flatMap { splitter.feed($0) }
        units += splitter.finish()
        return units
    }

    private func dsl(_ text: String, line: Int) -> InputUnit {
        InputUnit(kind: .dsl, text: text, location: SourceLocation(source: "t.sql", line: line))
    }

    @Test func a_line_not_starting_with_an_sql_keyword_is_a_dsl_query() {
        #expect(split(["player.filter(score > 10)", "select 1;"]) == [
            dsl("player.filter(score > 10)", line: 1),
            InputUnit(kind: .sql, text: "select 1;", location: SourceLocation(source: "t.sql", line: 2)),
        ])
    }

    /// A line whose first name is followed by anything but `.`, `(`, `;` or a comment is a
    /// misspelt SQL statement, as sqlite3 reads it: `selec '(';` was taken for a query whose
    /// `(` kept the next line waiting, and `SELEC 1; UPDATE t SET x = '` ran the next lines
    /// that sqlite3 reads as its open string.
    @Test func a_name_followed_by_a_space_and_more_is_misspelt_sql() {
        let sql = { (text: String, line: Int) in InputUnit(kind: .sql, text: text, location: SourceLocation(source: "t.sql", line: line)) }
        #expect(split(["selec '(';", "select 2;"]) == [sql("selec '(';", 1), sql("select 2;", 2)])
        #expect(split(["hello world;"]) == [sql("hello world;", 1)])
        #expect(split(["SELEC 1; UPDATE t SET x = '", "CREATE TABLE t6(a);"]).map(\.kind) == [.incompleteSQL])
        #expect(split(["player;", "player // all", "`order item`.select(x)", "try player.fetchAll(db)", "let n = player.count"])
            .map(\.kind) == [.dsl, .dsl, .dsl, .dsl, .dsl])
    }

    @Test func a_dsl_query_ends_at_the_end_of_its_line() {
        #expect(split(["player", "team;"]) == [dsl("player", line: 1), dsl("team;", line: 2)])
    }

    @Test func an_open_bracket_continues_the_query_on_the_next_lines() {
        let lines = ["player.filter(", "  score > 10 && [1,", "  2].contains(teamId)", ")", "team"]
        #expect(split(lines) == [dsl(lines[0..<4].joined(separator: "\n"), line: 1), dsl("team", line: 5)])
    }

    @Test func brackets_in_strings_and_comments_do_not_count() {
        #expect(split([#"player.filter(name == "(" ) // ("#, #"team.filter(name == "\")")"#]) == [
            dsl(#"player.filter(name == "(" ) // ("#, line: 1),
            dsl(#"team.filter(name == "\")")"#, line: 2),
        ])
    }

    @Test func comment_lines_are_skipped() {
        #expect(split(["// players", "   // more", "player"]) == [dsl("player", line: 3)])
    }

    @Test func meta_commands_and_sql_comments_are_not_dsl() {
        #expect(split([".mode csv", "-- a comment", "/* another */", "player"]).map(\.kind) == [.command, .dsl])
    }

    @Test func a_query_left_open_at_the_end_of_input_is_still_a_dsl_unit() {
        #expect(split(["player.filter(score > 10"]) == [dsl("player.filter(score > 10", line: 1)])
    }

    @Test func classification_follows_sql_keywords_in_any_case() {
        #expect(split(["SeLeCt 1;", "with x as (select 1) select * from x;", "values (1);", "explain select 1;"]).map(\.kind)
                == [.sql, .sql, .sql, .sql])
        #expect(split(["selection.count", "updates.count"]).map(\.kind) == [.dsl, .dsl])
    }

    @Test(arguments: [
        ("select 1", true), ("  SeLeCt *", true), ("\twith x as (select 1)", true), ("savepoint a", true),
        ("VALUES(1)", true), ("end;", true), ("select1", true), ("-- comment", true), ("/* comment */", true),
        ("(select 1)", true), (";", true), ("", true), ("   ", true), ("1 + 1", true), ("\u{1}(x", true), ("[1]", true),
        ("savepoints", false), ("player", false), ("// comment", false), ("_select", false), ("selección", false),
        ("élan", false), ("updates.count", false), ("`order item`.count", false),
    ])
    func sql_is_told_by_its_first_word(text: String, isSQL: Bool) {
        #expect(SQLKeywords.startsSQLStatement(text) == isSQL)
    }
}
