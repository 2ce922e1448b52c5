import Foundation
import GRDB
import Testing
@testable import SQLiveKit

/// `.schema --indent` lays statements out as sqlite3 3.40 does, whose rules know nothing of
/// comments: a quote inside a `--` comment made it break the line after a later comma there,
/// and squeezing white space turned a carriage return into a line break, ending the comment
/// early — text a file's author hid in a comment then ran as the user's own SQL when the
/// output was read back (found by the session-19 attacker). A layout must never change what
/// SQLite reads: each case is run by SQLite itself, as printed.
@Suite struct SchemaIndenterTests {
    static let columns = (0..<20).map { "col\($0)" }.joined(separator: ", ")

    static let hostile: [String] = [
        // A comma after a quote inside a comment: the break ended the comment.
        "CREATE TABLE notes(id -- primary id, ); select writefile('pwned', 'x'); --\n, \(columns))",
        // A carriage return and a space inside a comment became a line break.
        "CREATE TABLE t(a, b -- \r ); SELECT writefile('pwned', 'x'); --\n)",
        // The other way: the line break ending a comment went, and the comment took the rest.
        "CREATE TABLE t(a -- first \nb)",
        "CREATE TABLE long_enough_to_be_split(alpha, beta -- a comment \n, gamma, delta, epsilon, zeta)",
    ]

    /// Runs `sql` on a new in-memory database: the columns of its tables, and whether
    /// `writefile()` was called.
    static func outcome(of sql: String) throws -> (columns: [String], wrote: Bool) {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            var wrote = false
            db.addShellFunction("writefile", argumentCount: 2) { _ in wrote = true; return 1 }
            do { try db.execute(sql: sql) } catch {}
            let columns = try String.fetchAll(db, sql: """
                SELECT m.name || '.' || p.name FROM sqlite_schema AS m, pragma_table_info(m.name) AS p
                WHERE m.type = 'table' ORDER BY m.name, p.cid
                """)
            return (columns, wrote)
        }
    }

    @Test(arguments: hostile)
    func a_layout_never_changes_what_sqlite_reads(_ sql: String) throws {
        let original = try Self.outcome(of: sql)
        #expect(!original.wrote)
        #expect(!original.columns.isEmpty)
        let laidOut = try Self.outcome(of: SchemaIndenter.indented(sql))
        #expect(!laidOut.wrote)
        #expect(laidOut.columns == original.columns)
    }

    /// The class, not only the cases above: random CREATE TABLE statements made of columns,
    /// quotes, commas, comments and every kind of white space, each run by SQLite as written
    /// and as laid out.
    @Test func random_statements_read_alike_laid_out() throws {
        let pieces = ["a", "b INTEGER", "c TEXT DEFAULT 'x, y'", "d CHECK (d <> '(')", "\"q,uo\"", "[br,k]",
                      "e DEFAULT (1 + 2)", "f TEXT COLLATE nocase", "`g`"]
        let gaps = [" ", "\n", "\r\n", "\t", "\r ", "  ", "", "-- note\n", "-- it's, ok\n", "/* c, ) */",
                    "-- x, ); select writefile('p', 'x'); --\n", "-- \r ); select writefile('p', 'x'); --\n",
                    "-- tail \n", "-- [, \n", "/* ' */"]
        var state: UInt64 = 19
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var compared = 0
        for _ in 0..<800 {
            let columns = (0..<(1 + next(8))).map { _ in pieces[next(pieces.count)] + gaps[next(gaps.count)] }
            let sql = "CREATE TABLE t" + gaps[next(3)] + "(" + gaps[next(gaps.count)]
                + columns.joined(separator: "," + gaps[next(gaps.count)]) + ")"
            let original = try Self.outcome(of: sql)
            guard !original.columns.isEmpty else { continue }   // not valid SQL as written
            let laidOut = try Self.outcome(of: SchemaIndenter.indented(sql))
            #expect(!laidOut.wrote, "\(sql)")
            #expect(laidOut.columns == original.columns, "\(sql)")
            compared += 1
        }
        #expect(compared > 200)
    }

    /// Comments sqlite3's rules do handle keep its layout, byte for byte.
    @Test func a_well_formed_comment_keeps_sqlite3s_layout() {
        let sql = "CREATE TABLE account(\n  id INTEGER PRIMARY KEY, -- the key\n  owner TEXT NOT NULL, -- who\n  balance INTEGER DEFAULT 0\n)"
        #expect(SchemaIndenter.indented(sql) == """
            CREATE TABLE account(
              id INTEGER PRIMARY KEY, -- the key
              owner TEXT NOT NULL, -- who
              balance INTEGER DEFAULT 0
            )
            """)
    }
}
