import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// A pane whose query starts failing shows the error in place, and recovers by itself when
/// the schema (or the data) makes the query work again.
@Suite struct PaneRecoveryTests {
    @Test func a_dropped_table_shows_the_error_until_the_table_is_back() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin --name names SELECT name FROM player ORDER BY id")
        let output = test.run("""
            DROP TABLE player;
            CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO player(name) VALUES ('Zoe');
            """)
        #expect(output == """
            -- pane 1 (names): schema change
            -- error: no such table: player
            -- pane 1 (names): schema change
            -- pane 1 (names): insert player[1]
            Zoe

            """)
        #expect(test.board.panes[0].status == .live)
    }

    @Test func a_renamed_column_fails_the_pane_and_renaming_it_back_recovers() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin --name scores SELECT name, score FROM player ORDER BY id")
        let output = test.run("""
            ALTER TABLE player RENAME COLUMN score TO points;
            UPDATE player SET points = 0;
            ALTER TABLE player RENAME COLUMN points TO score;
            """)
        #expect(output == """
            -- pane 1 (scores): schema change
            -- error: no such column: score
            -- pane 1 (scores): schema change
            Arthur|0
            Barbara|0

            """)
        let outcomes = test.board.panes[0].history.map(\.outcome)
        #expect(outcomes == ["2 rows", "error: no such column: score", "2 rows"])
    }

    @Test func a_query_failing_on_its_data_is_retried_when_that_data_changes() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE doc(id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO doc(body) VALUES ('{"a": 1}');
            .pin --name a SELECT json_extract(body, '$.a') FROM doc
            """)
        let output = test.run("""
            UPDATE doc SET body = 'not json';
            INSERT INTO player(name) VALUES ('unrelated');
            UPDATE doc SET body = '{"a": 2}';
            """)
        #expect(output == """
            -- pane 1 (a): update doc(body)[1]
            -- error: malformed JSON
            -- pane 1 (a): update doc(body)[1]
            2

            """)
    }

    @Test func schema_changes_inside_a_transaction_wait_for_its_end() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT count(*) FROM player")
        let output = test.run("""
            BEGIN;
            DROP TABLE player;
            ROLLBACK;
            SELECT count(*) FROM player;
            """)
        #expect(output == "2\n")
        #expect(test.board.panes[0].history.map(\.cause) == [.pinned])
    }

    @Test func notify_schema_runs_every_pane_again() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT count(*) FROM player")
        #expect(test.run(".notify schema") == "")
        #expect(test.board.panes[0].history.map(\.cause) == [.pinned, .notifiedByHand])
    }

    @Test func open_moves_the_panes_to_the_new_database() throws {
        let directory = try TemporaryFolder()
        let test = try TestSession.withPlayers()
        test.run(".pin --name n SELECT count(*) FROM player")
        let output = test.run("""
            .open \(directory.path("other.db"))
            CREATE TABLE player(id INTEGER PRIMARY KEY);
            INSERT INTO player DEFAULT VALUES;
            """)
        #expect(output == """
            -- pane 1 (n): database opened
            -- error: no such table: player
            -- pane 1 (n): schema change
            0
            -- pane 1 (n): insert player[1]
            1

            """)
    }
}
