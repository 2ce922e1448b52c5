import Testing
@testable import SQLiveKit

/// The parser: Swift's expression syntax, each construct as a tree, and errors that point at
/// the offending token and say what was expected.
@Suite struct DSLParserTests {
    private func tree(_ query: String) throws -> String {
        try DSLParser.parse(query).sexp
    }

    private func error(_ query: String) -> String {
        do {
            _ = try DSLParser.parse(query)
            return "no error"
        } catch {
            return rendered(error)
        }
    }

    @Test(arguments: [
        ("player", "player"),
        ("player;", "player"),
        ("player.count", "(. player count)"),
        ("player.reversed()", "(call (. player reversed))"),
        ("player.filter(score > 10)", "(call (. player filter) (> score 10))"),
        ("player.filter(score > 10).order(name.desc).limit(5)",
         "(call (. (call (. (call (. player filter) (> score 10)) order) (. name desc)) limit) 5)"),
        ("player.limit(5, offset: 10)", "(call (. player limit) 5 offset: 10)"),
        ("team.including(required: player.filter(key: 1))", "(call (. team including) required: (call (. player filter) key: 1))"),
        ("player.updateAll(score += 1, name.set(to: nil))", "(call (. player updateAll) (+= score 1) (call (. name set) to: nil))"),
    ])
    func requests_are_chains_of_members_and_calls(query: String, expected: String) throws {
        #expect(try tree(query) == expected)
    }

    @Test(arguments: [
        ("a + b * c == d && e || f", "(|| (&& (== (+ a (* b c)) d) e) f)"),
        ("a - b - c", "(- (- a b) c)"),
        ("a / b * c", "(* (/ a b) c)"),
        ("a ?? b ?? c", "(?? a (?? b c))"),
        ("a ?? b == c", "(== (?? a b) c)"),
        ("a + 1...b", "(... (+ a 1) b)"),
        ("a === nil || a !== b", "(|| (=== a nil) (!== a b))"),
        ("a <= b && a >= c && a < d && a > e && a != f", "(&& (&& (&& (&& (<= a b) (>= a c)) (< a d)) (> a e)) (!= a f))"),
        ("x -= 1", "(-= x 1)"),
        ("x *= 2", "(*= x 2)"),
        ("x /= 2", "(/= x 2)"),
        ("(a || b) && c", "(&& (|| a b) c)"),
    ])
    func operators_follow_swift_precedence(query: String, expected: String) throws {
        #expect(try tree(query) == expected)
    }

    @Test(arguments: [
        ("!a", "(! a)"),
        ("!!a", "(! (! a))"),
        ("-1", "(- 1)"),
        ("-a.b", "(- (. a b))"),
        ("!(a > 1)", "(! (> a 1))"),
    ])
    func prefix_operators(query: String, expected: String) throws {
        #expect(try tree(query) == expected)
    }

    @Test(arguments: [
        ("42", "42"),
        ("1_000", "1000"),
        ("2.5", "2.5"),
        ("1e3", "1000.0"),
        ("2.5E-1", "0.25"),
        (#""text""#, "\"text\""),
        (#""a\"b\\c\td\u{E9}""#, "\"a\"b\\c\td\u{E9}\""),
        ("true", "true"),
        ("false", "false"),
        ("nil", "nil"),
        (".nocase", ".nocase"),
        ("count(*)", "(call count *)"),
        ("[1, 2, 3]", "[1 2 3]"),
        ("[1, 2,]", "[1 2]"),
        ("[]", "[]"),
        (#"["id": 1, "name": "x"]"#, "[\"id\": 1, \"name\": \"x\"]"),
        ("[:]", "[]"),
        ("(1...5).contains(x)", "(call (. (... 1 5) contains) x)"),
        ("(1..<5).contains(x)", "(call (. (..< 1 5) contains) x)"),
        ("`order item`.select(`unit price`)", "(call (. order item select) unit price)"),
        ("player // the players", "player"),
        ("player.filter(\n  score > 10\n)", "(call (. player filter) (> score 10))"),
        ("Équipe.filter(nom == \"é\")", "(call (. Équipe filter) (== nom \"é\"))"),
    ])
    func literals_collections_and_names(query: String, expected: String) throws {
        #expect(try tree(query) == expected)
    }

    /// A line pasted from Swift: `try` and the `db` argument are dropped, key methods become
    /// GRDB's `filter(key:)` then the method; `db` anywhere else is a name like any other.
    @Test(arguments: [
        ("try player.fetchAll(db)", "(call (. player fetchAll))"),
        ("try! player.filter(score > 1).fetchCount(db)", "(call (. (call (. player filter) (> score 1)) fetchCount))"),
        ("  try? player.fetchOne(db)", "(call (. player fetchOne))"),
        ("player.fetchOne(db, key: 1)", "(call (. (call (. player filter) key: 1) fetchOne))"),
        ("player.fetchOne(db, id: 1)", "(call (. (call (. player filter) key: 1) fetchOne))"),
        ("player.fetchAll(db, keys: [1, 2])", "(call (. (call (. player filter) keys: [1 2]) fetchAll))"),
        ("player.filter(ids: [1, 2])", "(call (. player filter) keys: [1 2])"),
        ("player.exists(db, key: 1)", "(call (. (call (. player filter) key: 1) exists))"),
        ("player.deleteOne(db, key: 1)", "(call (. (call (. player filter) key: 1) deleteAll))"),
        ("player.deleteAll(db, keys: [1])", "(call (. (call (. player filter) keys: [1]) deleteAll))"),
        ("player.updateAll(db, score += 1)", "(call (. player updateAll) (+= score 1))"),
        ("player.filter(db == 1).select(db)", "(call (. (call (. player filter) (== db 1)) select) db)"),
        ("player.including(required: team.filter(key: 1)).fetchAll(db)",
         "(call (. (call (. player including) required: (call (. team filter) key: 1)) fetchAll))"),
        ("let best = try player.order(score.desc).fetchOne(db)", "(call (. (call (. player order) (. score desc)) fetchOne))"),
        ("var n=player.fetchCount(db)", "(call (. player fetchCount))"),
        ("return try! player.fetchAll(db)", "(call (. player fetchAll))"),
        ("let", "let"),
        ("let.fetchAll()", "(call (. let fetchAll))"),
        ("try", "try"),
        ("try.fetchAll()", "(call (. try fetchAll))"),
        ("trying.fetchAll(db)", "(call (. trying fetchAll))"),
    ])
    func a_line_pasted_from_swift_parses_as_the_dsl_writes_it(query: String, expected: String) throws {
        #expect(try tree(query) == expected)
    }

    @Test func a_pasted_line_keeps_its_text_in_errors() {
        #expect(error("try player.filter(score >).fetchAll(db)") == """
            error: expected an expression after ">", found ")"
              try player.filter(score >).fetchAll(db)
                                       ^

            """)
    }

    @Test func nodes_know_where_they_are() throws {
        let node = try DSLParser.parse("player.filter(score > 10)")
        guard case .call(let callee, let arguments) = node.kind, case .member(_, let name) = callee.kind else {
            Issue.record("unexpected tree \(node.sexp)")
            return
        }
        #expect(name.range == 7..<13)
        #expect(arguments[0].value.range == 14..<24)
        #expect(node.range == 0..<25)
    }

    @Test func errors_point_at_the_token_and_say_what_was_expected() {
        #expect(error("player.filter(score >)") == """
            error: expected an expression after ">", found ")"
              player.filter(score >)
                                   ^

            """)
        #expect(error("player.filter(score > 10") == """
            error: expected "," or ")" after the argument, found end of line
              player.filter(score > 10
                                      ^

            """)
        #expect(error("player.") == """
            error: expected a method or property name after ".", found end of line
              player.
                     ^

            """)
        #expect(error("player filter") == """
            error: expected "." and a method, or end of line after the query, found filter
              player filter
                     ^

            """)
        #expect(error("player;;") == """
            error: expected end of line after the query, found ";"
              player;;
                     ^

            """)
        #expect(error("player.filter(a < b < c)") == """
            error: < and < can't be chained; add parentheses
              player.filter(a < b < c)
                                  ^

            """)
        #expect(error("player.limit(offset: )") == """
            error: expected a value after "offset:", found ")"
              player.limit(offset: )
                                   ^

            """)
        #expect(error("(a, b)") == """
            error: expected ")" to close the "(", found ","
              (a, b)
                ^

            """)
        #expect(error("[1: 2, 3]") == """
            error: an array literal can't mix elements and "key: value" entries
              [1: 2, 3]
                      ^

            """)
        #expect(error("player.filter(])") == """
            error: expected an argument or ")", found "]"
              player.filter(])
                            ^

            """)
        #expect(error("") == """
            error: expected a query, such as a table name

            """)
    }

    /// GRDB's closures and key paths need record types; the DSL names columns directly, and
    /// says what to type (they were "unexpected character").
    @Test func closures_and_key_paths_say_what_to_type_instead() {
        #expect(error("player.filter { $0.score > 10 }.order(name)") == """
            error: the query DSL has no closures: name the columns, as in filter(score > 10) or filter(Column("score") > 10)
              player.filter { $0.score > 10 }.order(name)
                            ^
              write player.filter(score > 10).order(name)

            """)
        #expect(error(#"player.filter({ p in p.name == "Ada" && p.isActive })"#) == """
            error: the query DSL has no closures: name the columns, as in filter(score > 10) or filter(Column("score") > 10)
              player.filter({ p in p.name == "Ada" && p.isActive })
                            ^
              write player.filter(name == "Ada" && isActive)

            """)
        #expect(error(#"player.order(\.name).select(\Player.score)"#) == """
            error: the query DSL has no key paths: name the column, as in order(name) or order(Column("name"))
              player.order(\\.name).select(\\Player.score)
                           ^
              write player.order(name).select(score)

            """)
        #expect(error("player.updateAll { $0.score += 1 }") == """
            error: the query DSL has no closures: name the columns, as in filter(score > 10) or filter(Column("score") > 10)
              player.updateAll { $0.score += 1 }
                               ^
              write player.updateAll(score += 1)

            """)
        // No rewrite that parses: the message alone.
        #expect(error("player.filter { $0 }") == """
            error: the query DSL has no closures: name the columns, as in filter(score > 10) or filter(Column("score") > 10)
              player.filter { $0 }
                            ^

            """)
        #expect(error("player.filter($0.score > 1 || { $0 })") == """
            error: the query DSL has no closures: name the columns, as in filter(score > 10) or filter(Column("score") > 10)
              player.filter($0.score > 1 || { $0 })
                            ^

            """)
    }

    @Test func lexical_errors() {
        #expect(error(#"player.filter(name == "Arthur)"#) == """
            error: unterminated string: this " has no closing "
              player.filter(name == "Arthur)
                                    ^

            """)
        #expect(error("player.filter(name == 'Arthur')") == """
            error: strings are written in double quotes in the query DSL
              player.filter(name == 'Arthur')
                                    ^
              write "text", as in Swift

            """)
        #expect(error(#"player.filter(name == "\q")"#) == """
            error: unknown escape \\q
              player.filter(name == "\\q")
                                     ^
              the escapes are \\" \\\\ \\n \\t \\r \\0 \\u{…}

            """)
        #expect(error("player.limit(99999999999999999999)") == """
            error: integer 99999999999999999999 is too large (the largest is 9223372036854775807)
              player.limit(99999999999999999999)
                           ^

            """)
        #expect(error("player.filter(score # 2)") == """
            error: unexpected character "#"
              player.filter(score # 2)
                                  ^

            """)
        #expect(error("player.limit(12abc)") == """
            error: unexpected "a" in a number
              player.limit(12abc)
                             ^

            """)
        #expect(error("`player") == """
            error: unterminated name: this ` has no closing `
              `player
              ^

            """)
    }

    @Test(arguments: [
        String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000),
        String(repeating: "[", count: 10_000),
        "player.filter(" + String(repeating: "!", count: 10_000) + "a)",
        "player.filter(" + String(repeating: "-", count: 10_000) + "a)",
        "player.filter(a" + String(repeating: " + a", count: 10_000) + ")",
        "player.filter(a" + String(repeating: " ?? a", count: 10_000) + ")",
        "player" + String(repeating: ".reversed()", count: 10_000),
        "player.filter(" + String(repeating: "f(", count: 10_000),
    ])
    func deep_nesting_is_an_error_not_a_crash(query: String) {
        #expect(error(query).hasPrefix("error: the query is nested too deeply (more than \(DSLParser.maximumDepth) levels)\n"))
    }

    @Test func nesting_up_to_the_limit_parses() throws {
        let depth = 40
        let query = "player.filter(" + String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth) + ")"
        #expect(try tree(query) == "(call (. player filter) a)")
    }
}
