import Foundation
import SQLiveTestSupport
import Testing
@testable import SQLiveKit

/// Savepoints: GRDB holds back the changes made inside a savepoint until it is released or the
/// transaction commits, then hands them all at once. Whatever the shape (a savepoint committed
/// by COMMIT, nested ones, `ROLLBACK TO` then more changes, `RELEASE` of an outer one, changes
/// made by triggers, in an attached database), the pane shows what was committed, and says why.
@Suite struct PaneSavepointTests {
    /// The database holds `a = 2` after each script; the pane reads only `a`.
    static let shapes: [(name: String, script: String)] = [
        ("a savepoint committed by COMMIT, another change after it",
         "BEGIN; SAVEPOINT s; UPDATE t SET a = 2; UPDATE t SET b = 1; COMMIT;"),
        ("a savepoint committed by COMMIT, the other change before it",
         "BEGIN; UPDATE t SET b = 1; SAVEPOINT s; UPDATE t SET a = 2; UPDATE t SET b = 2; COMMIT;"),
        ("nested savepoints, COMMIT with both open",
         "BEGIN; SAVEPOINT o; UPDATE t SET a = 2; SAVEPOINT i; UPDATE t SET b = 1; UPDATE t SET b = 2; COMMIT;"),
        ("ROLLBACK TO, then more changes",
         "BEGIN; SAVEPOINT s; UPDATE t SET a = 9; ROLLBACK TO s; UPDATE t SET a = 2; UPDATE t SET b = 5; COMMIT;"),
        ("RELEASE of an outer savepoint with an inner one open",
         "SAVEPOINT o; UPDATE t SET b = 3; SAVEPOINT i; UPDATE t SET a = 2; UPDATE t SET b = 4; RELEASE o;"),
        ("a savepoint as the transaction, released",
         "SAVEPOINT s; UPDATE t SET a = 2; UPDATE t SET b = 1; RELEASE s;"),
        ("changes made by a trigger inside a savepoint",
         "BEGIN; SAVEPOINT s; INSERT INTO bump VALUES (1); UPDATE t SET b = 7; COMMIT;"),
        ("an inner savepoint rolled back, the outer one kept",
         "BEGIN; SAVEPOINT o; UPDATE t SET a = 2; SAVEPOINT i; UPDATE t SET a = 8; ROLLBACK TO i; UPDATE t SET b = 1; COMMIT;"),
    ]

    static let setup = """
        CREATE TABLE t(id INTEGER PRIMARY KEY, a, b); INSERT INTO t VALUES (1, 1, 0);
        CREATE TABLE bump(x);
        CREATE TRIGGER bumping AFTER INSERT ON bump BEGIN UPDATE t SET a = a + 1; UPDATE t SET b = b + 1; END;
        """

    @Test(arguments: 0..<shapes.count, PaneWorkload.Storage.allCases)
    func a_change_inside_a_savepoint_reaches_the_pane_at_commit(shape: Int, storage: PaneWorkload.Storage) throws {
        let folder = try TemporaryFolder()
        let test = try TestSession(path: storage.isFile ? folder.path("db.sqlite") : ":memory:")
        if storage == .wal { test.run("PRAGMA journal_mode = WAL;") }
        test.run(Self.setup)
        test.run(".pin SELECT a FROM t")
        let output = test.run(Self.shapes[shape].script)
        #expect(test.errorText == "", "\(Self.shapes[shape].name)")
        #expect(output == "-- pane 1 (t): update t(a)[1]\n2\n", "\(Self.shapes[shape].name)")
        #expect(test.run(".pane 1") == "-- pane 1 (t): update t(a)[1]\n2\n", "\(Self.shapes[shape].name)")
    }

    @Test(arguments: PaneWorkload.Storage.allCases.filter(\.isFile))
    func a_savepoint_in_an_attached_database_reaches_the_pane(storage: PaneWorkload.Storage) throws {
        let folder = try TemporaryFolder()
        let test = try TestSession(path: folder.path("main.sqlite"))
        let aux = folder.path("aux.sqlite")
        test.run("ATTACH '\(aux)' AS aux;")
        if storage == .wal { test.run("PRAGMA aux.journal_mode = WAL;") }
        test.run("CREATE TABLE aux.t(id INTEGER PRIMARY KEY, a, b); INSERT INTO aux.t VALUES (1, 1, 0);")
        test.run(".pin --name aux SELECT a FROM aux.t")
        let output = test.run("BEGIN; SAVEPOINT s; UPDATE aux.t SET a = 2; UPDATE aux.t SET b = 1; COMMIT;")
        #expect(test.errorText == "")
        #expect(output == "-- pane 1 (aux): update t(a)[1]\n2\n")
    }

    /// Two panes, one per column: each is woken by its own column's change, not the other's.
    @Test func each_pane_gets_only_the_columns_it_reads() throws {
        let test = try TestSession()
        test.run(Self.setup)
        test.run(".pin --name a SELECT a FROM t\n.pin --name b SELECT b FROM t")
        let output = test.run("BEGIN; SAVEPOINT s; UPDATE t SET a = 2; RELEASE s; SAVEPOINT s; UPDATE t SET b = 3; COMMIT;")
        #expect(output == "-- pane 1 (a): update t(a)[1]\n2\n-- pane 2 (b): update t(b)[1]\n3\n")
    }

    /// A virtual table's module writes its shadow tables without announcing them; inside a
    /// savepoint GRDB hands those changes over at RELEASE or COMMIT, after later statements
    /// announced their own tables. They belong to the virtual table they are the shadows of,
    /// not to whatever statement ran last (the pane on `f` was never woken).
    static let virtualTables: [(name: String, create: String, insert: String, query: String, rows: String)] = [
        ("fts5", "CREATE VIRTUAL TABLE f USING fts5(body);", "INSERT INTO f VALUES ('a');",
         "SELECT rowid, body FROM f", "1|a"),
        ("fts4", "CREATE VIRTUAL TABLE f USING fts4(body);", "INSERT INTO f VALUES ('a');",
         "SELECT rowid, body FROM f", "1|a"),
        ("rtree", "CREATE VIRTUAL TABLE f USING rtree(id, x0, x1);", "INSERT INTO f VALUES (1, 0, 2);",
         "SELECT id, x0, x1 FROM f", "1|0.0|2.0"),
    ]

    @Test(arguments: 0..<virtualTables.count, [
        "SAVEPOINT a; INSERT; UPDATE w SET n = 1; RELEASE a;",
        "BEGIN; SAVEPOINT a; INSERT; INSERT INTO w(n) VALUES (2); RELEASE a; COMMIT;",
        "BEGIN; SAVEPOINT a; INSERT; UPDATE w SET n = 1; COMMIT;",
    ])
    func a_virtual_tables_change_inside_a_savepoint_wakes_its_pane(table: Int, shape: String) throws {
        let vtab = Self.virtualTables[table]
        let test = try TestSession()
        test.run("CREATE TABLE w(k INTEGER PRIMARY KEY, n INT);\n\(vtab.create)")
        test.run(".pin --name f \(vtab.query)")
        let output = test.run(shape.replacingOccurrences(of: "INSERT;", with: vtab.insert))
        #expect(test.errorText == "", "\(vtab.name)")
        #expect(output == "-- pane 1 (f): insert f\n\(vtab.rows)\n", "\(vtab.name): \(shape)")
    }
}
