import Foundation
import Testing
import SQLiveKit
import SQLiveTestSupport

/// A corpus of hostile inputs run through the real binary. For each one: no crash, every
/// error line starts with `error:` (or is a hint/caret line under one), the session goes on
/// to the sentinel statement after it, the exit status is 1 when something failed (0 when the
/// input happened to be fine), and the database holds exactly what it held before.
@Suite struct HostileInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let input: [UInt8]
        /// False for inputs that leave a string or comment open: they swallow what follows,
        /// rightly, so there is no sentinel to wait for.
        let reachesSentinel: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = HostileCorpus.all

    @Test func the_corpus_has_at_least_200_inputs() {
        #expect(Self.cases.count >= 200)
    }

    @Test(arguments: cases)
    func hostile_input_is_refused_cleanly(_ hostile: Case) throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/victim.db"
        _ = try BinaryRunner.sqlite3([database, "create table t(a); insert into t values (1), ('two'), (NULL);"])
        let before = try BinaryRunner.sqlite3([database, ".dump"]).stdout

        let input = hostile.input + Array("\nselect 'sentinel';\n".utf8)
        let result = try BinaryRunner.run(
            BinaryRunner.sqlivePath, [database], input: Data(input),
            environment: ["EDITOR": "false", "VISUAL": "false", "PAGER": "cat"], directory: folder.path)

        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("crashed"), "\(result)")
        #expect(result.status == 0 || result.status == 1, "\(result)")
        if hostile.reachesSentinel {
            // `.timer -1` turns the timer on, as in sqlite3: its line may follow the sentinel.
            #expect(result.stdout.contains("sentinel\n"), "\(result)")
        }
        #expect(Self.unlabelledLines(result.stderr).isEmpty, "\(result)")
        #expect(result.status == 1 || !result.stderr.contains("error: "), "\(result)")
        #expect(try BinaryRunner.sqlite3([database, ".dump"]).stdout == before, "the database changed")
    }
}

extension HostileInputTests {
    /// The lines of stderr that are neither a diagnostic (`error: …`, `warning: …`) nor
    /// indented under one (the quoted statement, its caret, a hint).
    static func unlabelledLines(_ stderr: String) -> [Substring] {
        var underDiagnostic = false
        var unlabelled: [Substring] = []
        for line in stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("error: ") || line.hasPrefix("warning: ") {
                underDiagnostic = true
            } else if !(underDiagnostic && line.hasPrefix("  ")) {
                unlabelled.append(line)
            }
        }
        if let last = stderr.split(separator: "\n", omittingEmptySubsequences: false).last, !last.isEmpty {
            unlabelled.append(last)  // stderr must end with a whole line
        }
        return unlabelled
    }

    @Test func a_line_outside_a_diagnostic_is_found_wherever_it_is() {
        #expect(Self.unlabelledLines("").isEmpty)
        #expect(Self.unlabelledLines("error: x\n  select 1;\n  ^\nwarning: y\n").isEmpty)
        #expect(Self.unlabelledLines("error: x\nstray\n") == ["stray"])
        #expect(Self.unlabelledLines("  indented first\n") == ["  indented first"])
        #expect(Self.unlabelledLines("error: no newline") == ["error: no newline"])
    }
}

/// The hostile inputs, by family.
enum HostileCorpus {
    static var all: [HostileInputTests.Case] {
        invalidUTF8 + nulBytes + hugeLines + deepNesting + unterminated + metaCommands + hugeNumbers
            + controlCharacters + malformedSQL + hardening + columnNaming
    }

    private static func text(_ name: String, _ input: String, reachesSentinel: Bool = true) -> HostileInputTests.Case {
        HostileInputTests.Case(name: name, input: Array(input.utf8), reachesSentinel: reachesSentinel)
    }

    private static func bytes(_ name: String, _ input: [UInt8], reachesSentinel: Bool = true) -> HostileInputTests.Case {
        HostileInputTests.Case(name: name, input: input, reachesSentinel: reachesSentinel)
    }

    static var invalidUTF8: [HostileInputTests.Case] {
        let sequences: [[UInt8]] = [
            [0xFF], [0xFE, 0xFF], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xF8, 0x88, 0x80, 0x80, 0x80],
        ]
        return sequences.enumerated().flatMap { index, sequence in [
            bytes("invalid UTF-8 #\(index) as a statement", sequence + Array(";".utf8)),
            bytes("invalid UTF-8 #\(index) in a string", Array("select '".utf8) + sequence + Array("';".utf8)),
            bytes("invalid UTF-8 #\(index) as an identifier", Array("select * from ".utf8) + sequence + Array(";".utf8)),
            bytes("invalid UTF-8 #\(index) in a meta-command", Array(".mode ".utf8) + sequence),
        ] }
    }

    static var nulBytes: [HostileInputTests.Case] {
        [
            bytes("NUL alone", [0, 0x3B]),
            bytes("NUL in a statement", Array("select 1".utf8) + [0] + Array(";".utf8)),
            bytes("NUL in a string", Array("select 'a".utf8) + [0] + Array("b';".utf8)),
            bytes("NUL in a meta-command", Array(".print a".utf8) + [0] + Array("b".utf8)),
            bytes("NUL at line start", [0] + Array("select 1;".utf8)),
            // Mostly NUL bytes: not a script, refused whole (LineAssembler), so no sentinel.
            bytes("many NULs", [UInt8](repeating: 0, count: 4096) + Array(";".utf8), reachesSentinel: false),
            bytes("NUL in an identifier", Array("select * from t".utf8) + [0] + Array("x;".utf8)),
            // What follows the `;` starts the next statement, which the sentinel then completes.
            bytes("NUL after semicolon", Array("select 1;".utf8) + [0, 0], reachesSentinel: false),
        ]
    }

    static var hugeLines: [HostileInputTests.Case] {
        let tenMegabytes = 10 << 20
        return [
            text("10 MB string literal", "select length('" + String(repeating: "x", count: tenMegabytes) + "');"),
            text("10 MB identifier", "select " + String(repeating: "a", count: tenMegabytes) + ";"),
            text("10 MB of spaces", String(repeating: " ", count: tenMegabytes) + ";"),
            text("10 MB comment line", "-- " + String(repeating: "c", count: tenMegabytes)),
            text("10 MB meta-command", ".print " + String(repeating: "p", count: tenMegabytes)),
            text("100k-term expression", "select " + Array(repeating: "1", count: 100_000).joined(separator: "+") + ";"),
            text("50k-column select", "select " + Array(repeating: "1", count: 50_000).joined(separator: ",") + ";"),
            text("10 MB of semicolons", String(repeating: ";", count: tenMegabytes)),
        ]
    }

    static var deepNesting: [HostileInputTests.Case] {
        [10, 1_000, 10_000, 100_000].flatMap(nesting)
    }

    private static func nesting(_ depth: Int) -> [HostileInputTests.Case] {
        let open = String(repeating: "(", count: depth)
        let close = String(repeating: ")", count: depth)
        let cases = min(depth, 5_000)
        let caseOpen = String(repeating: "case when 1 then ", count: cases)
        let caseClose = String(repeating: " end", count: cases)
        let subqueryOpen = String(repeating: "select (", count: depth)
        let brackets = String(repeating: "[", count: depth)
        return [
            text("\(depth) nested parentheses in SQL", "select " + open + "1" + close + ";"),
            text("\(depth) unclosed parentheses in SQL", "select " + open + "1;"),
            text("\(depth) nested subqueries", subqueryOpen + "1" + close + ";"),
            text("\(depth) nested brackets as a query", "t.filter(" + open + "a" + close + ")"),
            text("\(depth) unclosed brackets as a query", "t.filter(" + brackets + ")", reachesSentinel: false),
            text("\(depth) nested CASE", "select " + caseOpen + "1" + caseClose + ";"),
        ]
    }

    static var unterminated: [HostileInputTests.Case] {
        [
            text("open single quote", "select 'abc", reachesSentinel: false),
            text("open double quote", "select \"abc", reachesSentinel: false),
            text("open backtick", "select `abc", reachesSentinel: false),
            text("open bracket identifier", "select [abc", reachesSentinel: false),
            text("open block comment", "select 1 /* never closed", reachesSentinel: false),
            text("open block comment alone", "/*", reachesSentinel: false),
            text("open trigger body", "create trigger x after insert on t begin select 1;", reachesSentinel: false),
            text("statement without semicolon", "select 1", reachesSentinel: false),
            text("lone quote", "'", reachesSentinel: false),
            text("blob literal open", "select x'00", reachesSentinel: false),
            text("closed string then open", "select 'a', 'b", reachesSentinel: false),
            text("line comment then statement without end", "-- c\nselect", reachesSentinel: false),
        ]
    }

    /// Every meta-command a user might mistype: no arguments, too many, and wrong ones.
    static var metaCommands: [HostileInputTests.Case] {
        // From the registry, so a new command is in the corpus the day it lands.
        let names = CommandRegistry.standard.allNames
        let wrongArguments = ["--bogus", "a b c d e f g h", "'unclosed", "\"esc\\", "-1", "99999999999999999999",
                              "/no/such/dir/file"]
        // .quit and .exit refuse -1 and 256: an exit status is 0 to 255. As in sqlite3, they
        // ignore words that are no number, and leave: no sentinel after them.
        // .shell and .system run their words as a command line, so any words are valid
        // and run a program: SQLite3CommandTests covers them.
        return names.filter { $0 != "shell" && $0 != "system" }.flatMap { name in
            wrongArguments.compactMap { arguments -> HostileInputTests.Case? in
                // A file name is a valid argument of .output and .once: go back to stdout after.
                let reset = name == "output" || name == "once" ? "\n.output" : ""
                let leaves = (name == "quit" || name == "exit") && arguments != "-1"
                return text(".\(name) \(arguments)", ".\(name) \(arguments)" + reset, reachesSentinel: !leaves)
            }
        } + [text("a lone dot", "."), text("dot with spaces", ".   "), text("dot dot", ".."),
             text("unknown command", ".nosuchcommand"), text("dot number", ".123")]
    }

    static var hugeNumbers: [HostileInputTests.Case] {
        ["9223372036854775808", "-9223372036854775809", "1e999", "-1e999", "1e-999", "0x7FFFFFFFFFFFFFFFFF",
         String(repeating: "9", count: 5_000), "1." + String(repeating: "0", count: 5_000) + "1"].map {
            text("number \($0.prefix(24))", "select \($0);")
        } + [
            text("limit huge", "select * from t limit 99999999999999999999;"),
            text("randomblob huge", "select length(randomblob(2000000000));"),
            text("zeroblob huge", "select length(zeroblob(9223372036854775807));"),
            text("substr huge", "select substr('a', 9223372036854775807, 9223372036854775807);"),
            text("printf width huge", "select length(printf('%2147483647d', 1));"),
        ]
    }

    static var controlCharacters: [HostileInputTests.Case] {
        (1...31).filter { $0 != 10 }.map { code in
            bytes("control character \(code)", Array("select '".utf8) + [UInt8(code)] + Array("' || 1;".utf8))
        } + [
            text("escape sequences", "select '\u{1B}[2J\u{1B}[31mred';"),
            text("bell in identifier", "select \u{7}x;"),
            text("DEL character", "select \u{7F};"),
            text("carriage returns", "select\r1\r;"),
        ]
    }

    static var malformedSQL: [HostileInputTests.Case] {
        [
            "select from where;", "insert into;", "drop table nonexistent;", "create table t(a);",
            "select * from t where a = ;", ";;;;;", "select 1 1;", "update t set a = a / 0 where 0;",
            "with recursive x as (select 1) select * from y;", "pragma no_such_pragma = 1; select 1;",
            "attach 'x' as main;", "detach main;", "begin; begin;", "commit;", "rollback;", "savepoint; release;",
            "select * from sqlite_master where;", "create index on t(a);", "alter table t rename to;",
            "select cast(1 as);", "select load_extension('/no/such/lib');", "vacuum into '/no/such/dir/x.db';",
        ].enumerated().map { index, sql in text("malformed SQL #\(index)", sql) }
    }

    /// Found by the hardening round (issue 12): each stopped the process, ran what it
    /// should not, or read without end before.
    static var hardening: [HostileInputTests.Case] {
        [
            text("chart of +infinity", ".chart select 'a', 9e999"),
            text("chart of -infinity", ".chart select 'a', -9e999"),
            text("sparkline of the largest doubles", ".chart select 1e308 union all select -1e308"),
            text("bars of the largest doubles", ".chart select 'a', 1e308 union all select 'b', -1e308"),
            text("sparkline of infinity", ".chart select 9e999 union all select 1"),
            text("bars of the smallest doubles", ".chart select 'a', 4.9e-324 union all select 'b', -4.9e-324"),
            text("chart inside a transaction", "begin;\ninsert into t values (9);\n.chart select 'a', 9e999\nrollback;"),
            text("fts3_tokenizer pointer then a table",
                 "select fts3_tokenizer('simple', x'4141414141414141');\ncreate virtual table temp.v using fts3(tokenize=simple);\ninsert into temp.v values ('x');"),
            text("fts3_tokenizer pointer in a trigger",
                 "create temp table tr(a);\ncreate temp trigger trg after insert on tr begin select fts3_tokenizer('porter', zeroblob(8)); end;\ninsert into tr values (1);"),
            text(".quit 256", ".quit 256"),
            text(".exit 1000", ".exit 1000"),
            text(".read /dev/zero", ".read /dev/zero"),
            text(".read a directory", ".read /"),
            bytes("100 KB of NUL bytes", [UInt8](repeating: 0, count: 100_000), reachesSentinel: false),
            text("error in a 1 MB line", "select " + String(repeating: "x", count: 1 << 20) + " from;"),
            text("escape sequence as a table name", "create temp table \"\u{1B}]0;title\u{07}\"(a);\n.tables\n.schema"),
            text("C1 control in a value", "select 'a\u{9B}31mb';"),
        ]
    }

    /// The deprecated column naming pragmas renamed the columns sqlive and GRDB read by
    /// name (`sql` became `sqlite_schema.sql`): the next `.schema` or DSL query stopped the
    /// process (SIGILL), whichever way the pragma came in.
    static var columnNaming: [HostileInputTests.Case] {
        [
            "PRAGMA full_column_names=1;", "PRAGMA short_column_names=0;", "PRAGMA main.'full_column_names' = on;",
            "pragma \"short_column_names\"(false);", "explain pragma full_column_names = yes;",
            "select sha3_query('PRAGMA full_column_names=1');", ".parameter set @x \"1; PRAGMA full_column_names=1\"",
            ".region pragma full_column_names=1",
            "t.with(CommonTableExpression(named: \"c\", sql: \"SELECT 1) SELECT 1; PRAGMA full_column_names=1; SELECT (1\")).limit(1)",
        ].map { setting in
            text("column names changed by \(setting)", "\(setting)\n.schema\n.dump\n.fullschema\nt.limit(1)\nt.count\n.region t.limit(1)")
        }
    }
}
