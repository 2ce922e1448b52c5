import Foundation
import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// How sqlive adds SQL functions: through ``Database/addShellFunction(_:argumentCount:reach:_:)``,
/// which marks each one direct-only unless it is declared harmless, so a function added
/// later can never be called by a database's own views and triggers by accident.
@Suite struct FunctionRegistrationTests {
    static let sources = ShopDatabase.repositoryRoot.appendingPathComponent("Sources")

    @Test func no_source_adds_a_function_through_grdbs_unmarked_registration() throws {
        let enumerator = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var offenders: [String] = []
        var swiftFiles = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            swiftFiles += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.contains("DatabaseFunction(") || text.contains("add(function:") { offenders.append(url.lastPathComponent) }
        }
        #expect(swiftFiles > 100)
        #expect(offenders.isEmpty, "use db.addShellFunction: \(offenders)")
    }

    @Test func a_function_is_direct_only_unless_declared_harmless() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            db.addShellFunction("plain", argumentCount: 1) { $0[0] }
            db.addShellFunction("pure", argumentCount: 1, reach: .harmless) { $0[0] }
            try db.execute(sql: "PRAGMA trusted_schema = 0; CREATE TABLE t(a); INSERT INTO t VALUES (1);")
            try db.execute(sql: "CREATE VIEW v_plain AS SELECT plain(a) FROM t; CREATE VIEW v_pure AS SELECT pure(a) FROM t")
            #expect(try Int.fetchOne(db, sql: "SELECT plain(41) + 1") == 42)
            #expect(try Int.fetchOne(db, sql: "SELECT * FROM v_pure") == 1)
            try db.execute(sql: "PRAGMA trusted_schema = 1")
            #expect(throws: DatabaseError.self) { try Int.fetchOne(db, sql: "SELECT * FROM v_plain") }
        }
    }

    /// A session on a database file of the folder that `make` wrote, as someone sent it.
    static func session(on folder: TemporaryFolder, _ make: (Database) throws -> Void) throws -> TestSession {
        let path = folder.path("sent.db")
        let setup = try DatabaseQueue(path: path)
        try setup.write(make)
        try setup.close()
        return try TestSession(path: path)
    }

    /// SQLite 3.40 runs a CHECK constraint's functions though they are direct-only, and not
    /// only on the user's inserts: `PRAGMA quick_check` and `integrity_check` (and `.migrate`'s
    /// bookkeeping) check every row. A function with effects refuses while a table names it.
    @Test func a_check_constraint_cannot_make_a_function_with_effects_act() throws {
        let folder = try TemporaryFolder()
        let written = folder.path("written")
        let test = try Self.session(on: folder) { db in
            db.addShellFunction("writefile", argumentCount: 2, reach: .harmless) { _ in 1 }
            try db.execute(sql: "CREATE TABLE t(a CHECK (writefile('\(written)', 'x') >= 0)); INSERT INTO t VALUES (1);")
        }
        let refusal = CheckConstraintGuard.refusal("writefile", table: "main.t")
        for statement in ["PRAGMA quick_check;", "PRAGMA integrity_check;", "INSERT INTO t VALUES (2);"] {
            #expect(test.run(statement) == "")
            #expect(test.errorText == "error: test.sql:1: \(refusal)\n")
        }
        #expect(!FileManager.default.fileExists(atPath: written))
        // Typed by the user on a database whose tables do not name it, it works.
        test.run("DROP TABLE t; SELECT writefile('\(written)', 'x');")
        #expect(test.errorText == "")
        #expect(FileManager.default.contents(atPath: written) == Data("x".utf8))
    }

    /// FTS3/FTS4 call a table's `uncompress=` function from statements of their own, which
    /// SQLite takes for top-level ones: direct-only and `trusted_schema` never apply. An FTS4
    /// table with `uncompress=sha3_query` ran SQL stored in it (`writefile()`) on a plain
    /// `SELECT count(*)`, and with `uncompress=readfile` showed any file as its column.
    @Test func an_fts4_table_cannot_make_its_uncompress_function_act() throws {
        let folder = try TemporaryFolder()
        let written = folder.path("written")
        let test = try Self.session(on: folder) { db in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE f USING fts4(x, compress=trim, uncompress=sha3_query);
                INSERT INTO f VALUES ('SELECT writefile(''\(written)'', ''x'')');
                CREATE VIRTUAL TABLE g USING fts4(x, compress=trim, uncompress=readfile);
                INSERT INTO g VALUES ('/etc/hostname');
                """)
        }
        #expect(test.run("SELECT count(*) FROM f;") == "")
        #expect(test.run("SELECT * FROM g;") == "")
        #expect(!FileManager.default.fileExists(atPath: written))
        // FTS4 reports the refusal as a bare "SQL logic error": the hint says why.
        let refusal = { (function: String, table: String) in
            "error: test.sql:1: SQL logic error\n  \(CheckConstraintGuard.refusal(function, table: table))\n"
        }
        #expect(test.errorText == refusal("readfile", "main.g"))
        #expect(test.run("SELECT count(*) FROM f;") == "")
        #expect(test.errorText == refusal("sha3_query", "main.f"))
        // Taken once: a later error of another kind has no such hint.
        test.run("SELECT * FROM nowhere;")
        #expect(!test.errorText.contains("refused"))
    }

    /// SQLite loads a schema entry as a table whatever the case of its `type` (and ignores
    /// what follows a NUL in it); the guard looked for `type = 'table'` only, so a file whose
    /// entries say `TABLE` ran its CHECK's `writefile()` on `PRAGMA quick_check` and its FTS4
    /// table's stored SQL on a plain `SELECT` (found by the session-19 attacker).
    @Test(arguments: ["'TABLE'", "'Table'", "'table' || char(0) || 'x'"])
    func the_guard_sees_a_table_whatever_its_entry_type_says(_ type: String) throws {
        let folder = try TemporaryFolder()
        let written = folder.path("written")
        let test = try Self.session(on: folder) { db in
            db.addShellFunction("writefile", argumentCount: 2, reach: .harmless) { _ in 1 }
            try db.execute(sql: """
                CREATE TABLE t(a CHECK (writefile('\(written)', 'x') >= 0)); INSERT INTO t VALUES (1);
                CREATE VIRTUAL TABLE f USING fts4(x, compress=trim, uncompress=sha3_query);
                INSERT INTO f VALUES ('SELECT writefile(''\(written)'', ''y'')');
                PRAGMA writable_schema = 1;
                UPDATE sqlite_schema SET type = \(type) WHERE name IN ('t', 'f');
                """)
        }
        #expect(test.run("PRAGMA quick_check;") == "")
        #expect(test.errorText == "error: test.sql:1: \(CheckConstraintGuard.refusal("writefile", table: "main.t"))\n")
        #expect(test.run("SELECT count(*) FROM f;") == "")
        #expect(test.errorText == "error: test.sql:1: SQL logic error\n  \(CheckConstraintGuard.refusal("sha3_query", table: "main.f"))\n")
        #expect(!FileManager.default.fileExists(atPath: written))
    }

    @Test func values_cross_in_both_directions_unchanged() throws {
        let queue = try DatabaseQueue()
        let (values, withNUL): ([DatabaseValue], String?) = try queue.write { db in
            db.addShellFunction("same", argumentCount: 1, reach: .harmless) { $0[0] }
            let values = try DatabaseValue.fetchAll(db, sql: "SELECT same(NULL) UNION ALL SELECT same(-7) UNION ALL SELECT same(2.5) UNION ALL SELECT same('') UNION ALL SELECT same(x'') UNION ALL SELECT same(x'00ff')")
            return (values, try String.fetchOne(db, sql: "SELECT hex(same('a' || char(0) || 'b'))"))
        }
        #expect(values == [.null, (-7).databaseValue, 2.5.databaseValue, "".databaseValue, Data().databaseValue, Data([0, 0xFF]).databaseValue])
        #expect(withNUL == "610062")
    }

    @Test func an_error_thrown_by_a_function_is_the_statements_error() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            db.addShellFunction("fails", argumentCount: 0) { _ in throw DatabaseError(message: "no luck") }
            let error = #expect(throws: DatabaseError.self) { try Int.fetchOne(db, sql: "SELECT fails()") }
            #expect(error?.message == "no luck")
        }
    }
}
