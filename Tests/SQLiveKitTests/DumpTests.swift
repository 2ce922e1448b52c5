import Foundation
import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// `.dump`: sqlite3's format byte for byte (the end-to-end tests compare with sqlite3
/// itself), and a dump that rebuilds the same database.
@Suite struct DumpTests {
    static let schema = """
        CREATE TABLE t(id integer primary key autoincrement, r real, b blob, s text, n);
        INSERT INTO t(r,b,s,n) VALUES (1.0, x'00ff10', 'it''s', NULL), (0.1, x'', 'line1
        line2', 1e300), (-2.5e-7, NULL, 'cr'||char(13)||'x', 9223372036854775807), (1e999, zeroblob(2), '日本語', -1e999);
        CREATE TABLE "table"(x);
        INSERT INTO "table" VALUES(1);
        CREATE TABLE [weird name](a, "b c");
        INSERT INTO [weird name] VALUES(1,2);
        CREATE INDEX ix ON t(s);
        CREATE VIEW v AS SELECT * FROM t;
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;
        CREATE TABLE g(a, b AS (a*2));
        INSERT INTO g(a) VALUES (5);
        CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
        INSERT INTO w VALUES('k','v');
        """

    static let expectedDump = """
        PRAGMA foreign_keys=OFF;
        BEGIN TRANSACTION;
        CREATE TABLE t(id integer primary key autoincrement, r real, b blob, s text, n);
        INSERT INTO t VALUES(1,1.0,X'00ff10','it''s',NULL);
        INSERT INTO t VALUES(2,0.10000000000000000555,X'',replace('line1\\nline2','\\n',char(10)),1.0000000000000000047e+300);
        INSERT INTO t VALUES(3,-2.4999999999999998868e-07,NULL,replace('cr\\rx','\\r',char(13)),9223372036854775807);
        INSERT INTO t VALUES(4,1e999,X'0000','日本語',-1e999);
        CREATE TABLE IF NOT EXISTS "table"(x);
        INSERT INTO "table" VALUES(1);
        CREATE TABLE [weird name](a, "b c");
        INSERT INTO "weird name" VALUES(1,2);
        CREATE TABLE g(a, b AS (a*2));
        INSERT INTO g VALUES(5);
        CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
        INSERT INTO w VALUES('k','v');
        DELETE FROM sqlite_sequence;
        INSERT INTO sqlite_sequence VALUES('t',4);
        CREATE INDEX ix ON t(s);
        CREATE VIEW v AS SELECT * FROM t;
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;
        COMMIT;

        """

    @Test func a_dump_is_in_sqlite3s_format() throws {
        let shell = try TestSession()
        shell.run(Self.schema)
        #expect(shell.run(".dump") == Self.expectedDump)
        #expect(shell.errorText == "")
    }

    /// SQLite reads only the first statement of a schema entry: a file's author can append
    /// statements, which `.dump`, `.schema` and `.fullschema` printed and reloading their
    /// output ran. Only the first statement is printed (a trigger's `;` inside BEGIN … END
    /// stay); sqlite3 still prints the tails.
    @Test func schema_text_after_the_first_statement_is_never_printed() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("tail.db")
        let setup = try DatabaseQueue(path: path)
        try setup.writeWithoutTransaction { db in
            try db.execute(sql: """
                CREATE TABLE t(a);
                CREATE VIEW v AS SELECT 1;
                CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = sql || '; SELECT writefile(''owned'', ''x'')' WHERE name IN ('t', 'v', 'tr');
                PRAGMA writable_schema = OFF;
                """)
        }
        try setup.close()
        let shell = try TestSession(path: path)
        let tables = "CREATE TABLE t(a);\n"
        let others = "CREATE VIEW v AS SELECT 1;\nCREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;\n"
        #expect(shell.run(".dump") == "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n" + tables + others + "COMMIT;\n")
        #expect(shell.run(".schema") == tables + "CREATE VIEW v AS SELECT 1\n/* v(\"1\") */;\n"
                + "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;\n")
        #expect(shell.run(".fullschema").hasPrefix(tables + others))
        #expect(shell.errorText == "")
        #expect(SchemaText.firstStatement("CREATE TABLE x(a) -- no; tail") == "CREATE TABLE x(a) -- no; tail")
        #expect(SchemaText.firstStatement("CREATE TABLE x(a ';'); \n\t") == "CREATE TABLE x(a ';'); \n\t")
    }

    /// A schema entry that ends inside a comment (`/* x` never closed, or `-- x`, written with
    /// `writable_schema`) was printed as it was: the `;` fell inside the comment, and reading
    /// `.schema` or `.fullschema` back ran the next entry's text as SQL — a DEFAULT holding
    /// `*/ ; SELECT …` made a table (or wrote a file, with writefile()). The comment is closed
    /// before the `;`, as sqlite3 does (`/* x*/;`, `-- x` then a new line).
    @Test func a_schema_entry_ending_inside_a_comment_cannot_run_the_next_one() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("comment.db")
        let setup = try DatabaseQueue(path: path)
        try setup.writeWithoutTransaction { db in
            try db.execute(sql: """
                CREATE TABLE t1(a); CREATE TABLE t2(b DEFAULT '*/ ; CREATE TABLE pwned(x); --');
                CREATE TABLE t3(c); CREATE TABLE t4(d DEFAULT 'x'); CREATE TABLE t5(e);
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = 'CREATE TABLE t1(a) /* x' WHERE name = 't1';
                UPDATE sqlite_schema SET sql = 'CREATE TABLE t3(c) -- x' WHERE name = 't3';
                PRAGMA writable_schema = OFF;
                """)
        }
        try setup.close()
        let shell = try TestSession(path: path)
        let expected = """
            CREATE TABLE t1(a) /* x*/;
            CREATE TABLE t2(b DEFAULT '*/ ; CREATE TABLE pwned(x); --');
            CREATE TABLE t3(c) -- x
            ;
            CREATE TABLE t4(d DEFAULT 'x');
            CREATE TABLE t5(e);

            """
        let schema = shell.run(".schema")
        #expect(schema == expected)
        #expect(shell.run(".fullschema").hasPrefix(expected))
        #expect(SchemaText.terminated("CREATE TABLE t(a) -- no /* nested") == "CREATE TABLE t(a) -- no /* nested\n")
        #expect(SchemaText.terminated("CREATE TABLE t(a /* ok */)") == "CREATE TABLE t(a /* ok */)")
        let copy = try TestSession()
        copy.run(schema)
        #expect(copy.run("SELECT group_concat(name, ' ') FROM sqlite_schema;") == "t1 t2 t3 t4 t5\n")
        #expect(shell.errorText == "" && copy.errorText == "", "\(shell.errorText)\(copy.errorText)")
    }

    /// `.schema` follows a view with a comment naming its columns; a `*/` in a name ended it,
    /// and reading the output back ran the rest of the name as SQL. It is written `*\/`.
    @Test func a_name_holding_the_end_of_a_comment_cannot_end_the_columns_comment() throws {
        let original = try TestSession()
        original.run("""
            CREATE TABLE t(a);
            CREATE VIEW v AS SELECT a AS "x */; create table pwned(a); /*" FROM t;
            CREATE VIEW "w */ create table pwned2(a); /*" AS SELECT 1 AS b;
            """)
        #expect(original.run(".schema v") == """
            CREATE VIEW v AS SELECT a AS "x */; create table pwned(a); /*" FROM t
            /* v("x *\\/; create table pwned(a); /*") */;

            """)
        let schema = original.run(".schema")
        #expect(schema.contains("/* \"w *\\/ create table pwned2(a); /*\"(b) */;\n"), "\(schema)")
        let copy = try TestSession()
        copy.run(schema)
        #expect(copy.run("SELECT name FROM sqlite_schema ORDER BY name;") == "t\nv\nw */ create table pwned2(a); /*\n")
        #expect(original.errorText == "" && copy.errorText == "", "\(original.errorText)\(copy.errorText)")
    }

    @Test func a_dump_rebuilds_the_same_database() throws {
        let original = try TestSession()
        original.run(Self.schema + "INSERT INTO t(s) VALUES ('a' || char(0) || 'b');")
        let dump = original.run(".dump")
        let copy = try TestSession()
        copy.run(dump)
        #expect(copy.errorText == "")
        #expect(copy.run(".dump") == dump)
        let rows = "SELECT id, quote(r), quote(b), hex(s), quote(n) FROM t ORDER BY id;"
        #expect(copy.run(rows) == original.run(rows))
        #expect(copy.run(rows).contains("5|NULL|NULL|610062|NULL"))
    }

    @Test func patterns_dump_matching_tables_with_their_indexes_and_triggers() throws {
        let shell = try TestSession()
        shell.run(Self.schema)
        #expect(shell.run(".dump t") == """
            PRAGMA foreign_keys=OFF;
            BEGIN TRANSACTION;
            CREATE TABLE t(id integer primary key autoincrement, r real, b blob, s text, n);
            INSERT INTO t VALUES(1,1.0,X'00ff10','it''s',NULL);
            INSERT INTO t VALUES(2,0.10000000000000000555,X'',replace('line1\\nline2','\\n',char(10)),1.0000000000000000047e+300);
            INSERT INTO t VALUES(3,-2.4999999999999998868e-07,NULL,replace('cr\\rx','\\r',char(13)),9223372036854775807);
            INSERT INTO t VALUES(4,1e999,X'0000','日本語',-1e999);
            CREATE INDEX ix ON t(s);
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;
            COMMIT;

            """)
    }

    @Test func options_select_what_is_written() throws {
        let shell = try TestSession()
        shell.run("CREATE TABLE p(a); INSERT INTO p VALUES ('x' || char(10) || 'y'); CREATE TABLE q(k INTEGER PRIMARY KEY, v);"
                  + "INSERT INTO q VALUES (7, 'seven');")
        #expect(shell.run(".dump --data-only") == "INSERT INTO p VALUES(replace('x\\ny','\\n',char(10)));\nINSERT INTO q VALUES(7,'seven');\n")
        #expect(shell.run(".dump --newlines --data-only p") == "INSERT INTO p VALUES('x\ny');\n")
        #expect(shell.run(".dump --preserve-rowids --data-only") == "INSERT INTO p(rowid,a) VALUES(1,replace('x\\ny','\\n',char(10)));\nINSERT INTO q VALUES(7,'seven');\n")
        shell.run(".dump --everything")
        #expect(shell.errorText.hasPrefix("error: test.sql:1: .dump: unknown option --everything\n"))
    }

    @Test func values_are_written_as_sqlite3_writes_them() throws {
        let shell = try TestSession()
        shell.run("""
            CREATE TABLE v(x);
            INSERT INTO v VALUES (-9.2233720368547758e18), (1e19), (-0.0), (1.5), ('a\\n' || char(10)),
              ('a\\n\\012' || char(10) || char(13) || '\\r'), ('\\n\\012(\\n0)' || char(10)), ('x' || char(0) || 'y');
            """)
        #expect(shell.run(".dump --data-only") == """
            INSERT INTO v VALUES(-9223372036854775808.0);
            INSERT INTO v VALUES(10000000000000000000.0);
            INSERT INTO v VALUES(0.0);
            INSERT INTO v VALUES(1.5);
            INSERT INTO v VALUES(replace('a\\n\\012','\\012',char(10)));
            INSERT INTO v VALUES(replace(replace('a\\n\\012(\\n0)\\015\\r','\\015',char(13)),'(\\n0)',char(10)));
            INSERT INTO v VALUES(replace('\\n\\012(\\n0)(\\n1)','(\\n1)',char(10)));
            INSERT INTO v VALUES(CAST(X'780079' AS TEXT));

            """)
    }

    @Test func identifiers_are_quoted_only_when_they_must_be() {
        #expect(SQLIdentifier.quotedIfNeeded("Album") == "Album")
        #expect(SQLIdentifier.quotedIfNeeded("_x1") == "_x1")
        #expect(SQLIdentifier.quotedIfNeeded("table") == "\"table\"")
        #expect(SQLIdentifier.quotedIfNeeded("weird name") == "\"weird name\"")
        #expect(SQLIdentifier.quotedIfNeeded("1st") == "\"1st\"")
        #expect(SQLIdentifier.quotedIfNeeded("a\"b") == "\"a\"\"b\"")
    }

    @Test func schema_lines_close_trailing_comments_and_guard_quoted_tables() {
        #expect(DatabaseDumper.schemaLine("CREATE VIEW v as select 1 -- trailing") == "CREATE VIEW v as select 1 -- trailing\n;\n")
        #expect(DatabaseDumper.schemaLine("CREATE TABLE \"x\"(a)") == "CREATE TABLE IF NOT EXISTS \"x\"(a);\n")
        #expect(DatabaseDumper.schemaLine("CREATE TABLE [x](a)") == "CREATE TABLE [x](a);\n")
    }
}
