import Foundation
import SQLiveTestSupport
import GRDB
import Testing
@testable import SQLiveKit

/// Panes in scripts: after each statement, every pane whose rows changed prints once, in id
/// order, as a block headed `-- pane ID (NAME): CAUSE`.
@Suite struct PaneScriptTests {
    @Test func pinning_prints_the_pane_at_once() throws {
        let test = try TestSession.withPlayers()
        let output = test.run(".pin --name scores SELECT name, score FROM player ORDER BY score DESC")
        #expect(output == """
            -- pane 1 (scores): pinned
            Barbara|20
            Arthur|10

            """)
    }

    @Test func a_write_prints_the_panes_it_changed_with_its_cause() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin --name scores SELECT name, score FROM player ORDER BY score DESC")
        let output = test.run("""
            UPDATE player SET score = 30 WHERE id = 1;
            INSERT INTO player(name, score) VALUES ('Craig', 5);
            DELETE FROM player WHERE name = 'Barbara';
            """)
        #expect(output == """
            -- pane 1 (scores): update player(score)[1]
            Arthur|30
            Barbara|20
            -- pane 1 (scores): insert player[3]
            Arthur|30
            Barbara|20
            Craig|5
            -- pane 1 (scores): delete player[2]
            Arthur|30
            Craig|5

            """)
    }

    /// The recorder works out where a row event goes once and follows that route for the
    /// next rows of the same table and kind (an `INSERT … SELECT` of 200,000 rows cost four
    /// times its time without a pane): rows of two tables in turn (a trigger), rows outside a
    /// pane narrowed to one key, and changes GRDB hands over at RELEASE each go to their panes.
    @Test func each_row_of_a_statement_goes_to_the_panes_of_its_table_and_rows() throws {
        let test = try TestSession()
        test.run("""
            CREATE TABLE t(id INTEGER PRIMARY KEY, x); CREATE TABLE log(id INTEGER PRIMARY KEY, t_id);
            CREATE TRIGGER tr AFTER UPDATE ON t BEGIN INSERT INTO log(t_id) VALUES (new.id); END;
            INSERT INTO t(x) SELECT value FROM generate_series(1, 20);
            .pin --name seven Table("t").filter(key: 7)
            .pin --name log SELECT count(*) FROM log
            """)
        let output = test.run("""
            UPDATE t SET x = x + 100 WHERE id BETWEEN 5 AND 9;
            UPDATE t SET x = 0 WHERE id > 10;
            BEGIN; SAVEPOINT s; UPDATE t SET x = 1 WHERE id IN (3, 7); RELEASE s; COMMIT;
            """)
        #expect(output == """
            -- pane 1 (seven): update t(x)[7]
            7|107
            -- pane 2 (log): insert log[1,2,3,4,5]
            5
            -- pane 2 (log): insert log[6,7,8,9,10,11,12,13 +2 more]
            15
            -- pane 1 (seven): update t(x)[7]
            7|1
            -- pane 2 (log): insert log[16,17]
            17

            """)
    }

    /// The recorder remembers which panes each kind of change concerns (a script repeats the
    /// same statements); a pane pinned or unpinned since must not get an old answer.
    @Test func a_pane_pinned_after_a_kind_of_change_was_seen_is_woken_by_it() throws {
        let test = try TestSession()
        test.run("""
            CREATE TABLE t(id INTEGER PRIMARY KEY, a, b); INSERT INTO t VALUES (1, 1, 1);
            .pin --name a SELECT a FROM t
            """)
        let output = test.run("""
            UPDATE t SET b = 2;
            .pin --name b SELECT b FROM t
            UPDATE t SET b = 3;
            .unpin a
            UPDATE t SET a = 5;
            .pin --name a2 SELECT a FROM t
            UPDATE t SET a = 6;
            """)
        #expect(output == """
            -- pane 2 (b): pinned
            2
            -- pane 2 (b): update t(b)[1]
            3
            -- pane 3 (a2): pinned
            5
            -- pane 3 (a2): update t(a)[1]
            6

            """)
    }

    @Test func panes_print_in_id_order_and_only_when_their_rows_changed() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT);
            .pin SELECT count(*) FROM team
            .pin SELECT name FROM player WHERE score > 15
            .pin SELECT max(score) FROM player
            """)
        let output = test.run("""
            UPDATE player SET score = 50 WHERE id = 1;
            UPDATE player SET score = 50 WHERE id = 1;
            INSERT INTO team(name) VALUES ('Reds');
            """)
        #expect(output == """
            -- pane 2 (player): update player(score)[1]
            Arthur
            Barbara
            -- pane 3 (player-2): update player(score)[1]
            50
            -- pane 1 (team): insert team[1]
            1

            """)
    }

    @Test func a_transaction_refreshes_its_panes_once_at_commit() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT sum(score) FROM player")
        let output = test.run("""
            BEGIN;
            UPDATE player SET score = score + 1;
            INSERT INTO player(name, score) VALUES ('Craig', 5);
            COMMIT;
            BEGIN;
            DELETE FROM player;
            ROLLBACK;
            """)
        #expect(output == """
            -- pane 1 (player): update player(score)[1,2], insert player[3]
            37

            """)
    }

    @Test func a_pane_keeps_at_most_its_rows_and_says_when_there_are_more() throws {
        let test = try TestSession.withPlayers()
        let output = test.run(".pin --rows 1 SELECT name FROM player ORDER BY name")
        #expect(output == """
            -- pane 1 (player): pinned
            Arthur
            -- showing the first 1 rows; the query has more (.pin --rows N keeps more)

            """)
        #expect(test.board.panes[0].result?.rowCountText == "1+ rows")
    }

    @Test func panes_render_in_the_current_mode() throws {
        let test = try TestSession.withPlayers()
        let output = test.run("""
            .mode csv
            .headers on
            .pin --name scores SELECT name, score FROM player ORDER BY id
            """)
        #expect(output == "-- pane 1 (scores): pinned\nname,score\r\nArthur,10\r\nBarbara,20\r\n")
    }

    @Test func the_panes_command_lists_panes_as_a_result_table() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            .pin --name scores SELECT name, score FROM player
            .pin --rows 1 SELECT * FROM player WHERE id = 2
            UPDATE player SET score = 1;
            """)
        let output = test.run(".mode csv\n.headers on\n.panes")
        let time = PaneFixtures.timeText
        // How long the queries took is measured: those two fields are checked to be numbers.
        let lines = output.split(separator: "\r\n").map { line in
            line.replacing(/,[0-9]+\.[0-9],[0-9]+\.[0-9],/, with: ",MS,MS,")
        }
        #expect(lines == [
            "id,name,query,rows,refreshes,last_refresh,last_ms,median_ms,region",
            "1,scores,\"SELECT name, score FROM player\",2,2,\(time),MS,MS,\"player(name,score)\"",
            "2,player,\"SELECT * FROM player WHERE id = 2\",1,2,\(time),MS,MS,\"player(id,name,score)\"",
        ])
        #expect(output.hasSuffix("\r\n"))
    }

    @Test func pane_prints_the_rows_a_pane_holds() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin --name scores SELECT name FROM player ORDER BY id")
        #expect(test.run(".pane scores") == "-- pane 1 (scores): pinned\nArthur\nBarbara\n")
        #expect(test.run(".pane 1") == "-- pane 1 (scores): pinned\nArthur\nBarbara\n")
    }

    @Test func unpinned_panes_print_no_more() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT count(*) FROM player\n.pin --name other SELECT max(id) FROM player")
        test.run(".unpin 1")
        #expect(test.board.panes.map(\.id) == [2])
        #expect(test.run("DELETE FROM player WHERE id = 1;") == "")
        #expect(test.run("DELETE FROM player WHERE id = 2;") == "-- pane 2 (other): delete player[2]\n\n")
        test.run(".unpin all")
        #expect(test.board.panes.isEmpty)
        #expect(test.run("DELETE FROM player;") == "")
    }

    @Test func paused_panes_keep_their_rows_until_resumed() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT count(*) FROM player")
        test.run(".pause 1")
        #expect(test.run("DELETE FROM player WHERE id = 1;") == "")
        #expect(test.board.panes[0].status == .paused)
        #expect(test.run(".resume 1") == "-- pane 1 (player): resumed\n1\n")
    }

    @Test func refresh_runs_the_query_again() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT count(*) FROM player")
        #expect(test.run(".refresh") == "")
        #expect(test.board.panes[0].refreshCount == 2)
        #expect(test.board.panes[0].lastCause == .refreshedByHand)
    }

    /// `.refresh` made a paused pane live again without a word (it refreshed at the next
    /// commit): paused panes stay paused, and a paused pane named alone is refused.
    @Test func refresh_leaves_paused_panes_paused() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT count(*) FROM player")
        test.run(".pin --name top SELECT sum(score) FROM player")
        test.run(".pause 1")
        #expect(test.run("DELETE FROM player WHERE id = 1;") == "-- pane 2 (top): delete player[1]\n20\n")
        #expect(test.run(".refresh") == "")
        #expect(test.run(".refresh 1") == "")
        #expect(test.errorText == """
            error: test.sql:1: .refresh: pane 1 (player) is paused: it keeps its rows
              .resume 1 refreshes it and keeps it refreshing

            """)
        #expect(test.run("DELETE FROM player WHERE id = 2;") == "-- pane 2 (top): delete player[2]\n\n")
        #expect(test.board.panes[0].status == .paused)
        #expect(test.board.panes[0].refreshCount == 1)
    }

    /// `.once FILE` sends the next statement's results to the file, as sqlite3 does; the
    /// blocks of the panes that statement changed went into the file too, after them.
    @Test func once_captures_the_statements_results_and_the_panes_print_as_usual() throws {
        let folder = try TemporaryFolder()
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT count(*) FROM player")
        test.run(".once \(folder.path("once.txt"))")
        #expect(test.run("INSERT INTO player(name, score) VALUES ('c', 3) RETURNING name;") == "-- pane 1 (player): insert player[3]\n3\n")
        #expect(try String(contentsOfFile: folder.path("once.txt"), encoding: .utf8) == "c\n")
        #expect(test.run("SELECT 7;") == "7\n")
        #expect(test.errorText == "")
    }

    @Test func pin_refuses_statements_that_write() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin DELETE FROM player")
        #expect(test.errorText == """
            error: test.sql:1: a pane needs a query that returns rows, not DELETE FROM player
              pin a SELECT (or a DSL query); run changes as plain statements

            """)
        #expect(test.board.panes.isEmpty)
        #expect(test.run("SELECT count(*) FROM player;") == "2\n")
    }

    /// Panes read on connections of their own: a TEMP table is refused at `.pin`, as `.region`
    /// warns, instead of a pane that shows "no such table" while the prompt reads the table.
    @Test func pin_refuses_a_query_on_a_table_private_to_the_connection() throws {
        let test = try TestSession.withPlayers()
        test.run("CREATE TEMP TABLE scratch(x); INSERT INTO scratch VALUES (1);")
        #expect(test.run(".pin SELECT x FROM scratch") == "")
        #expect(test.errorText == """
            error: test.sql:1: .pin: temp.scratch is private to your connection: panes read on a connection of their own and cannot see it
              pin a query on a table of a database file (.region QUERY shows what a query reads)

            """)
        #expect(test.board.panes.isEmpty)
    }

    /// An attached database on SQLite's memdb VFS is private too, though `PRAGMA
    /// database_list` gives it a path: `.pin` accepted a query on it (a pane in "no such
    /// table" for ever), and the panes' connections attached the path as a file, creating
    /// an empty file there.
    @Test func a_database_attached_on_the_memdb_vfs_is_private_and_never_made_a_file() throws {
        let folder = try TemporaryFolder()
        let test = try TestSession.withPlayers(path: folder.path("main.db"))
        #expect(test.run(".pin SELECT count(*) FROM player") == "-- pane 1 (player): pinned\n2\n")
        let memoryName = folder.path("scratch")
        test.run("ATTACH 'file:\(memoryName)?vfs=memdb' AS n; CREATE TABLE n.u(a); INSERT INTO n.u VALUES (1);")
        #expect(test.run("INSERT INTO player(name, score) VALUES ('c', 3);") == "-- pane 1 (player): insert player[3]\n3\n")
        #expect(test.run(".pin SELECT a FROM n.u") == "")
        #expect(test.errorText == """
            error: test.sql:1: .pin: n.u is private to your connection: panes read on a connection of their own and cannot see it
              pin a query on a table of a database file (.region QUERY shows what a query reads)

            """)
        #expect(test.board.panes.count == 1)
        #expect(!FileManager.default.fileExists(atPath: memoryName))
    }

    /// `.restore` of a WAL file into the in-memory session: the copied header said WAL, which
    /// the memdb VFS cannot open, and every statement after failed ("unable to open database
    /// file"). The copy goes through a temporary file taken out of WAL.
    @Test func an_in_memory_session_restores_a_wal_file() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("wal.db")
        let setup = try DatabaseQueue(path: path)
        try setup.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; CREATE TABLE t(v); INSERT INTO t VALUES (1), (2), (3);")
        }
        try setup.close()
        let test = try TestSession()
        #expect(test.run(".pin SELECT count(*) FROM t") == "-- pane 1 (query): pinned\n-- error: no such table: t\n")
        #expect(test.run(".restore '\(path)'") == "-- pane 1 (t): schema change\n3\n")
        #expect(test.run("SELECT count(*), sum(v) FROM t;") == "3|6\n")
        #expect(test.errorText == "")
    }

    /// A TEMP table that shadows a main one (SQLite finds the name in `temp` first: the query
    /// reads the TEMP rows, a pane would read main's), and a TEMP view (the panes' connection
    /// has no such view) are refused at `.pin` too: they were pinned silently.
    @Test func pin_refuses_a_shadowing_temp_table_and_a_temp_view() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE team(name); CREATE TEMP TABLE player(id, name); INSERT INTO player VALUES (9, 'Temp');
            CREATE TEMP VIEW roster AS SELECT name FROM main.team;
            """)
        let refusal = { (table: String) in
            "error: test.sql:1: .pin: \(table) is private to your connection: panes read on a connection of their own and cannot see it\n"
                + "  pin a query on a table of a database file (.region QUERY shows what a query reads)\n"
        }
        #expect(test.run(".pin SELECT name FROM player") == "")
        #expect(test.errorText == refusal("temp.player"))
        #expect(test.run(".pin SELECT * FROM roster") == "")
        #expect(test.errorText == refusal("temp.roster"))
        #expect(test.board.panes.isEmpty)
    }

    /// The same TEMP table or view created after `.pin`: the session's query then reads it,
    /// the pane could not, and it kept showing main's rows in silence. The pane shows why
    /// instead, and comes back when the TEMP object is dropped.
    @Test(arguments: ["CREATE TEMP TABLE player(name); INSERT INTO temp.player VALUES ('Temp');",
                      "CREATE TEMP VIEW player AS SELECT 'Temp' AS name;"])
    func a_temp_table_or_view_made_after_pin_puts_the_pane_in_error_until_dropped(shadow: String) throws {
        let test = try TestSession.withPlayers()
        #expect(test.run(".pin --name p SELECT name FROM player ORDER BY name") == "-- pane 1 (p): pinned\nArthur\nBarbara\n")
        #expect(test.run(shadow) == """
            -- pane 1 (p): schema change
            -- error: temp.player is private to your connection: panes read on a connection of their own and cannot see it

            """)
        #expect(test.run("INSERT INTO main.player(name) VALUES ('Cyd');") == "")
        let drop = shadow.contains("VIEW") ? "DROP VIEW temp.player;" : "DROP TABLE temp.player;"
        #expect(test.run(drop) == "-- pane 1 (p): schema change\nArthur\nBarbara\nCyd\n")
        #expect(test.errorText == "")
    }

    /// The settings of the session's connection that change what a query returns or may do
    /// reach the panes' connections: after `PRAGMA trusted_schema = 1` (what `.help trust`
    /// says to run) a pane on a view over an FTS table stayed in error, and with
    /// `case_sensitive_like` on a `LIKE 'A%'` pane counted both spellings.
    @Test(arguments: ["memory", "delete"])
    func panes_follow_the_pragmas_that_change_what_queries_return(storage: String) throws {
        let folder = try TemporaryFolder()
        let test = try TestSession(path: storage == "memory" ? ":memory:" : folder.path("main.db"))
        test.run("""
            PRAGMA trusted_schema = 1;
            CREATE VIRTUAL TABLE f USING fts5(body); INSERT INTO f VALUES ('hello');
            CREATE VIEW fv AS SELECT body FROM f;
            CREATE TABLE t(x); INSERT INTO t VALUES ('Apple'), ('apple');
            """)
        #expect(test.run(".pin --name v SELECT * FROM fv") == "-- pane 1 (v): pinned\nhello\n")
        #expect(test.run(".pin --name a SELECT count(*) FROM t WHERE x LIKE 'A%'") == "-- pane 2 (a): pinned\n2\n")
        #expect(test.run("PRAGMA case_sensitive_like = on;") == "-- pane 2 (a): PRAGMA case_sensitive_like changed\n1\n")
        #expect(test.run("SELECT count(*) FROM t WHERE x LIKE 'A%';") == "1\n")
        #expect(test.run("PRAGMA trusted_schema = 0;") == """
            -- pane 1 (v): PRAGMA trusted_schema changed
            -- error: unsafe use of virtual table "f"

            """)
        #expect(test.errorText == "")
    }

    /// The panes' connections open in the session's `trusted_schema`: opening reads the
    /// schema, and with the setting off a generated column of a function not marked harmless
    /// (`json_extract` on this SQLite) makes it "malformed". After `PRAGMA trusted_schema = 1`
    /// and such a table, every `.pin` failed with "cannot open a connection for the panes".
    @Test(arguments: ["memory", "wal"])
    func panes_open_in_the_sessions_trusted_schema(storage: String) throws {
        let folder = try TemporaryFolder()
        let test = try TestSession(path: storage == "memory" ? ":memory:" : folder.path("main.db"))
        if storage == "wal" { test.run("PRAGMA journal_mode = WAL;") }
        test.run("""
            PRAGMA trusted_schema = 1;
            CREATE TABLE doc(id INTEGER PRIMARY KEY, j TEXT, v AS (json_extract(j, '$.v')));
            INSERT INTO doc(j) VALUES ('{"v":1}');
            """)
        #expect(test.run(".pin --name d SELECT id, v FROM doc") == "-- pane 1 (d): pinned\n1|1\n")
        #expect(test.run("INSERT INTO doc(j) VALUES ('{\"v\":2}');") == "-- pane 1 (d): insert doc[2]\n1|1\n2|2\n")
        #expect(test.errorText == "")
    }

    /// A pane's query is one statement: `.pin select …; delete from t` was accepted, and what
    /// followed the first statement was kept in the pane's text, never run nor checked. A
    /// trailing comment is no statement.
    @Test func pin_refuses_a_query_followed_by_more_text() throws {
        let test = try TestSession.withPlayers()
        #expect(test.run(".pin SELECT count(*) FROM player; DELETE FROM player") == "")
        #expect(test.errorText == """
            error: test.sql:1: a query must be one statement: DELETE FROM player follows SELECT count(*) FROM player
              pin (or look at) each query on its own

            """)
        #expect(test.run(".pin SELECT count(*) FROM player; not sql at all") == "")
        #expect(test.errorText.contains("a query must be one statement: not sql at all follows SELECT count(*) FROM player"))
        #expect(test.board.panes.isEmpty)
        #expect(test.run(".pin --name n SELECT count(*) FROM player; -- how many") == "-- pane 1 (n): pinned\n2\n")
        #expect(test.run("SELECT count(*) FROM player;") == "2\n")
    }

    /// The first block of a pane pinned after ATTACH says `pinned` (it said `external change`:
    /// the attachment looked like another process's schema change).
    @Test func a_pane_pinned_after_attach_says_pinned() throws {
        let folder = try TemporaryFolder()
        let test = try TestSession.withPlayers(path: folder.path("main.db"))
        test.run("ATTACH '\(folder.path("aux.db"))' AS aux; CREATE TABLE aux.t(x); INSERT INTO aux.t VALUES (7);")
        #expect(test.run(".pin SELECT x FROM aux.t") == "-- pane 1 (t): pinned\n7\n")
        #expect(test.run("INSERT INTO aux.t VALUES (8);") == "-- pane 1 (t): insert t[2]\n7\n8\n")
        #expect(test.errorText == "")
    }

    /// A pane pinned inside a transaction that changed the schema was compiled against the
    /// transaction's schema, which the panes never read: after ROLLBACK a pane on a table the
    /// transaction had renamed or dropped stayed in "no such table" for good, and one on the
    /// new name kept a region of a table that never was. Such panes compile again when the
    /// transaction ends, against the schema it left.
    /// On a file the first pane's engine starts inside the transaction (in memory it waits for
    /// its end), so what the transaction did before any pane was pinned must be known too;
    /// there the panes compile against the committed schema on their own connection and show
    /// the committed state at once (`t` and `log` showed "no such table" until the end).
    @Test(arguments: ["ROLLBACK;", "COMMIT;"], ["memory", "file"])
    func a_pane_pinned_inside_a_transaction_that_changed_the_schema_compiles_again_at_its_end(end: String, storage: String) throws {
        let folder = try TemporaryFolder()
        let test = try TestSession(path: storage == "memory" ? ":memory:" : folder.path("main.db"))
        test.run("CREATE TABLE t(x); INSERT INTO t VALUES (1); CREATE TABLE log(x); INSERT INTO log VALUES ('l');")
        test.run("BEGIN; ALTER TABLE t RENAME TO t_new; DROP TABLE log;")
        test.run(".pin --name t SELECT * FROM t\n.pin --name log SELECT * FROM log\n.pin --name renamed SELECT * FROM t_new")
        let ended = test.run(end)
        if end == "ROLLBACK;" {
            // In memory the panes' engine waits for the transaction's end, so pane 3 shows
            // its error then; on a file it showed it at `.pin` already.
            let memory = "-- pane 1 (t): pinned\n1\n-- pane 2 (log): pinned\nl\n-- pane 3 (renamed): pinned\n-- error: no such table: t_new\n"
            #expect(ended == (storage == "memory" ? memory : ""))
            #expect(test.run("INSERT INTO t VALUES (2); INSERT INTO log VALUES ('m');") == """
                -- pane 1 (t): insert t[2]
                1
                2
                -- pane 2 (log): insert log[2]
                l
                m

                """)
            #expect(test.run(".pane renamed") == "-- pane 3 (renamed): pinned\n-- error: no such table: t_new\n")
        } else {
            // On a file the commit's schema change compiles every pane again first.
            let cause = storage == "memory" ? "pinned" : "schema change"
            // In memory `t` and `log` said they waited: they print again, without the note.
            let failed = """
                -- pane 1 (t): \(cause)
                -- error: no such table: t
                -- pane 2 (log): \(cause)
                -- error: no such table: log

                """
            #expect(ended == failed + "-- pane 3 (renamed): \(cause)\n1\n")
            #expect(test.run("INSERT INTO t_new VALUES (2);") == "-- pane 3 (renamed): insert t_new[2]\n1\n2\n")
            #expect(test.run(".pane t") == "-- pane 1 (t): \(cause)\n-- error: no such table: t\n")
        }
        #expect(test.errorText == "")
    }

    /// Databases attached under names that need quoting, and tables too: `.pin` failed with
    /// "near ".": syntax error" (GRDB's primary-key lookup names an attached database's
    /// schema table unquoted); the panes now pin, narrow to their keys and refresh.
    @Test func panes_on_attached_databases_whose_names_need_quoting_refresh() throws {
        let folder = try TemporaryFolder()
        let test = try TestSession.withPlayers(path: folder.path("main.db"))
        test.run("""
            ATTACH '\(folder.path("one.db"))' AS "a b"; ATTACH '\(folder.path("two.db"))' AS "we""ird";
            CREATE TABLE "a b".u(id INTEGER PRIMARY KEY, y); INSERT INTO "a b".u VALUES (1, 5);
            CREATE TABLE "we""ird"."t""q"(x); INSERT INTO "we""ird"."t""q" VALUES (1);
            """)
        #expect(test.errorText == "")
        #expect(test.run(".pin SELECT y FROM \"a b\".u WHERE id = 1") == "-- pane 1 (u): pinned\n5\n")
        #expect(test.run(".pin SELECT x FROM \"we\"\"ird\".\"t\"\"q\"") == "-- pane 2 (t\"q): pinned\n1\n")
        #expect(test.run("UPDATE \"a b\".u SET y = 6 WHERE id = 1;") == "-- pane 1 (u): update u(y)[1]\n6\n")
        #expect(test.run("INSERT INTO \"a b\".u VALUES (2, 0);") == "")
        #expect(test.run("INSERT INTO \"we\"\"ird\".\"t\"\"q\" VALUES (2);") == "-- pane 2 (t\"q): insert t\"q[2]\n1\n2\n")
        #expect(test.errorText == "")
    }

    /// A pane on an attached table that does not exist yet comes alive when the table is
    /// created, whatever the main file's journal and whenever the file was attached. On a
    /// rollback-journal file it stayed in error: the schema check trusted the files' headers
    /// without having read the attached database's version once.
    @Test(arguments: [false, true], [false, true])
    func a_pane_on_an_attached_table_created_later_comes_alive(mainIsWAL: Bool, attachesFirst: Bool) throws {
        let folder = try TemporaryFolder()
        let test = try TestSession(path: folder.path("main.db"))
        test.run("CREATE TABLE t(id);\(mainIsWAL ? " PRAGMA journal_mode = WAL;" : "")")
        let attach = "ATTACH '\(folder.path("aux.db"))' AS x;"
        if attachesFirst { test.run(attach) }
        #expect(test.run(".pin SELECT v FROM x.at") == "-- pane 1 (query): pinned\n-- error: no such table: x.at\n")
        if !attachesFirst { test.run(attach) }
        #expect(test.run("CREATE TABLE x.at(v);") == "-- pane 1 (at): schema change\n")
        #expect(test.run("INSERT INTO x.at VALUES (10);") == "-- pane 1 (at): insert at[1]\n10\n")
        #expect(test.errorText == "")
    }

    /// A pane on a name only an attached database has reads main's table once main gets one,
    /// as the query does in the session: compiled again after `CREATE TABLE main.o`, it kept
    /// reading the attached table, since the panes' connection still had main's old schema.
    @Test(arguments: ["memory", "delete", "wal"])
    func a_main_table_that_takes_an_attached_tables_name_takes_its_panes(storage: String) throws {
        let folder = try TemporaryFolder()
        let test = try TestSession(path: storage == "memory" ? ":memory:" : folder.path("main.db"))
        if storage == "wal" { test.run("PRAGMA journal_mode = WAL;") }
        test.run("ATTACH '\(folder.path("aux.db"))' AS aux; CREATE TABLE aux.o(v); INSERT INTO aux.o VALUES ('aux');")
        #expect(test.run(".pin SELECT v FROM o") == "-- pane 1 (o): pinned\naux\n")
        #expect(test.run("CREATE TABLE main.o(v);") == "-- pane 1 (o): schema change\n")
        #expect(test.run("INSERT INTO main.o VALUES ('main');") == "-- pane 1 (o): insert o[1]\nmain\n")
        #expect(test.errorText == "")
    }

    /// The same for the DSL, whose unknown names sqlive finds before SQLite sees the query:
    /// `.pin job.filter(done == 0).count` before the app created `job` was refused (and
    /// `--follow` exited: no pane is pinned). A syntax error, which no schema cures, is refused.
    @Test func a_dsl_query_on_a_table_that_does_not_exist_yet_waits_for_it() throws {
        let test = try TestSession.withPlayers()
        #expect(test.run(".pin job.filter(done == 0).count") == "-- pane 1 (query): pinned\n-- error: no such table: job\n")
        #expect(test.run(".pin player.filter(nope == 1).count") == "-- pane 2 (query-2): pinned\n-- error: no such column: nope — did you mean name?\n")
        #expect(test.errorText == "")
        #expect(test.run("CREATE TABLE job(id INTEGER PRIMARY KEY, done);") == "-- pane 1 (job): schema change\n0\n")
        #expect(test.run("ALTER TABLE player ADD COLUMN nope;") == "-- pane 2 (player): schema change\n0\n")
        #expect(test.run(".pin select * frm player") == "")
        #expect(test.errorText.hasPrefix("error: test.sql:1: near \"frm\": syntax error"))
        #expect(test.board.panes.count == 2)
    }

    /// A DSL query on an association whose foreign key a migration has not added yet was
    /// refused at `.pin`, unlike one on a table not made yet: it waits for the schema too.
    @Test func a_dsl_query_on_an_association_without_its_foreign_key_yet_waits_for_it() throws {
        let test = try TestSession.withPlayers()
        test.run("CREATE TABLE team(id INTEGER PRIMARY KEY, name); INSERT INTO team VALUES (1, 'Reds');")
        #expect(test.run(".pin player.joining(required: team).count") == """
            -- pane 1 (query): pinned
            -- error: no association between player and team: neither has a foreign key to the other

            """)
        #expect(test.errorText == "")
        #expect(test.run("ALTER TABLE player ADD COLUMN teamId REFERENCES team(id);") == "-- pane 1 (player+team): schema change\n0\n")
        #expect(test.run("UPDATE player SET teamId = 1 WHERE id = 1;") == "-- pane 1 (player+team): update player(teamId)[1]\n1\n")
        #expect(test.errorText == "")
    }

    /// A column declared `INTEGER PRIMARY KEY DESC` is not the rowid (SQLite's exception;
    /// GRDB takes it for one): a pane on some of its keys was narrowed to rowids it does not
    /// read, and never refreshed. Such a table is watched whole; a true INTEGER PRIMARY KEY
    /// still narrows.
    @Test func a_key_pane_on_an_integer_primary_key_desc_refreshes() throws {
        let test = try TestSession()
        test.run("""
            CREATE TABLE n(code INTEGER PRIMARY KEY DESC, v); INSERT INTO n VALUES (5, 'five'), (9, 'nine');
            CREATE TABLE r(code INTEGER PRIMARY KEY, v); INSERT INTO r VALUES (5, 'five');
            """)
        #expect(test.run(".region n.filter(key: 5)\n.region r.filter(key: 5)") == "n(code,v)\nr(code,v)[5]\n")
        #expect(test.run(".pin n.filter(keys: [5, 9])") == "-- pane 1 (n): pinned\n9|nine\n5|five\n")
        #expect(test.run("UPDATE n SET v = upper(v);") == "-- pane 1 (n): update n(v)[1,2]\n9|NINE\n5|FIVE\n")
        #expect(test.run("DELETE FROM n WHERE code = 5;") == "-- pane 1 (n): delete n[1]\n9|NINE\n")
        #expect(test.errorText == "")
    }

    /// A column of its own named `rowid` hides the rowid in SQL; GRDB still takes `"rowid"` for
    /// the rowid (`filter(key:)` of a table without a primary key, `rowid == 3`): a pane on
    /// some of its values was narrowed to rowids, and missed the rows it reads under other
    /// rowids. Such a table is watched whole; one whose INTEGER PRIMARY KEY is named `rowid`
    /// still narrows.
    @Test func a_key_pane_on_a_column_named_rowid_refreshes() throws {
        let test = try TestSession()
        test.run("""
            CREATE TABLE rs(rowid INT, v); INSERT INTO rs(_rowid_, rowid, v) VALUES (1, 3, 'a'), (2, 1, 'b');
            CREATE TABLE k(id INTEGER PRIMARY KEY, RowID INT); CREATE TABLE r(rowid INTEGER PRIMARY KEY, v);
            """)
        #expect(test.run(".region rs.filter(key: 3)\n.region k.filter(rowid == 3)\n.region r.filter(key: 3)")
                == "rs(rowid,v)\nk(RowID,id)\nr(rowid,v)[3]\n")
        #expect(test.run(".pin rs.filter(key: 3)\n.pin rs.filter(rowid == 1)") == """
            -- pane 1 (rs): pinned
            3|a
            -- pane 2 (rs-2): pinned
            1|b

            """)
        #expect(test.run("UPDATE rs SET v = 'A' WHERE rowid = 3;") == "-- pane 1 (rs): update rs(v)[1]\n3|A\n")
        #expect(test.run("INSERT INTO rs(rowid, v) VALUES (1, 'c');") == "-- pane 2 (rs-2): insert rs[3]\n1|b\n1|c\n")
        #expect(test.errorText == "")
    }

    /// A URI for a private in-memory database is `:memory:`: the panes read it too. They read
    /// another, empty database (each open of such a URI makes one): "no such table" for ever.
    @Test(arguments: ["file::memory:", "file:scratch?mode=memory", "file::memory:?cache=shared"])
    func panes_read_an_in_memory_database_named_by_a_uri(uri: String) throws {
        let test = try TestSession(path: uri)
        test.run("CREATE TABLE t(v);")
        #expect(test.run(".pin SELECT count(*) FROM t") == "-- pane 1 (t): pinned\n0\n")
        #expect(test.run("INSERT INTO t VALUES (1);") == "-- pane 1 (t): insert t[1]\n1\n")
        #expect(test.errorText == "")
    }

    /// Start sqlive first: a query on a table or column that does not exist yet is a pane in
    /// error, which comes alive when the schema makes it work.
    @Test func a_query_that_does_not_compile_yet_is_a_pane_in_error_until_the_schema_makes_it_work() throws {
        let test = try TestSession.withPlayers()
        #expect(test.run(".pin SELECT id, category FROM expense") == """
            -- pane 1 (query): pinned
            -- error: no such table: expense

            """)
        #expect(test.errorText == "")
        #expect(test.run("CREATE TABLE expense(id INTEGER PRIMARY KEY, amount);") == """
            -- pane 1 (query): schema change
            -- error: no such column: category

            """)
        // Now that it runs, it is named after its table, as if pinned now.
        #expect(test.run("ALTER TABLE expense ADD COLUMN category TEXT;") == "-- pane 1 (expense): schema change\n")
        #expect(test.run("INSERT INTO expense(amount, category) VALUES (3, 'food');") == """
            -- pane 1 (expense): insert expense[1]
            1|food

            """)
    }

    @Test func pin_checks_its_options() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin --rows 0 SELECT 1")
        #expect(test.errorText == "error: test.sql:1: .pin: --rows needs a number of rows from 1 to 10000\n  usage: .pin ?--name NAME? ?--rows N? ?--dedupe? QUERY\n")
        test.run(".pin --name 7 SELECT 1")
        #expect(test.errorText.hasPrefix("error: test.sql:1: .pin: 7 cannot name a pane\n"))
        test.run(".pin --name a SELECT 1\n.pin --name A SELECT 2")
        #expect(test.errorText.hasPrefix("error: test.sql:2: .pin: a pane is already named A\n"))
        test.run(".unpin nine")
        #expect(test.errorText == "error: test.sql:1: .unpin: no pane nine\n  panes: 1 (a)\n")
    }

    @Test func quoted_sql_reaches_the_pane_as_typed() throws {
        let test = try TestSession.withPlayers()
        let output = test.run(#".pin --name "the bs" SELECT name FROM player WHERE name LIKE 'B%' AND "name" <> ''"#)
        #expect(output == "-- pane 1 (the bs): pinned\nBarbara\n")
    }
}
