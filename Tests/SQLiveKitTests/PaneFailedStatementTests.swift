import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// A statement that fails under `OR FAIL` or `RAISE(FAIL)` keeps what it changed before the
/// error, and outside a transaction SQLite commits it; no hook says so (GRDB's observers hear
/// of no commit). Panes showed the old rows until some later commit touched them.
@Suite struct PaneFailedStatementTests {
    static let setup = """
        CREATE TABLE p(id INTEGER PRIMARY KEY, name TEXT UNIQUE, n);
        INSERT INTO p VALUES (1, 'one', 0), (2, 'two', 0), (3, 'three', 0);
        CREATE TABLE q(v);
        CREATE TRIGGER too_big BEFORE INSERT ON q WHEN new.v > 2 BEGIN SELECT RAISE(FAIL, 'too big'); END;
        CREATE TRIGGER count_q AFTER INSERT ON q BEGIN UPDATE p SET n = n + 1 WHERE id = 1; END;
        .pin --name p SELECT * FROM p
        .pin --name q SELECT count(*) FROM q
        """

    /// A session on the storage with the tables, triggers and panes above.
    static func session(_ storage: String) throws -> (TemporaryFolder, TestSession) {
        let directory = try TemporaryFolder()
        let test = try PaneTruthTests.session(storage, in: directory)
        test.run(setup)
        return (directory, test)
    }

    @Test(arguments: PaneTruthTests.storages)
    func an_update_or_fail_shows_the_rows_it_kept(storage: String) throws {
        let (directory, test) = try Self.session(storage)
        defer { withExtendedLifetime(directory) {} }
        let output = test.run("UPDATE OR FAIL p SET n = 5 - id, name = CASE id WHEN 3 THEN 'one' ELSE name END;")
        #expect(test.errorText == "error: test.sql:1: UNIQUE constraint failed: p.name\n")
        #expect(output == """
            -- pane 1 (p): update p(n,name)[1,2]
            1|one|4
            2|two|3
            3|three|0

            """)
        #expect(test.run("SELECT * FROM p;") == "1|one|4\n2|two|3\n3|three|0\n")
    }

    @Test(arguments: PaneTruthTests.storages)
    func raise_fail_in_a_trigger_shows_the_rows_inserted_before_it(storage: String) throws {
        let (directory, test) = try Self.session(storage)
        defer { withExtendedLifetime(directory) {} }
        let output = test.run("INSERT INTO q VALUES (1), (2), (3);")
        #expect(test.errorText == "error: test.sql:1: too big\n")
        #expect(output == """
            -- pane 1 (p): update p(n)[1]
            1|one|2
            2|two|0
            3|three|0
            -- pane 2 (q): insert q[1,2]
            2

            """)
    }

    /// Inside a transaction the kept rows are the transaction's: its COMMIT shows them. A
    /// statement SQLite undid (the default, `OR ABORT`) still leaves nothing in the cause.
    @Test(arguments: PaneTruthTests.storages)
    func inside_a_transaction_the_commit_shows_what_a_failed_statement_kept(storage: String) throws {
        let (directory, test) = try Self.session(storage)
        defer { withExtendedLifetime(directory) {} }
        let output = test.run("""
            BEGIN;
            INSERT OR FAIL INTO p VALUES (4, 'four', 0), (5, 'one', 0);
            INSERT INTO p VALUES (6, 'six', 0), (7, 'two', 0);
            COMMIT;
            """)
        #expect(test.errorText == """
            error: test.sql:2: UNIQUE constraint failed: p.name
            error: test.sql:3: UNIQUE constraint failed: p.name

            """)
        #expect(output == """
            -- pane 1 (p): insert p[4]
            1|one|0
            2|two|0
            3|three|0
            4|four|0

            """)
    }
}
