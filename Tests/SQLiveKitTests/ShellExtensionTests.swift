import Foundation
import GRDB
import Testing
@testable import SQLiveKit

/// The shell's extensions on every connection sqlive opens: the session's (with and without
/// `--safe`) and the panes' readers, which share only ``ConnectionHardening`` with it.
@Suite struct ShellExtensionTests {
    @Test func generate_series_runs_on_the_session_connection() throws {
        let test = try TestSession()
        #expect(test.run("SELECT group_concat(value) FROM generate_series(1, 10, 3);") == "1,4,7,10\n")
        #expect(test.errorText.isEmpty)
    }

    @Test func generate_series_runs_with_safe() throws {
        let connection = try DatabaseConnection(OpenOptions(path: ":memory:", isSafe: true))
        let values = try connection.queue.read { db in
            try Int.fetchAll(db, sql: "SELECT value FROM generate_series(3, 1, -1) ORDER BY value DESC")
        }
        #expect(values == [])
        let descending = try connection.queue.read { db in
            try Int.fetchAll(db, sql: "SELECT value FROM generate_series(1, 3, -1)")
        }
        #expect(descending == [3, 2, 1])
    }

    @Test func a_pane_pins_a_query_on_generate_series() throws {
        let test = try TestSession.withPlayers()
        let output = test.run("""
            .pin --name series SELECT value FROM generate_series(1, 3)
            .pin --name bonus SELECT name, score + value FROM player, generate_series(1, 2) ORDER BY 1, 2
            UPDATE player SET score = 0 WHERE name = 'Arthur';
            """)
        #expect(test.errorText.isEmpty, "\(test.errorText)")
        #expect(output == """
            -- pane 1 (series): pinned
            1
            2
            3
            -- pane 2 (bonus): pinned
            Arthur|11
            Arthur|12
            Barbara|21
            Barbara|22
            -- pane 2 (bonus): update player(score)[1]
            Arthur|1
            Arthur|2
            Barbara|21
            Barbara|22

            """)
    }

    @Test func a_pane_reader_has_generate_series() throws {
        let connection = try DatabaseConnection(OpenOptions(path: ":memory:"))
        let reader = try #require(try connection.openPaneReader())
        let total = try reader.read { db in try Int.fetchOne(db, sql: "SELECT sum(value) FROM generate_series(1, 100)") }
        #expect(total == 5050)
    }

    @Test func regexp_runs_on_a_pane_and_with_safe() throws {
        let test = try TestSession.withPlayers()
        let output = test.run(".pin --name b SELECT name FROM player WHERE name REGEXP '^B'")
        #expect(output == "-- pane 1 (b): pinned\nBarbara\n")
        let safe = try DatabaseConnection(OpenOptions(path: ":memory:", isSafe: true))
        let matched = try safe.queue.read { db in try Int.fetchOne(db, sql: "SELECT 'abc' REGEXP 'b+c$'") }
        #expect(matched == 1)
        let reader = try #require(try DatabaseConnection(OpenOptions(path: ":memory:")).openPaneReader())
        let insensitive = try reader.read { db in try Int.fetchOne(db, sql: "SELECT regexpi('^ABC', 'abcd')") }
        #expect(insensitive == 1)
    }

    /// Answers sqlite3 3.40 gives, the extension's quirks included.
    static let matches: [(pattern: String, text: String, matches: Bool)] = [
        ("b", "abc", true), ("^b", "abc", false), ("c$", "abc", true), ("", "", true), (".", "", false),
        ("^a|b$", "xb", false), ("a|^b", "xb", false), ("a|^b", "bx", true), ("x^", "x^", false),
        ("a$b", "a", false), ("(a$)|c", "xa", true), ("a\\", "a", true), ("a\\", "b", false),
        ("a*?", "b", false), ("a+*", "b", false), ("a{2}{3}", "aaaaaa", true), ("^(a?){3}$", "a", true),
        ("[]a]", "]", true), ("[^]a]", "]", false), ("[a-]x]", "bx]", true), ("^[à-ü]+$", "éè", true),
        ("\\bfoo\\b", "a foo b", true), ("\\bfoo\\b", "afoo", false), ("\\w", "é", false),
        ("^.$", "😀", true), ("😀", "a😀b", true), ("^\\u00E9$", "é", true), ("ABC", "abc", false),
    ]

    @Test func shell_regexp_matches_as_sqlite3_does() {
        for (pattern, text, expected) in Self.matches {
            let compiled = pattern.withCString { pattern in
                ShellRegexp.compile(UnsafeRawPointer(pattern).assumingMemoryBound(to: UInt8.self), ignoresCase: false)
            }
            guard case .success(let regexp) = compiled else {
                Issue.record("\(pattern) did not compile")
                continue
            }
            let result = text.withCString { regexp.matches(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }
            #expect(result == expected, "\(pattern) against \(text)")
        }
    }

    @Test(arguments: [
        ("a(", "unmatched '('"), ("a)", "unrecognized character"), ("*a", "'*' without operand"),
        ("[ab", "unclosed '['"), ("\\q", "unknown \\ escape"), ("a{2,1}", "n less than m in '{m,n}'"),
        ("a{x}", "unmatched '{'"), ("a{0}", "both m and n are zero in '{m,n}'"), ("[[:digit:]]", "POSIX character classes not supported"),
    ])
    func shell_regexp_refuses_with_the_extension_message(_ pattern: String, _ message: String) {
        let compiled = pattern.withCString { pattern in
            ShellRegexp.compile(UnsafeRawPointer(pattern).assumingMemoryBound(to: UInt8.self), ignoresCase: false)
        }
        guard case .failure(let error) = compiled else {
            Issue.record("\(pattern) compiled")
            return
        }
        #expect(error.message.description == message)
    }
}
