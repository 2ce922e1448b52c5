import Foundation
import Testing
import SQLiveTestSupport

/// The built `sqlive` running scripts with panes: exact output, the same on every run.
@Suite struct PaneEndToEndTests {
    static let script = """
        CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score INT, teamId INT REFERENCES team(id));
        INSERT INTO team(name) VALUES ('Reds'), ('Blues');
        INSERT INTO player(name, score, teamId) VALUES ('Arthur', 10, 1), ('Barbara', 20, 2);
        .pin --name board SELECT player.name, team.name AS team, score FROM player JOIN team ON team.id = player.teamId ORDER BY score DESC
        .pin --name count --dedupe SELECT count(*) FROM player
        .events on
        UPDATE player SET score = 30 WHERE name = 'Arthur';
        .events off
        INSERT INTO player(name, score, teamId) VALUES ('Craig', 5, 1);
        UPDATE team SET name = 'Greens' WHERE id = 2;
        UPDATE player SET score = score;
        .impact DELETE FROM team WHERE id = 1
        ALTER TABLE team RENAME TO club;
        ALTER TABLE club RENAME TO team;
        .mode csv
        .headers on
        DELETE FROM player WHERE score < 10;
        .unpin board
        .why count

        """

    static let expected = """
        -- pane 1 (board): pinned
        Barbara|Blues|20
        Arthur|Reds|10
        -- pane 2 (count): pinned
        2
        -- trace: update player(score) rowid 1
        -- trace: commit, woke pane 1 (board), pane 2 (count)
        -- pane 1 (board): update player(score)[1]
        Arthur|Reds|30
        Barbara|Blues|20
        -- pane 1 (board): insert player[3]
        Arthur|Reds|30
        Barbara|Blues|20
        Craig|Reds|5
        -- pane 2 (count): insert player[3]
        3
        -- pane 1 (board): update team(name)[2]
        Arthur|Reds|30
        Barbara|Greens|20
        Craig|Reds|5
        writes: delete team
        pane 1 (board): refreshes
        pane 2 (count): unaffected
        -- pane 1 (board): schema change
        -- error: no such table: team
        -- pane 1 (board): schema change
        Arthur|Reds|30
        Barbara|Greens|20
        Craig|Reds|5
        -- pane 1 (board): delete player[3]
        name,team,score\r
        Arthur,Reds,30\r
        Barbara,Greens,20\r
        -- pane 2 (count): delete player[3]
        count(*)\r
        2\r
        refresh,time,cause,outcome\r
        1,HH:MM:SS,pinned,"1 row"\r
        2,HH:MM:SS,"insert player[3]","1 row"\r
        3,HH:MM:SS,"delete player[3]","1 row"\r
        -- values dropped: 4 equal to the previous one (--dedupe)

        """

    /// Times of day change from run to run: `.why` shows them as HH:MM:SS here.
    static func maskingTimes(_ text: String) -> String {
        text.replacingOccurrences(of: #"\b\d\d:\d\d:\d\d\b"#, with: "HH:MM:SS", options: .regularExpression)
    }

    @Test func a_script_prints_the_panes_each_statement_changed_the_same_way_every_time() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-panes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var outputs: [String] = []
        for run in 1...2 {
            // A file database, as users script: .external stays off in scripts.
            let path = directory.appendingPathComponent("run\(run).db").path
            let result = try BinaryRunner.sqlive([path], input: Self.script)
            #expect(result.stderr == "")
            #expect(result.status == 0)
            outputs.append(Self.maskingTimes(result.stdout))
        }
        #expect(outputs[0] == Self.expected)
        #expect(outputs[1] == outputs[0])
    }

    /// `EXPLAIN COMMIT`, `.explain COMMIT` and `.eqp on` before COMMIT, while a pane observes
    /// the connection: GRDB took the EXPLAIN for the COMMIT it describes and stopped the
    /// process (SIGILL). The transaction goes on, and the pane shows its commit; a pane or
    /// `.region` of such an EXPLAIN is refused.
    @Test func explaining_a_commit_while_a_pane_observes_leaves_the_transaction_open() throws {
        let result = try BinaryRunner.sqlive([":memory:"], input: """
            create table t(x);
            .pin --name n select count(*) from t
            BEGIN;
            EXPLAIN COMMIT;
            /* c */ EXPLAIN QUERY PLAN ROLLBACK;
            .explain COMMIT
            .pin EXPLAIN QUERY PLAN COMMIT
            .region EXPLAIN ROLLBACK
            insert into t values (1);
            .eqp on
            COMMIT;
            BEGIN;
            END;
            select count(*) from t;

            """)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == """
            error: stdin:7: EXPLAIN of COMMIT runs only as a statement of its own
              type it at the prompt or in a script to see its listing
            error: stdin:8: EXPLAIN of ROLLBACK runs only as a statement of its own
              type it at the prompt or in a script to see its listing

            """)
        #expect(result.stdout.contains("AutoCommit"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("-- pane 1 (n): insert t[1]\n1\nQUERY PLAN\n`--SCAN t\n1\n"), "\(result.stdout)")
    }

    @Test func pane_errors_name_the_script_line_and_set_the_exit_status() throws {
        let result = try BinaryRunner.sqlive([], input: """
            CREATE TABLE t(x);
            .pin DELETE FROM t
            .pin --rows many SELECT x FROM t
            .pin SELECT x FROM t
            INSERT INTO t VALUES (1);

            """)
        #expect(result.stdout == "-- pane 1 (t): pinned\n-- pane 1 (t): insert t[1]\n1\n")
        #expect(result.stderr == """
            error: stdin:2: a pane needs a query that returns rows, not DELETE FROM t
              pin a SELECT (or a DSL query); run changes as plain statements
            error: stdin:3: .pin: --rows needs a number of rows from 1 to 10000
              usage: .pin ?--name NAME? ?--rows N? ?--dedupe? QUERY

            """)
        #expect(result.status == 1)
    }

    @Test func panes_follow_a_script_read_with_dot_read() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-panes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inner = directory.appendingPathComponent("inner.sql").path
        try "INSERT INTO t VALUES (2);\nINSERT INTO t VALUES (3);\n".write(toFile: inner, atomically: true, encoding: .utf8)
        let result = try BinaryRunner.sqlive([], input: "CREATE TABLE t(x);\n.pin SELECT sum(x) FROM t\n.read \(inner)\n")
        #expect(result.stdout == "-- pane 1 (t): pinned\n\n-- pane 1 (t): insert t[1]\n2\n-- pane 1 (t): insert t[2]\n5\n")
    }
}
