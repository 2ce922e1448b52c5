import Foundation
import Testing
import SQLiveTestSupport

/// A database someone sent you, opened in the default mode (no `--safe`): its own schema
/// (views, triggers, CHECK and DEFAULT clauses) must never make
/// sqlive write or read files, run SQL of its own or change the process. Each attack builds
/// the file with sqlite3, then does what a user does with it in sqlive; the function must be
/// refused with SQLite's "unsafe use of …", and nothing may appear in the folder.
///
/// One hole is SQLite 3.40's own and stays open (docs/SECURITY.md): a CHECK constraint may
/// call a direct-only function, in sqlite3 as in sqlive.
@Suite struct UntrustedSchemaTests {
    struct Attack: CustomTestStringConvertible, Sendable {
        let name: String
        /// Run by sqlite3 on the victim's file (its shell knows readfile and friends).
        let schema: String
        /// What the user does in sqlive.
        let use: String
        let function: String
        var testDescription: String { name }
    }

    static let attacks: [Attack] = [
        Attack(name: "view writes a file", schema: "create view v as select writefile('out/pwned','x') from t",
               use: "select * from v;", function: "writefile"),
        Attack(name: "view reads a file", schema: "create view v as select readfile('secret.txt') from t",
               use: "select * from v;", function: "readfile"),
        Attack(name: "trigger copies a file into the database",
               schema: "create table log(x); create trigger g after insert on t begin insert into log select readfile('secret.txt'); end",
               use: "insert into t values (2);", function: "readfile"),
        Attack(name: "trigger on update writes a file",
               schema: "create trigger g after update on t begin select writefile('out/pwned', new.a); end",
               use: "update t set a = 5;", function: "writefile"),
        Attack(name: "trigger on delete writes a file",
               schema: "create trigger g before delete on t begin select writefile('out/pwned', old.a); end",
               use: "delete from t;", function: "writefile"),
        Attack(name: "view attaches a new file through sha3_query",
               schema: "create view v as select sha3_query('ATTACH ''out/made.db'' AS z') from t",
               use: "select * from v;", function: "sha3_query"),
        Attack(name: "view moves the temp folder through sha3_query",
               schema: "create view v as select sha3_query('PRAGMA temp_store_directory=''out''') from t",
               use: "select * from v;", function: "sha3_query"),
        Attack(name: "view sleeps through usleep",
               schema: "create view v as select usleep(2000000) from t", use: "select * from v;", function: "usleep"),
        Attack(name: "default clause reads a file",
               schema: "create table d(x, y default (readfile('secret.txt')))",
               use: "insert into d(x) values (1);", function: "readfile"),
        Attack(name: "view nested in a view", schema:
                "create view inner_v as select writefile('out/pwned','x') w from t; create view v as select * from inner_v",
               use: "select * from v;", function: "writefile"),
        Attack(name: "view printed in insert mode", schema: "create view v as select writefile('out/pwned','x') from t",
               use: ".mode insert\nselect * from v;", function: "writefile"),
        Attack(name: "trigger fired by .import",
               schema: "create trigger g after insert on t begin select writefile('out/pwned', new.a); end",
               use: ".import --csv data.csv t", function: "writefile"),
        Attack(name: "view behind the DSL", schema: "create view v as select writefile('out/pwned','x') from t",
               use: "v.limit(1)", function: "writefile"),
        Attack(name: "view counted by an aggregate",
               schema: "create view v as select writefile('out/pwned','x') from t",
               use: "select count(*) from v;", function: "writefile"),
    ]

    @Test(arguments: attacks)
    func the_schema_cannot_call_a_function_with_side_effects(_ attack: Attack) throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/sent.db"
        folder.write("secret.txt", "TOP-SECRET\n")
        folder.write("data.csv", "9\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: false)
        let built = try BinaryRunner.sqlite3([database, "create table t(a); insert into t values (1); \(attack.schema);"])
        #expect(built.status == 0, "\(built)")

        let result = try BinaryRunner.sqlive(["sent.db"], input: attack.use + "\n", directory: folder.path)

        #expect(result.stderr.contains("unsafe use of \(attack.function)()"), "\(result)")
        #expect(result.status == 1, "\(result)")
        #expect(!result.stdout.contains("TOP-SECRET"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").isEmpty)
        let log = try BinaryRunner.sqlite3([database, "select count(*) from sqlite_master where name = 'log'; select group_concat(x) from log where x is not null;"])
        #expect(!log.stdout.contains("TOP-SECRET"), "\(log)")
    }

    /// A pinned query that does not compile is a pane in error (it may compile after a schema
    /// change: sqlive can start before the app it watches); a hostile view never runs in it.
    @Test func pinning_a_hostile_view_never_runs_it() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: false)
        _ = try BinaryRunner.sqlite3([folder.path + "/sent.db",
                                      "create table t(a); insert into t values (1); create view v as select sha3_query('ATTACH ''out/made.db'' AS z') from t;"])

        let result = try BinaryRunner.sqlive(["sent.db"], input: ".pin select * from v\n", directory: folder.path)

        #expect(result == ProcessResult(stdout: "-- pane 1 (query): pinned\n-- error: unsafe use of sha3_query()\n", stderr: "", status: 0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").isEmpty)
    }

    @Test func harmless_functions_still_work_from_the_schema() throws {
        let folder = try TemporaryFolder()
        let script = """
            create table t(a);
            insert into t values (1);
            create view v as select hex(sha3('a')) = hex(sha3('a', 256)) s, decimal_add('0.1', '0.2') d, 'ab' regexp 'b$' r,
              ieee754(2.5) i, (select sum(value) from generate_series(1, 4)) g from t;
            """
        _ = try BinaryRunner.sqlite3([folder.path + "/sent.db", script])

        let result = try BinaryRunner.sqlive(["sent.db", "select * from v"], directory: folder.path)

        #expect(result == ProcessResult(stdout: "1|0.3|1|ieee754(5,-1)|10\n", stderr: "", status: 0))
    }

    @Test func trusted_schema_is_off_and_turning_it_on_still_refuses_side_effects() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: false)
        _ = try BinaryRunner.sqlite3([folder.path + "/sent.db",
                                      "create table t(a); insert into t values (1); create view v as select writefile('out/pwned','x') from t;"])

        let result = try BinaryRunner.sqlive(["sent.db"], input: "pragma trusted_schema;\npragma trusted_schema=1;\nselect * from v;\n",
                                             directory: folder.path)

        #expect(result.stdout == "0\n", "\(result)")
        #expect(result.stderr == "error: stdin:3: unsafe use of writefile()\n", "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").isEmpty)
    }

    /// An FTS table kept in sync by triggers, as sqlite3 runs it: with `trusted_schema` off
    /// SQLite refuses the triggers' use of the virtual table, and its bare "unsafe use of
    /// virtual table" said neither why sqlite3 runs the same script nor how to opt in. Opted
    /// in, the triggers run and a pane on the FTS table follows every kind of write.
    @Test func a_trigger_writing_a_virtual_table_says_how_to_trust_the_schema() throws {
        let schema = """
            create table docs(id integer primary key, body text);
            create virtual table docs_fts using fts5(body, content='docs', content_rowid='id');
            create trigger docs_ai after insert on docs begin insert into docs_fts(rowid, body) values (new.id, new.body); end;
            create trigger docs_ad after delete on docs begin insert into docs_fts(docs_fts, rowid, body) values ('delete', old.id, old.body); end;
            .pin --name hits select rowid from docs_fts where docs_fts match 'apple' order by rowid

            """
        let refused = try BinaryRunner.sqlive(["-batch", ":memory:"], input: schema + "insert into docs(body) values ('apple pie');\n")
        #expect(refused.stdout == "-- pane 1 (hits): pinned\n")
        #expect(refused.stderr == """
            error: stdin:6: unsafe use of virtual table "docs_fts"
              sqlive runs a database's triggers and views with PRAGMA trusted_schema off: they may not use virtual tables; for a database you trust, PRAGMA trusted_schema=1 allows it

            """)
        let trusted = try BinaryRunner.sqlive(["-batch", ":memory:"], input: "pragma trusted_schema=1;\n" + schema + """
            insert into docs(body) values ('apple pie'), ('banana'), ('apple tart');
            delete from docs where id = 1;

            """)
        #expect(trusted == ProcessResult(stdout: """
            -- pane 1 (hits): pinned
            -- pane 1 (hits): insert docs_fts
            1
            3
            -- pane 1 (hits): delete docs_fts, insert docs_fts
            3

            """, stderr: "", status: 0))
    }

    /// An app's database with a generated column of `json_extract` (SQLite 3.40 does not mark
    /// the JSON functions harmless) did not open at all, and `PRAGMA trusted_schema=1` could
    /// not come first: the error now says how to open it, and `--trusted-schema` (or `.open
    /// --trusted-schema`) opens it, panes included; never with `--safe`, never kept by `.open`
    /// of another file, and the direct-only functions stay refused.
    @Test func a_schema_calling_json_functions_opens_when_trusted() throws {
        let folder = try TemporaryFolder()
        _ = try BinaryRunner.sqlite3([folder.path + "/app.db", """
            create table st(id integer primary key, j, v as (json_extract(j, '$.v')));
            insert into st(j) values ('{"v": 3}');
            create view w as select writefile('pwned', 'x') from st;
            """])
        let hint = "  sqlive reads a database's schema with PRAGMA trusted_schema off, and this one calls a function "
            + "SQLite does not mark harmless (on SQLite 3.40, json_extract and the other JSON functions); for a database "
            + "you trust: sqlive --trusted-schema FILE, or .open --trusted-schema FILE\n"
        let refused = try BinaryRunner.sqlive(["app.db", "select v from st"], directory: folder.path)
        #expect(refused == ProcessResult(stdout: "", stderr: """
            error: cannot open app.db: malformed database schema (st) - unsafe use of json_extract()

            """ + hint, status: 1))

        let trusted = try BinaryRunner.sqlive(["--trusted-schema", "app.db"], input: """
            .pin select sum(v) from st
            insert into st(j) values ('{"v": 4}');
            pragma trusted_schema;
            select * from w;

            """, directory: folder.path)
        #expect(trusted.stdout == "-- pane 1 (st): pinned\n3\n-- pane 1 (st): insert st[2]\n7\n1\n", "\(trusted)")
        #expect(trusted.stderr == "error: stdin:4: unsafe use of writefile()\n", "\(trusted)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pwned"))

        let opened = try BinaryRunner.sqlive([":memory:"], input: """
            .open app.db
            .open --trusted-schema app.db
            select v from st;
            .open other.db
            pragma trusted_schema;

            """, directory: folder.path)
        #expect(opened.stdout == "3\n4\n0\n", "\(opened)")
        #expect(opened.stderr == "error: stdin:1: cannot open app.db: malformed database schema (st) - unsafe use of json_extract()\n" + hint,
                "\(opened)")

        let safe = try BinaryRunner.sqlive(["--safe", "--trusted-schema", "app.db", "select 1"], directory: folder.path)
        #expect(safe.status == 2)
        #expect(safe.stderr.hasPrefix("error: --safe trusts no database's schema: drop --trusted-schema\n"), "\(safe)")
    }

    @Test func help_trust_says_how_to_opt_in() throws {
        let help = try BinaryRunner.sqlive(["--no-init", ":memory:", ".help trust"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("PRAGMA trusted_schema=1"), "\(help)")
        #expect(help.stdout.contains("writefile()"), "\(help)")
        let topics = try BinaryRunner.sqlive(["--no-init", ":memory:", ".help"])
        #expect(topics.stdout.contains(".help trust"), "\(topics)")
    }

    @Test func typed_sql_may_still_use_the_file_functions() throws {
        let folder = try TemporaryFolder()
        folder.write("in.txt", "hello")

        let result = try BinaryRunner.sqlive([":memory:", "select writefile('out.txt', readfile('in.txt'))"], directory: folder.path)

        #expect(result == ProcessResult(stdout: "5\n", stderr: "", status: 0))
        #expect(try String(contentsOfFile: folder.path + "/out.txt", encoding: .utf8) == "hello")
    }
}
