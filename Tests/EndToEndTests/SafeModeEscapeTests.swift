import Foundation
import Testing
import SQLiveTestSupport

/// Attempts to get out of `--safe`, each through the real binary: from sqlite3's own
/// safe-mode tests (its authorizer's list), from the history of SQLite shells' CVEs
/// (fts3_tokenizer pointers, VACUUM INTO, ATTACH by URI, writable_schema) and from every
/// sqlive command that touches a file or another program.
///
/// Each runs in a folder holding the database, a secret file and an empty `outside/`
/// folder, and must: be refused with an `error:` line, never crash, go on to the sentinel
/// statement, show nothing of the secret, and leave no file anywhere in the folder.
@Suite struct SafeModeEscapeTests {
    struct Attempt: CustomTestStringConvertible, Sendable {
        let name: String
        let script: String
        /// A pinned query fails inside its pane, on standard output, and the session is fine.
        var refusedInPane = false
        var testDescription: String { name }
    }

    static let secret = "TOP-SECRET-7f3a91"

    @Test func there_are_at_least_50_attempts() {
        #expect(SafeModeEscapeCorpus.all.count >= 50)
        #expect(Set(SafeModeEscapeCorpus.all.map(\.name)).count == SafeModeEscapeCorpus.all.count)
    }

    @Test(arguments: SafeModeEscapeCorpus.all)
    func the_attempt_is_refused_and_leaves_no_trace(_ attempt: Attempt) throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/victim.db"
        _ = try BinaryRunner.sqlite3([database, "create table t(a); insert into t values (1);"])
        folder.write("secret.txt", Self.secret + "\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/outside", withIntermediateDirectories: false)

        let result = try BinaryRunner.run(
            BinaryRunner.sqlivePath, ["--safe", "victim.db"], input: Data((attempt.script + "\nselect 'sentinel';\n").utf8),
            environment: ["EDITOR": "touch outside/editor", "VISUAL": "touch outside/editor", "PAGER": "touch outside/pager",
                          "SECRET_VARIABLE": Self.secret],
            directory: folder.path)

        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("crashed"), "\(result)")
        if attempt.refusedInPane {
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("\n-- error: "), "not refused: \(result)")
        } else {
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasPrefix("error: "), "not refused: \(result)")
        }
        #expect(result.stdout.hasSuffix("sentinel\n"), "\(result)")
        #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret), "\(result)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["outside", "secret.txt", "victim.db"], "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/outside") == [], "\(result)")
    }

    /// A UTF-16 database: a function replaced for UTF-8 only would lose to the UTF-16
    /// original there, so the replacement must cover every encoding.
    @Test func fts3_tokenizer_is_refused_in_a_utf16_database_too() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/utf16.db"
        _ = try BinaryRunner.sqlite3([database, "pragma encoding = 'UTF-16le'; create table t(a);"])
        #expect(try BinaryRunner.sqlite3([database, "pragma encoding"]).stdout == "UTF-16le\n")
        let safe = try BinaryRunner.sqlive(["--safe", database, "select hex(fts3_tokenizer('simple'))"])
        #expect(safe.stdout == "")
        #expect(safe.stderr == "error: argument:1: fts3_tokenizer() is disabled in safe mode (--safe)\n")
        let pointer = try BinaryRunner.sqlive([database, "select fts3_tokenizer('simple', x'4141414141414141')"])
        #expect(pointer.stderr == "error: argument:1: fts3_tokenizer() with two arguments is disabled in sqlive (it lets SQL choose a pointer SQLite calls)\n")
    }

    /// Outside `--safe` the one-argument form stays (sqlite3 allows it), the two-argument
    /// one, which makes SQLite call a pointer the SQL chose, is refused.
    @Test func the_pointer_form_of_fts3_tokenizer_is_refused_in_every_mode() throws {
        let result = try BinaryRunner.sqlive([":memory:"], input: """
            select length(fts3_tokenizer('simple'));
            select fts3_tokenizer('simple', x'4141414141414141');
            create virtual table temp.v using fts3(tokenize=simple);
            insert into temp.v values ('still here');
            select * from temp.v;
            """)
        #expect(result.stdout == "8\nstill here\n")
        #expect(result.stderr == "error: stdin:2: fts3_tokenizer() with two arguments is disabled in sqlive (it lets SQL choose a pointer SQLite calls)\n")
        #expect(result.status == 1)
    }

    /// Panes read on connections of their own: a tokenizer pointer set by one pane would be
    /// called by another pane's query on an FTS table of the database.
    @Test func the_pointer_form_of_fts3_tokenizer_is_refused_in_panes_too() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/fts.db"
        _ = try BinaryRunner.sqlite3([database, "create virtual table v using fts3(body, tokenize=simple); insert into v values ('hello');"])
        let result = try BinaryRunner.sqlive([database], input: """
            .pin select fts3_tokenizer('simple', x'4141414141414141') as p
            .pin select body from v where v match 'hello'
            select 'end';
            """)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("-- error: fts3_tokenizer() with two arguments is disabled in sqlive"), "\(result)")
        #expect(result.stdout.contains("hello"), "\(result)")
        #expect(result.stdout.hasSuffix("end\n"), "\(result)")
    }
}

/// The escape attempts, by family.
enum SafeModeEscapeCorpus {
    static var all: [SafeModeEscapeTests.Attempt] {
        attach + fts3Tokenizer + extensionsAndFileFunctions + schemaAndPages + processPragmas + indirect
            + metaCommands
    }

    private static func attempt(_ name: String, _ script: String) -> SafeModeEscapeTests.Attempt {
        SafeModeEscapeTests.Attempt(name: name, script: script)
    }

    static let attach = [
        attempt("ATTACH a new file", "attach 'outside/x.db' as x;"),
        attempt("ATTACH by URI creating the file", "attach 'file:outside/x.db?mode=rwc' as x;"),
        attempt("ATTACH DATABASE keyword form", "attach database 'outside/x.db' as x;"),
        attempt("ATTACH an in-memory database", "attach ':memory:' as m;"),
        attempt("ATTACH a shared-cache memory URI", "attach 'file::memory:?cache=shared' as s;"),
        attempt("ATTACH the secret file", "attach 'secret.txt' as s; select * from s.sqlite_master;"),
        attempt("ATTACH with an expression as the name", "attach 'outside/' || 'x.db' as x;"),
        attempt("DETACH main", "detach main;"),
        attempt("VACUUM INTO a file", "vacuum into 'outside/copy.db';"),
        attempt("VACUUM main INTO a file", "vacuum main into 'outside/copy.db';"),
        attempt("VACUUM INTO a URI", "vacuum into 'file:outside/copy.db?mode=rwc';"),
    ]

    static let fts3Tokenizer = [
        attempt("fts3_tokenizer leaks an address", "select hex(fts3_tokenizer('simple'));"),
        attempt("fts3_tokenizer porter address", "select fts3_tokenizer('porter');"),
        attempt("fts3_tokenizer in upper case", "select FTS3_TOKENIZER('simple');"),
        attempt("fts3_tokenizer as a quoted name", "select \"fts3_tokenizer\"('simple');"),
        attempt("fts3_tokenizer pointer then a table",
                "select fts3_tokenizer('simple', x'4141414141414141');\ncreate virtual table temp.v using fts3(tokenize=simple);"),
        attempt("fts3_tokenizer zero pointer", "select fts3_tokenizer('simple', zeroblob(8));\ncreate virtual table temp.v using fts4(tokenize=simple);"),
        attempt("fts3_tokenizer new name", "select fts3_tokenizer('evil', x'4141414141414141');\ncreate virtual table temp.v using fts3(tokenize=evil);"),
        attempt("fts3_tokenizer in a subquery", "select * from (select fts3_tokenizer('simple'));"),
        attempt("fts3_tokenizer in a CTE", "with x(p) as (select fts3_tokenizer('simple')) select hex(p) from x;"),
        attempt("fts3_tokenizer from a trigger",
                "create temp table tr(a);\ncreate temp trigger trg after insert on tr begin select fts3_tokenizer('simple', x'4141414141414141'); end;\ninsert into tr values (1);\ncreate virtual table temp.v using fts3(tokenize=simple);"),
        attempt("fts3_tokenizer from a view", "create temp view v as select hex(fts3_tokenizer('simple')) as p;\nselect * from v;"),
        attempt("fts3_tokenizer in a CHECK", "create temp table c(a check (fts3_tokenizer('simple', x'4141414141414141') is not null));\ninsert into c values (1);"),
        attempt("fts3_tokenizer in a default", "create temp table d(a default (fts3_tokenizer('simple')));\ninsert into d default values;\nselect hex(a) from d;"),
    ]

    static let extensionsAndFileFunctions = [
        attempt("load_extension of libc", "select load_extension('/lib/x86_64-linux-gnu/libc.so.6');"),
        attempt("load_extension with an entry point", "select load_extension('outside/x.so', 'sqlite3_x_init');"),
        attempt("load_extension from a trigger",
                "create temp table le(a);\ncreate temp trigger lt after insert on le begin select load_extension('outside/x.so'); end;\ninsert into le values (1);"),
        attempt("readfile of the secret", "select readfile('secret.txt');"),
        attempt("readfile of the environment", "select readfile('/proc/self/environ');"),
        attempt("writefile outside", "select writefile('outside/w.txt', 'owned');"),
        attempt("writefile with a mode", "select writefile('outside/w.txt', 'owned', 493);"),
        attempt("edit() runs the editor", "select edit('text', 'touch outside/editor');"),
        attempt("edit() with the default editor", "select edit('text');"),
    ]

    static let schemaAndPages = [
        attempt("writable_schema rewrites a table's SQL",
                "pragma writable_schema = 1;\nupdate sqlite_master set sql = 'create table t(a, b)' where name = 't';"),
        attempt("writable_schema inserts a schema row",
                "pragma writable_schema = on;\ninsert into sqlite_master values ('table', 'evil', 'evil', 2, 'create table evil(a)');"),
        attempt("writable_schema deletes the schema", "pragma writable_schema = 1;\ndelete from sqlite_schema;"),
        attempt("sqlite_dbpage reads pages", "select hex(data) from sqlite_dbpage where pgno = 1;"),
        attempt("sqlite_dbpage writes a page", "insert into sqlite_dbpage values (1, zeroblob(4096));"),
        attempt("FTS5 shadow table write",
                "create virtual table temp.f using fts5(a);\ninsert into temp.f_data values (1, x'ffffffff');"),
        attempt("FTS3 shadow table write",
                "create virtual table temp.g using fts4(a);\ninsert into temp.g_segdir values (0, 0, 0, 0, 0, x'ff');"),
        attempt("R-tree shadow table write",
                "create virtual table temp.r using rtree(id, x0, x1);\ninsert into temp.r_node values (1, x'ffff');"),
    ]

    static let processPragmas = [
        attempt("temp_store_directory", "pragma temp_store_directory = 'outside';"),
        attempt("temp_store_directory with a schema", "pragma main.temp_store_directory = 'outside';"),
        attempt("temp_store_directory quoted", "pragma \"temp_store_directory\" = 'outside';"),
        attempt("temp_store_directory in brackets", "pragma [temp_store_directory] = 'outside';"),
        // SQLite takes a pragma's name in a string too; the check did not read strings.
        attempt("temp_store_directory in a string", "pragma 'temp_store_directory' = 'outside';"),
        attempt("temp_store_directory after a comment", "/* hidden */ pragma temp_store_directory('outside');"),
        attempt("temp_store_directory under EXPLAIN", "explain pragma temp_store_directory = 'outside';"),
        attempt("data_store_directory", "pragma data_store_directory = 'outside';"),
    ]

    static let indirect = [
        attempt(".parameter evaluating readfile", ".parameter set :x readfile('secret.txt')\nselect :x;"),
        attempt(".parameter evaluating fts3_tokenizer", ".parameter set :x hex(fts3_tokenizer('simple'))\n.parameter list"),
        SafeModeEscapeTests.Attempt(name: ".pin a fts3_tokenizer query", script: ".pin select hex(fts3_tokenizer('simple'))",
                                    refusedInPane: true),
        SafeModeEscapeTests.Attempt(name: ".pin a readfile query", script: ".pin select readfile('secret.txt')",
                                    refusedInPane: true),
        attempt(".chart of fts3_tokenizer", ".chart select 'a', length(fts3_tokenizer('simple'))"),
        attempt(".region of a pragma", ".region pragma temp_store_directory = 'outside'"),
        attempt("sha3_query of a pragma", "select sha3_query('pragma temp_store_directory = ''outside''');"),
        attempt("sha3_query of readfile", "select hex(sha3_query('select readfile(''secret.txt'')'));"),
        attempt("sha3_query of attach", "select sha3_query('attach ''outside/x.db'' as x');"),
        attempt(".explain of a pragma", ".explain pragma temp_store_directory = 'outside'"),
    ]

    static let metaCommands = [
        attempt(".output to a file", ".output outside/o.txt\nselect 1;\n.output"),
        attempt(".once to a file", ".once outside/o.txt\nselect 1;"),
        attempt(".output to a pipe", ".output |touch outside/pipe"),
        attempt(".once to a pipe", ".once '|touch outside/pipe'\nselect 1;"),
        attempt(".export to a file", ".export outside/e.csv t"),
        attempt(".shell", ".shell touch outside/shell"),
        attempt(".system", ".system touch outside/system"),
        attempt(".import a file", ".import secret.txt s"),
        attempt(".import from a command", ".import '|cat secret.txt' s"),
        attempt(".load a library", ".load /lib/x86_64-linux-gnu/libc.so.6"),
        attempt(".open another file", ".open outside/other.db"),
        attempt(".open --new the database", ".open --new victim.db"),
        attempt(".open the secret", ".open secret.txt"),
        attempt(".backup", ".backup outside/b.db"),
        attempt(".save", ".save outside/b.db"),
        attempt(".log to a file", ".log outside/log.txt"),
        attempt(".read the secret", ".read secret.txt"),
        attempt(".read the environment", ".read /proc/self/environ"),
        attempt(".migrate a folder", ".migrate ."),
        attempt(".migrations of a folder", ".migrations ."),
        attempt(".migrations-dir", ".migrations-dir outside"),
        attempt(".edit", ".edit"),
        attempt(".cd", ".cd outside"),
        attempt(".excel", ".excel"),
    ]
}
