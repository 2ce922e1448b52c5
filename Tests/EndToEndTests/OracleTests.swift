import Foundation
import Testing
import SQLiveTestSupport

/// The modes whose bytes must equal sqlite3's: each case is one script, fed on stdin to
/// sqlite3 (3.40.1, the same libsqlite3 as ours) and to the built sqlive, and their standard
/// outputs are compared byte for byte. Errors go to stderr in each tool's own format, so
/// only stdout is compared.
@Suite struct OracleTests {
    @Test(arguments: OracleCase.all)
    func sqlive_prints_the_bytes_sqlite3_prints(_ oracleCase: OracleCase) throws {
        let expected = try BinaryRunner.sqlite3(oracleCase.sqlite3Arguments, input: oracleCase.script)
        let actual = try BinaryRunner.sqlive(oracleCase.sqliveArguments, input: oracleCase.script)
        #expect(actual.stdoutBytes == expected.stdoutBytes, "\(oracleCase)\n--- sqlite3\n\(expected.stdout)--- sqlive\n\(actual.stdout)")
        // The oracle must have printed something, or the case proves nothing.
        #expect(!expected.stdoutBytes.isEmpty || oracleCase.expectsNoOutput)
    }
}

/// One script to run through both shells, and the command-line options each gets.
struct OracleCase: Sendable, CustomTestStringConvertible {
    var name: String
    var script: String
    var sqlite3Arguments: [String] = []
    var sqliveArguments: [String] = []
    var expectsNoOutput = false

    var testDescription: String { name }

    /// The modes sqlite3 and sqlive must agree on, as typed after `.mode`.
    static let modes = ["list", "csv", "tabs", "json", "line", "quote", "insert t", "ascii", "html", "tcl"]

    static var all: [OracleCase] {
        modes.flatMap { mode in
            scenarios.map { scenario in
                OracleCase(name: "\(mode.split(separator: " ")[0]): \(scenario.name)",
                           script: scenario.script(mode),
                           expectsNoOutput: scenario.expectsNoOutput)
            }
        } + extraCases
    }

    /// A situation to check in every mode: its script, given the `.mode` argument.
    struct Scenario: Sendable {
        var name: String
        var expectsNoOutput = false
        var script: @Sendable (String) -> String

        init(_ name: String, expectsNoOutput: Bool = false, body: String) {
            self.name = name
            self.expectsNoOutput = expectsNoOutput
            script = { ".mode \($0)\n" + body }
        }

        init(_ name: String, script: @escaping @Sendable (String) -> String) {
            self.name = name
            self.script = script
        }
    }

    /// A table with the values that trip renderers up: REAL edge cases, quotes, line breaks,
    /// control characters, NUL bytes, UTF-8, blobs, NULL and the empty string.
    static let fixture = """
        CREATE TABLE t(id INTEGER PRIMARY KEY, r REAL, s TEXT, b BLOB);
        INSERT INTO t VALUES
          (1, 0.1, 'plain', x'00ff'),
          (2, 1e300, 'it''s', x''),
          (3, 9e999, 'two' || char(10) || 'lines', NULL),
          (4, -9e999, '', x'41'),
          (5, NULL, NULL, NULL),
          (6, 3.0, 'say "hi"', x'0a0d'),
          (7, -0.0, 'tab' || char(9) || 'x', x'7f'),
          (8, 1.5e-7, '日本語 é 🙂', x'e697a5'),
          (9, 1234567890123456789.0, 'a,b;c|d', x'22'),
          (10, 2.5e15, 'cr' || char(13) || 'lf' || char(13, 10), x'5c'),
          (11, 123456789012345678, 'nul' || char(0) || 'after', x'000102');

        """

    static let scenarios: [Scenario] = [
        Scenario("fixture rows", body: fixture + "SELECT * FROM t;"),
        Scenario("fixture rows with headers", body: ".headers on\n" + fixture + "SELECT * FROM t ORDER BY id DESC;"),
        Scenario("fixture values by type", body: fixture + "SELECT typeof(r), r, typeof(s), s, typeof(b), b FROM t WHERE id < 6;"),
        Scenario("zero rows print nothing, even with headers", expectsNoOutput: true,
                 body: ".headers on\n" + fixture + "SELECT 1 AS a WHERE 0;\nSELECT * FROM t WHERE id > 100;"),
        Scenario("null value", body: ".nullvalue <NULL>\n.headers on\nSELECT NULL AS a, 1 AS b, NULL, '' AS e;"),
        Scenario("several statements", body: ".headers on\nSELECT 1 AS a; SELECT 2 AS b, 3 AS c;\nSELECT 'x' AS d;\nSELECT 4 AS e UNION ALL SELECT 5;"),
        Scenario("custom separators", body: ".separator ; \\n--\\n\n.headers on\nSELECT 1 AS a, 'x;y' AS b UNION ALL SELECT 2, NULL;"),
        Scenario("escaped separators", body: ".separator \"\\t|\" \"\\r\\n\"\nSELECT 1, 'a b', NULL UNION ALL SELECT 2, 'c', 'd';"),
        Scenario("reals", body: """
            SELECT 0.1, 1e300, 9e999, -9e999, 3.0, -0.0, 1.5e-7, 2.5e15, 1e16, 1234567890123456789.0,
              9223372036854775807.0, -9223372036854775808.0, 12345678901234567890.0, 4.9e-324,
              1.7976931348623157e308, 100.0, 0.5, -2.25, 1.0/3, 2.0/3*3;
            """),
        Scenario("integers", body: ".headers on\nSELECT 0, -1, 9223372036854775807, -9223372036854775808, 42 AS answer, 7/2, 0x7fffffff;"),
        Scenario("text edges", body: """
            SELECT '', ' ', 'it''s', 'say "hi"', 'back\\slash', 'a,b', 'a|b', char(1, 2, 27, 31, 127),
              'é', '日本語', '🙂', 'tab' || char(9), char(13), char(10), 'x' || char(0) || 'y', 'a' || char(13, 10) || 'b',
              '\\n' || char(10), 'trailing space ';
            """),
        Scenario("blobs", body: "SELECT x'', x'00', x'00ff', x'41424344', CAST('text' AS BLOB), zeroblob(3), x'0a', x'e697a5';"),
        Scenario("column names", body: """
            .headers on
            SELECT 1 AS [a b], 2 AS [select], 3 AS ["q"], 4 AS [], 5 AS [日本], 6 AS [it's], 7 AS [_ok1], 8 AS [9lives], 1+1, 'lit', 9 AS [a,b];
            """),
        Scenario("an error part way through a result", body: ".headers on\nSELECT 1 AS a UNION ALL SELECT abs(-9223372036854775807 - 1);\nSELECT 2 AS b;"),
        Scenario("separators after switching from csv") { mode in
            ".mode csv\n.mode \(mode)\n.headers on\nSELECT 1 AS a, 'x y' AS b UNION ALL SELECT 2, NULL;"
        },
        Scenario("separators set before the mode") { mode in
            ".separator # !\n.mode \(mode)\nSELECT 1 AS a, 'x#y' AS b UNION ALL SELECT 2, NULL;"
        },
        Scenario("three thousand rows", body: """
            .headers on
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 3000)
            SELECT x, x * 0.5, 'row ' || x, x * 1e100, CASE WHEN x % 7 = 0 THEN NULL ELSE x END FROM c;
            """),
        Scenario("headers switched on and off", body: ".headers on\nSELECT 1 AS a;\n.headers off\nSELECT 2 AS a;\n.headers on\nSELECT 3 AS c;"),
        Scenario("changes and selects", body: """
            CREATE TABLE u(x, y TEXT);
            INSERT INTO u VALUES (1, 'a'), (2.5, NULL), ('3', x'33');
            UPDATE u SET x = x + 1;
            SELECT * FROM u;
            DELETE FROM u;
            SELECT * FROM u;
            """),
        Scenario("values and pragmas", body: ".headers on\n" + fixture + "VALUES (1, 'a'), (2, NULL);\nPRAGMA table_info(t);"),
    ]

    static let extraCases: [OracleCase] = columnCases + explainCases + [
        OracleCase(name: "schema: quoted table names get IF NOT EXISTS", script: """
            CREATE TABLE "x"(a);
            CREATE TABLE 'y'(a);
            create table "z"(a);
            CREATE TABLE [w](a);
            CREATE TABLE plain(a);
            CREATE TABLE IF NOT EXISTS "v"(a);
            CREATE INDEX "i" ON plain(a);
            .schema
            """),
        OracleCase(name: "schema: views with their columns comment, LIKE and GLOB patterns", script: """
            CREATE TABLE t1(x);
            CREATE VIEW v2 AS SELECT x+1 AS y FROM t1;
            CREATE VIEW "select" AS SELECT y+1, 2 AS "a b", 3 AS _ok, 4 AS [order] FROM v2;
            CREATE TABLE _(a); CREATE TABLE xy(b); CREATE TABLE x_y(c);
            .schema
            .schema \\_
            .schema x_y
            .schema x*
            .schema v%
            """),
        OracleCase(name: "echo: the input as typed, several statements of a line once", script: """
            .echo on
            select 1; select 2;
            select
             3;
            .print x
            -- a comment

            select 4; -- trailing
            """),
        OracleCase(name: "fullschema: before and after ANALYZE", script: """
            create table t(a,b); create index ti on t(a); create view v as select a from t;
            .fullschema
            insert into t values(1,2),(1,3),(2,4);
            create table u(x, y); create index ui on u(x, y); insert into u values (1, 'a''b'), (null, x'00');
            analyze;
            .fullschema
            """),
        OracleCase(name: "fullschema: IF NOT EXISTS for a quoted table name, as .schema", script: """
            CREATE TABLE "T"(a); CREATE TABLE 'u'(b); CREATE TABLE v(c); CREATE INDEX "i" ON "T"(a);
            .fullschema
            .fullschema --indent
            """),
        OracleCase(name: "schema --indent: IF NOT EXISTS does not count toward the line length", script: """
            CREATE TABLE "tbl4"("q""t" BLOB, x TEXT, long_column_name_here NUMERIC);
            CREATE TABLE "tbl5"("q""t" BLOB, x TEXT, long_column_name_here_and_more NUMERIC);
            .schema --indent
            .fullschema --indent
            """),
        OracleCase(name: "eqp: plans before results, full adds the listing", script: """
            create table t(a,b);
            .eqp on
            select * from t where a=1;
            insert into t values(1,2);
            select 1;
            select a from t; select b from t;
            explain query plan select * from t;
            .eqp full
            select a from t;
            .mode csv
            .eqp off
            select 2;
            """),
        OracleCase(name: "insert: default table name", script: ".mode insert\n.headers on\nSELECT 1 AS a, 'b' AS b;"),
        OracleCase(name: "insert: table names that need quotes", script: """
            .mode insert "my table"
            SELECT 1;
            .mode insert order
            SELECT 2;
            .mode insert 'a"b'
            .headers on
            SELECT 3 AS x;
            .mode insert _T1
            SELECT 4;
            .mode insert 1abc
            SELECT 5;
            """),
        OracleCase(name: "insert: line breaks whose markers occur in the text", script: """
            .mode insert t
            SELECT '\\n' || char(10), '\\n\\012' || char(10), '\\n\\012(\\n0)' || char(10), '\\r' || char(13), 'a' || char(13, 10) || 'b';
            """),
        OracleCase(name: "csv: an empty separator quotes every value", script: ".mode csv\n.separator \"\"\n.headers on\nSELECT 'ab' AS x, 'c' AS y, 1 AS z;"),
        OracleCase(name: "csv: a separator made of several characters", script: ".mode csv\n.separator \"::\"\nSELECT 'a:b', 'a::b', ':';"),
        OracleCase(name: "tabs: keeps a custom row separator", script: ".separator , ##\n.mode tabs\nSELECT 1, 2 UNION ALL SELECT 3, 4;"),
        OracleCase(name: "line: the row separator ends every line", script: ".mode line\n.separator , ;\nSELECT 1 AS a, 2 AS b UNION ALL SELECT 3, 4;"),
        OracleCase(name: "json: many columns and rows", script: """
            .mode json
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 500)
            SELECT x AS n, x * 0.1 AS tenth, printf('%05d', x) AS padded, x % 3 = 0 AS fizz, NULL AS empty FROM c;
            """),
        OracleCase(name: "list: octal escapes in separators", script: ".separator \\001 \\002\\n\nSELECT 1, 2 UNION ALL SELECT 3, 4;"),
        OracleCase(name: "list: a statement spread over lines with comments", script: """
            SELECT 1, -- first
              'two' /* second */,
              3;
            """),
        OracleCase(name: "quote: the row separator is kept after quote resets it", script: ".separator x y\n.mode quote\nSELECT 1, 2 UNION ALL SELECT 3, 4;"),
    ] + commandLineCases

    /// `sqlite3 -csv` and `sqlive --mode csv`: csv from the command line keeps "\n" rows.
    static var commandLineCases: [OracleCase] {
        ["csv", "tabs", "list", "json", "line", "quote"].map { mode in
            OracleCase(name: "command line: \(mode) with headers",
                       script: fixture + "SELECT * FROM t WHERE id < 8;",
                       sqlite3Arguments: ["-\(mode)", "-header"],
                       sqliveArguments: ["--mode", mode, "--headers"])
        }
    }

    /// `column` mode on results of at most 100 rows (sqlive sizes columns from the first
    /// 100, sqlite3 from all) and of characters one column wide (sqlite3 3.40 pads by
    /// character count, sqlive by display width): docs/SQLITE3.md says both.
    static let columnCases: [OracleCase] = [
        OracleCase(name: "column: headers on by default, a rule of dashes", script: """
            .mode column
            SELECT 1 AS a, 'hello' AS bb, NULL AS c UNION ALL SELECT 22, 'x', 3.5;
            """),
        OracleCase(name: "column: headers off", script: ".mode column\n.headers off\nSELECT 1 AS a, 'hello' AS bb;"),
        OracleCase(name: "column: .headers before .mode is kept", script: ".headers off\n.mode column\nSELECT 1 AS a;\n.mode list\nSELECT 2 AS b;"),
        OracleCase(name: "column: .width sizes and right-aligns, wider values wrap", script: """
            .mode column
            .width 3 -8 0
            SELECT 12345 AS a, 'hello' AS bb, 'x' AS c UNION ALL SELECT 1, 'a long value here', NULL;
            .width -10 10
            .headers off
            SELECT 'abcdefg', 123456;
            .width
            SELECT 'abcdefg', 123456;
            """),
        OracleCase(name: "column: a width that is not a number is 0", script: """
            .mode column
            .width 3 xxx -4
            SELECT 'abcdef' AS a, 'wide value' AS b, 1 AS c;
            """),
        OracleCase(name: "column: values wider than 60 wrap at 60", script: """
            .mode column
            SELECT printf('%.70c', 'x') AS long, 2 AS n, 'a' || char(10) || 'b' AS lines, 'a' || char(9) || 'b' AS tab;
            """),
        OracleCase(name: "column: nullvalue and a hundred rows", script: """
            .mode column
            .nullvalue NULL
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100)
            SELECT x, CASE WHEN x % 3 = 0 THEN NULL ELSE 'row ' || x END AS label FROM c;
            """),
        OracleCase(name: "column: -column keeps headers off", script: "SELECT 1 AS a, 2 AS b;",
                   sqlite3Arguments: ["-column"], sqliveArguments: ["-column"]),
    ]

    /// `.explain on|off|auto`: the EXPLAIN listing (loops indented) and the plan's tree.
    static let explainCases: [OracleCase] = [
        OracleCase(name: "explain: auto lays out EXPLAIN and draws query plans", script: """
            create table t(a, b); create index ti on t(b);
            explain select a from t where a > 1 order by b;
            explain select * from t t1, t t2 where t1.a = t2.b;
            explain query plan select * from t where a in (select a from t);
            explain select count(*) from t group by b;
            """),
        OracleCase(name: "explain: on, off and back to auto", script: """
            create table t(a, b);
            .explain off
            explain query plan select * from t;
            explain select 1;
            .explain ON
            explain query plan select * from t where a in (select b from t);
            select 1 as x, null as y, 'a longer value' as z;
            .explain 0
            explain query plan select 1;
            .explain
            select 2 as only;
            .explain auto
            explain query plan select * from t;
            """),
    ]
}
