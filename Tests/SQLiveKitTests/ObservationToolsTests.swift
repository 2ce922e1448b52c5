import Testing
@testable import SQLiveKit

/// `.impact`, `.why`, `.events` and `.notify`: the tools that show observation at work.
@Suite struct ObservationToolsTests {
    /// Players, teams, an audit log filled by a trigger, a WITHOUT ROWID table, and a pane on
    /// each.
    func pinnedSession() throws -> TestSession {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE audit(id INTEGER PRIMARY KEY, what TEXT);
            CREATE TABLE tag(name TEXT PRIMARY KEY, n INT) WITHOUT ROWID;
            CREATE TRIGGER log AFTER DELETE ON team BEGIN INSERT INTO audit(what) VALUES ('team ' || old.id); END;
            INSERT INTO team(name) VALUES ('Reds'), ('Blues');
            .pin --name names SELECT name FROM player
            .pin --name teams SELECT name FROM team
            .pin --name log SELECT what FROM audit
            .pin --name tags SELECT * FROM tag
            """)
        return test
    }

    @Test func impact_tests_the_columns_a_statement_writes_against_each_pane() throws {
        let test = try pinnedSession()
        #expect(test.run(".impact UPDATE player SET score = 0") == """
            writes: update player(score)
            pane 1 (names): unaffected
            pane 2 (teams): unaffected
            pane 3 (log): unaffected
            pane 4 (tags): unaffected

            """)
        #expect(test.run(".impact UPDATE player SET name = 'x' WHERE id = 1").hasPrefix("""
            writes: update player(name)
            pane 1 (names): refreshes

            """))
    }

    /// A pane on keys (GRDB narrows its region to their rowids, strings taken as SQLite compares
    /// them) refreshes only when the write changes one of those rows: `.impact` lists them.
    @Test func impact_lists_the_rowids_a_pane_on_keys_reads() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            .pin --name two player.filter(keys: [2, "1e1"])
            .pin --name one player.filter(id == "3").select(name)
            .pin --name names player.select(name)
            """)
        #expect(test.run(".impact UPDATE player SET name = 'x' WHERE id = 1") == """
            writes: update player(name)
            pane 1 (two): refreshes if it changes rowid 2,10
            pane 2 (one): refreshes if it changes rowid 3
            pane 3 (names): refreshes

            """)
    }

    @Test func impact_follows_triggers_and_changes_nothing() throws {
        let test = try pinnedSession()
        #expect(test.run(".impact DELETE FROM team WHERE id = 1") == """
            writes: delete team, insert audit
            pane 1 (names): unaffected
            pane 2 (teams): refreshes
            pane 3 (log): refreshes
            pane 4 (tags): unaffected

            """)
        #expect(test.run("SELECT count(*) FROM team; SELECT count(*) FROM audit;") == "2\n0\n")
        #expect(test.board.panes.map(\.refreshCount) == [1, 1, 1, 1])
    }

    @Test func impact_names_writes_that_wake_no_pane() throws {
        let test = try pinnedSession()
        #expect(test.run(".impact INSERT INTO tag VALUES ('a', 1)").hasPrefix("""
            writes: insert tag
            tag is a WITHOUT ROWID table: its changes wake no pane (.notify tag after them)
            pane 1 (names): unaffected

            """))
        #expect(test.run(".impact SELECT * FROM player").hasPrefix("writes: nothing (the statement only reads)\n"))
        #expect(test.run(".impact DROP TABLE audit").hasPrefix("writes: the schema\npane 1 (names): runs again after the schema change\n"))
        #expect(test.run(".impact PRAGMA user_version = 3").hasPrefix("writes: no table rows (PRAGMA statement)\n"))
        #expect(test.run("PRAGMA user_version;") == "0\n")
    }

    @Test func impact_inside_a_transaction_leaves_it_open_and_intact() throws {
        let test = try pinnedSession()
        test.run("BEGIN;\nINSERT INTO team(name) VALUES ('Greens');\n.impact DELETE FROM team")
        #expect(test.errorText == "")
        #expect(test.session.isInsideTransaction)
        #expect(test.run("COMMIT;\nSELECT count(*) FROM team;").hasSuffix("3\n"))
    }

    @Test func trace_prints_changes_commits_and_the_panes_woken() throws {
        let test = try pinnedSession()
        let output = test.run("""
            .events on
            DELETE FROM team WHERE id = 1;
            BEGIN;
            UPDATE player SET score = 1 WHERE id = 2;
            ROLLBACK;
            INSERT INTO tag VALUES ('a', 1);
            .events off
            DELETE FROM team;
            """)
        #expect(output == """
            -- trace: delete team rowid 1
            -- trace: insert audit rowid 1
            -- trace: commit, woke pane 2 (teams), pane 3 (log)
            -- pane 2 (teams): delete team[1]
            Blues
            -- pane 3 (log): insert audit[1]
            team 1
            -- trace: update player(score) rowid 2
            -- trace: rollback
            -- trace: commit, woke no pane
            -- pane 2 (teams): delete team[2]
            -- pane 3 (log): insert audit[2]
            team 1
            team 2

            """)
    }

    @Test func trace_lists_a_bounded_number_of_changes_per_transaction() throws {
        let test = try TestSession.withPlayers()
        let output = test.run("""
            .events on
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150)
            INSERT INTO player(name) SELECT 'p' || i FROM n;
            """)
        let lines = output.split(separator: "\n")
        #expect(lines.count == ChangeRecorder.tracedEventLimit + 1)
        #expect(lines.last == "-- trace: commit (150 changes, 50 not shown), woke no pane")
    }

    @Test func notify_refreshes_the_panes_that_read_what_it_names() throws {
        let test = try pinnedSession()
        test.run("INSERT INTO tag VALUES ('a', 1);")
        #expect(test.run(".notify tag") == "-- pane 4 (tags): notified by hand\na|1\n")
        test.run("INSERT INTO tag VALUES ('b', 2);")
        // Columns named: only the panes that read them wake (the names pane reads no score).
        #expect(test.run(".notify player(score)") == "")
        #expect(test.board.panes.map(\.refreshCount) == [1, 1, 1, 2])
        #expect(test.run(".notify all") == "-- pane 4 (tags): notified by hand\na|1\nb|2\n")
        #expect(test.board.panes.map(\.refreshCount) == [2, 2, 2, 3])
        test.run("CREATE TABLE other(x);\n.notify other")
        #expect(test.errorText == "warning: no pane reads other: nothing to refresh\n")
    }

    @Test func notify_checks_the_tables_and_columns_it_names() throws {
        let test = try pinnedSession()
        test.run(".notify nosuch")
        #expect(test.errorText == "error: test.sql:1: .notify: no such table: nosuch\n  .tables lists the tables\n")
        test.run(".notify player(nope)")
        #expect(test.errorText == "error: test.sql:1: .notify: no column nope in player\n  its columns: id, name, score\n")
        test.run("CREATE VIEW v AS SELECT 1;\n.notify v")
        #expect(test.errorText == "error: test.sql:2: .notify: v is a view\n  notify the tables the view reads\n")
    }

    @Test func notify_targets_read_tables_columns_and_quotes() throws {
        #expect(try NotifyTarget.parse("player(name, score) team, \"odd name\"(x)") == .tables([
            .init(table: "player", columns: ["name", "score"]),
            .init(table: "team", columns: nil),
            .init(table: "odd name", columns: ["x"]),
        ]))
        #expect(try NotifyTarget.parse(" ALL ") == .all)
        #expect(try NotifyTarget.parse("schema") == .schema)
    }

    @Test func why_lists_a_panes_refreshes_and_their_causes() throws {
        let test = try pinnedSession()
        test.run("""
            DELETE FROM team WHERE id = 1;
            .notify audit
            .refresh log
            """)
        let time = PaneFixtures.timeText
        #expect(test.run(".headers on\n.why log") == """
            refresh|time|cause|outcome
            1|\(time)|pinned|0 rows
            2|\(time)|insert audit[1]|1 row
            3|\(time)|notified by hand|1 row
            4|\(time)|refreshed by hand|1 row

            """)
    }

    @Test func why_counts_the_values_dedupe_dropped() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin --dedupe SELECT count(*) FROM player\nUPDATE player SET score = 0;")
        let output = test.run(".why 1")
        #expect(output.hasSuffix("-- values dropped: 1 equal to the previous one (--dedupe)\n"))
    }
}
