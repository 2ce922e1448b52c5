import GRDBSQLite
import SQLiveTestSupport
import Testing
@testable import SQLiveKit

/// The splitter's one-pass path for a line that is one statement (``OneLineStatement``) must
/// say yes only where the general path, `sqlite3_complete` and then the split into
/// statements, would make that line one unit of its own.
@Suite struct OneLineStatementTests {
    /// What the general path makes of a line: complete, and one statement, the line itself.
    private func generalPathMakesOneUnit(_ line: String) -> Bool {
        guard line.withCString({ sqlite3_complete($0) }) != 0 else { return false }
        var statements: [String] = []
        InputSplitter.forEachStatement(in: line) { statement, _ in statements.append(statement) }
        return statements == [line]
    }

    @Test func random_lines_take_the_fast_path_only_where_the_general_path_agrees() {
        let seed = SeededRandom.seed(from: "ONE_LINE_SEED")
        var random = SeededRandom(seed: seed)
        let openers = ["insert", "INSERT", "select", "Select", "create", "CREATE", "explain", "end", "values",
                       "with", "update", "go", "temp", "trigger", "begin", "x", "é", "drop", "pragma"]
        let pieces = [" ", " ", "\t", "\r", "\n", "\u{0B}", "\u{0C}", ";", ";", "'", "''", "\"", "`", "[", "]",
                      "--", "-", "/*", "*/", "/", "*", "a", "1", "(", ")", ",", "é", "create", "trigger",
                      "end", "begin", "temp", "\u{0}", "$"]
        var fastPathLines = 0
        for _ in 0..<20_000 {
            var line = random.pick(openers)
            for _ in 0..<random.int(in: 0...10) { line += random.pick(pieces) }
            if random.chance(0.5) { line += ";" }
            if random.chance(0.2) { line += random.pick([" -- c", " /* c */", "  ", " /* open", "\t-- ;"]) }
            guard OneLineStatement.isWhole(line) else { continue }
            fastPathLines += 1
            #expect(generalPathMakesOneUnit(line), "seed \(seed) (ONE_LINE_SEED=\(seed)): \(line.debugDescription)")
        }
        // The comparison means something only if many lines took the fast path.
        #expect(fastPathLines > 1_000, "seed \(seed): \(fastPathLines) lines took the fast path")
    }

    @Test func a_line_of_one_statement_is_whole_with_what_may_follow_its_semicolon() {
        for line in ["insert into t values(1, 'a;b');", "select 1; -- done", "select 1;  /* c */ ",
                     "update t set a = [x;y];", "INSERT INTO t VALUES(\"a\", `b`, 'it''s');"] {
            #expect(OneLineStatement.isWhole(line), "\(line)")
            #expect(generalPathMakesOneUnit(line), "\(line)")
        }
    }

    @Test func lines_the_general_path_must_read_are_not_whole() {
        // Two statements, an empty one, none complete, a trigger's word first, not a
        // statement keyword (a DSL query), `go`, a vertical tab (not a space to SQLite).
        for line in ["select 1; select 2;", "select 1;;", "select 'open;", "select 1", "select 1; /* open",
                     "create table t(a);", "explain select 1;", "player.filter(x);", " select 1;",
                     "go", "select 1;\u{0B}", "select 1 -- c;"] {
            #expect(!OneLineStatement.isWhole(line), "\(line.debugDescription)")
        }
    }

    @Test func a_whole_line_keeps_the_skipped_lines_before_it_for_echo_and_its_line_number() {
        var splitter = InputSplitter(source: "t.sql")
        var units = ["-- note", "", "select 1;", "select 2;"].flatMap { splitter.feed($0) }
        units += splitter.finish()
        #expect(units.map(\.text) == ["select 1;", "select 2;"])
        #expect(units.map(\.echo) == ["-- note\n\nselect 1;", nil])
        #expect(units.map(\.location.line) == [3, 4])
        #expect(units.map(\.chunk) == [1, 2])
        #expect(units.map(\.endsChunk) == [true, true])
    }
}
