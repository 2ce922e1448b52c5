import Foundation
import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// A pane equals its query on the latest committed state: each case here is a way panes
/// used to show data that was not true (issue 11, section 2).
@Suite struct PaneTruthTests {
    /// The storages a pane can read: a shared in-memory database, a rollback journal, WAL.
    static let storages = ["memory", "delete", "wal"]

    static func session(_ storage: String, in directory: TemporaryFolder) throws -> TestSession {
        guard storage != "memory" else { return try TestSession.withPlayers() }
        let path = directory.path("\(storage).db")
        if storage == "wal" {
            let setup = try DatabaseQueue(path: path)
            try setup.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            try setup.close()
        }
        return try TestSession.withPlayers(path: path)
    }

    static func firstValue(_ test: TestSession, pane index: Int = 0) -> String? {
        guard let cell = test.board.panes[index].result?.rows.first?.cells.first else { return nil }
        return String(decoding: cell.bytes, as: UTF8.self)
    }

    // MARK: - Uncommitted data

    @Test(arguments: storages)
    func a_pane_pinned_inside_a_transaction_never_shows_what_is_rolled_back(storage: String) throws {
        let directory = try TemporaryFolder()
        let test = try Self.session(storage, in: directory)
        test.run("""
            BEGIN;
            INSERT INTO player(name) VALUES ('Uncommitted');
            .pin --name c SELECT count(*) FROM player
            .refresh
            ROLLBACK;
            SELECT 'after';
            """)
        #expect(test.errorText == "")
        #expect(Self.firstValue(test) == "2")
        #expect(!test.board.panes[0].history.contains { $0.outcome == "1 row" && $0.cause == .refreshedByHand && Self.firstValue(test) == "3" })
        test.run("INSERT INTO player(name) VALUES ('Committed');")
        #expect(Self.firstValue(test) == "3")
    }

    @Test(arguments: storages)
    func inside_a_transaction_panes_show_the_committed_state(storage: String) throws {
        let directory = try TemporaryFolder()
        let test = try Self.session(storage, in: directory)
        test.run(".pin --name c SELECT count(*) FROM player")
        test.run("BEGIN;\nINSERT INTO player(name) VALUES ('Pending');\n.resume\n.refresh")
        #expect(Self.firstValue(test) == "2")
        test.run("COMMIT;")
        #expect(Self.firstValue(test) == "3")
    }

    // MARK: - Errors

    @Test func a_pane_whose_first_fetch_fails_recovers_when_the_data_is_fixed() throws {
        let test = try TestSession.withPlayers()
        let output = test.run("""
            CREATE TABLE doc(id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO doc(body) VALUES ('not json');
            .pin --name a SELECT json_extract(body, '$.a') FROM doc
            UPDATE doc SET body = '{"a": 1}';
            """)
        #expect(output == """
            -- pane 1 (a): pinned
            -- error: malformed JSON
            -- pane 1 (a): update doc(body)[1]
            1

            """)
    }

    @Test func a_pane_failing_after_a_schema_change_recovers_when_the_data_is_fixed() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE doc(id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO doc(body) VALUES ('{"a": 1}');
            .pin --name a SELECT json_extract(body, '$.a') FROM doc
            UPDATE doc SET body = 'broken';
            """)
        let output = test.run("""
            ALTER TABLE doc ADD COLUMN note;
            UPDATE doc SET body = '{"a": 2}';
            """)
        #expect(output == """
            -- pane 1 (a): update doc(body)[1]
            2

            """)
        #expect(test.board.panes[0].history.map(\.cause.description).suffix(2) == ["schema change", "update doc(body)[1]"])
    }

    @Test func dedupe_prints_a_recovery_to_the_same_value() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE doc(id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO doc(body) VALUES ('{"a": 1}');
            .pin --dedupe --name a SELECT json_extract(body, '$.a') FROM doc
            """)
        let output = test.run("""
            UPDATE doc SET body = 'broken';
            UPDATE doc SET body = '{"a": 1}';
            UPDATE doc SET body = '{"a": 1}';
            """)
        #expect(output == """
            -- pane 1 (a): update doc(body)[1]
            -- error: malformed JSON
            -- pane 1 (a): update doc(body)[1]
            1

            """)
        #expect(test.board.panes[0].history.last?.outcome == "1 row")
        #expect(test.board.panes[0].suppressedCount == 1)
    }

    /// The differential tester (seed 10): a `--dedupe` pane that failed after its table was
    /// dropped (or its database detached), then compiled again, was restarted as live with its
    /// old rows still kept, so its first value, equal to those rows, was dropped as a
    /// duplicate: the script's last block stayed the error while the pane showed the value.
    @Test func dedupe_prints_the_value_after_a_schema_error_even_when_equal_to_the_one_before() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE t(x);
            .pin --dedupe --name n SELECT count(*) FROM t
            """)
        let output = test.run("""
            DROP TABLE t;
            CREATE TABLE t(x);
            """)
        #expect(output == """
            -- pane 1 (n): schema change
            -- error: no such table: t
            -- pane 1 (n): schema change
            0

            """)
        #expect(test.board.panes[0].suppressedCount == 0)
    }

    // MARK: - Changes SQLite does not report

    static func keyed() throws -> TestSession {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE t(id INTEGER PRIMARY KEY, u TEXT UNIQUE, v INT);
            INSERT INTO t VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30), (4, 'd', 40);
            """)
        return test
    }

    @Test func an_update_that_moves_a_row_away_refreshes_a_pane_on_its_old_rowid() throws {
        let test = try Self.keyed()
        test.run(".pin --name one t.filter(id == 1).select(v)\n.pin --name five t.filter(key: 5).select(v)")
        #expect(test.run(".impact UPDATE t SET id = 5 WHERE id = 1") == """
            writes: update t(id)
            pane 1 (one): refreshes
            pane 2 (five): refreshes

            """)
        let output = test.run("UPDATE t SET id = 5 WHERE id = 1;")
        #expect(output == """
            -- pane 1 (one): update t(id)[5]
            -- pane 2 (five): update t(id)[5]
            10

            """)
        #expect(test.board.panes[0].result?.rows.isEmpty == true)
    }

    @Test func rows_deleted_by_replace_refresh_the_panes_that_showed_them() throws {
        let test = try Self.keyed()
        test.run(".pin --name two t.filter(key: 2).select(v)\n.pin --name four SELECT v FROM t WHERE id = 4")
        #expect(test.run("INSERT OR REPLACE INTO t VALUES (9, 'b', 90);") == """
            -- pane 1 (two): insert t[9]

            """)
        #expect(test.board.panes[0].result?.rows.isEmpty == true)
        #expect(test.run("UPDATE OR REPLACE t SET u = 'd' WHERE id = 3;") == """
            -- pane 2 (four): update t[3]

            """)
        #expect(test.board.panes[1].result?.rows.isEmpty == true)
        #expect(test.run("REPLACE INTO t VALUES (1, 'z', 11);\nSELECT count(*) FROM t;") == "3\n")
    }

    @Test func a_narrowed_pane_still_ignores_rows_it_does_not_read_where_every_change_is_reported() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin --name one player.filter(key: 1).select(name)")
        #expect(test.run("UPDATE player SET name = 'B' WHERE id = 2;") == "")
        #expect(test.run("UPDATE player SET name = 'A' WHERE id = 1;") == "-- pane 1 (one): update player(name)[1]\nA\n")
    }

    @Test func generated_columns_refresh_when_what_they_are_computed_from_changes() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE g(id INTEGER PRIMARY KEY, a INT, c AS (a * 2), s INT AS (a * 3) STORED);
            INSERT INTO g(a) VALUES (1);
            .pin --name c SELECT c FROM g
            .pin --name s SELECT s FROM g
            """)
        #expect(test.run(".region SELECT c FROM g") == "g(a,c,id,s)\n")
        #expect(test.run(".impact UPDATE g SET a = 5") == "writes: update g(a)\npane 1 (c): refreshes\npane 2 (s): refreshes\n")
        #expect(test.run("UPDATE g SET a = 5;") == """
            -- pane 1 (c): update g(a)[1]
            10
            -- pane 2 (s): update g(a)[1]
            15

            """)
    }

    // MARK: - Attached databases

    @Test func panes_follow_the_schema_and_the_detaching_of_an_attached_database() throws {
        let directory = try TemporaryFolder()
        let test = try TestSession.withPlayers(path: directory.path("main.db"))
        test.run("""
            ATTACH '\(directory.path("aux.db"))' AS aux;
            CREATE TABLE aux.t(x);
            INSERT INTO aux.t VALUES (1);
            .pin --name a SELECT * FROM aux.t
            """)
        #expect(test.run("ALTER TABLE aux.t ADD COLUMN y DEFAULT 7;") == "-- pane 1 (a): schema change\n1|7\n")
        #expect(test.run("DETACH aux;") == "-- pane 1 (a): schema change\n-- error: no such table: aux.t\n")
        #expect(test.run("ATTACH '\(directory.path("aux.db"))' AS aux;") == "-- pane 1 (a): schema change\n1|7\n")
        #expect(test.run("DROP TABLE aux.t;") == "-- pane 1 (a): schema change\n-- error: no such table: aux.t\n")
    }

    @Test func another_process_committing_to_an_attached_file_refreshes_its_panes() throws {
        let directory = try TemporaryFolder()
        let auxPath = directory.path("aux.db")
        let test = try TestSession.withPlayers(path: directory.path("main.db"))
        test.run("""
            ATTACH '\(auxPath)' AS aux;
            CREATE TABLE aux.t(x);
            .external 20ms
            .pin --name a SELECT count(*) FROM aux.t
            """)
        #expect(test.run(".region SELECT count(*) FROM aux.t") == "t(*)\n")
        let other = try Self.otherProcess(auxPath)
        try other.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        #expect(Self.waitForRefresh(of: test.board) == [.refreshed(paneID: 1, cause: .externalChange)])
        #expect(Self.firstValue(test) == "1")
    }

    /// A file attached after the first pane was pinned is watched too: its fingerprint was
    /// never taken, so another process's commits to it were never seen.
    @Test func a_file_attached_after_the_first_pin_is_watched_for_other_processes() throws {
        let directory = try TemporaryFolder()
        let auxPath = directory.path("aux.db")
        let setup = try Self.otherProcess(auxPath)
        try setup.write { try $0.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        let test = try TestSession.withPlayers(path: directory.path("main.db"))
        test.run("""
            .external 20ms
            .pin --name n SELECT count(*) FROM player
            ATTACH '\(auxPath)' AS aux;
            .pin --name a SELECT count(*) FROM aux.t
            """)
        #expect(test.errorText == "")
        try setup.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
        #expect(Self.waitForValue("2", in: test, pane: 1))
        #expect(test.board.panes[1].lastCause == .externalChange)
    }

    // MARK: - Other processes

    @Test func changing_the_external_interval_loses_no_commit() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("shared.db")
        let test = try TestSession.withPlayers(path: path)
        test.run(".external 10s\n.pin --name n SELECT count(*) FROM player")
        let other = try Self.otherProcess(path)
        try other.write { try $0.execute(sql: "INSERT INTO player(name) VALUES ('Other')") }
        test.run(".external 20ms")
        #expect(Self.waitForValue("3", in: test))
        #expect(test.board.panes[0].lastCause == .externalChange)
    }

    @Test func turning_external_back_on_catches_up() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("shared.db")
        let test = try TestSession.withPlayers(path: path)
        test.run(".external 20ms\n.pin --name n SELECT count(*) FROM player\n.external off")
        let other = try Self.otherProcess(path)
        try other.write { try $0.execute(sql: "INSERT INTO player(name) VALUES ('Other')") }
        test.run(".external on")
        #expect(Self.waitForValue("3", in: test))
        #expect(test.board.panes[0].lastCause == .externalChange)
    }

    @Test func a_commit_right_after_the_first_pin_is_seen() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("shared.db")
        let test = try TestSession.withPlayers(path: path)
        test.run(".external 20ms")
        try test.board.pin("SELECT count(*) FROM player", name: "n")
        // Before the pane's first fetch has been applied.
        let other = try Self.otherProcess(path)
        try other.write { try $0.execute(sql: "INSERT INTO player(name) VALUES ('Other')") }
        #expect(Self.waitForValue("3", in: test))
    }

    @Test func another_process_altering_the_table_is_an_external_change_and_traced() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("shared.db")
        let test = try TestSession.withPlayers(path: path)
        test.run(".pin --name n SELECT * FROM player WHERE id = 1\n.events on")
        let other = try Self.otherProcess(path)
        try other.write { try $0.execute(sql: "ALTER TABLE player ADD COLUMN team DEFAULT 'x'") }
        #expect(test.run("SELECT 1;") == """
            1
            -- pane 1 (n): external change
            1|Arthur|10|x

            """)
        test.run(".external 20ms")
        try other.write { try $0.execute(sql: "UPDATE player SET score = 11 WHERE id = 1") }
        let events = Self.waitForEvents(of: test.board) { events in
            events.contains { if case .refreshed = $0 { true } else { false } }
        }
        #expect(events.contains(.trace("external commit (another process), woke pane 1 (n)")))
    }

    // MARK: - Parameters

    @Test func panes_bind_parameters_and_refresh_when_one_they_use_changes() throws {
        let test = try TestSession.withPlayers()
        let output = test.run("""
            .parameter set :lim 1
            .parameter set :other 5
            .pin --name n SELECT count(*) FROM player WHERE id <= :lim
            .parameter set :other 6
            .parameter set :lim 2
            """)
        #expect(output == """
            -- pane 1 (n): pinned
            1
            -- pane 1 (n): parameter :lim changed
            2

            """)
    }

    /// On an in-memory database the user's write transaction holds the database: a pane
    /// cannot read the committed state until it ends, and says so where it used to print a
    /// header and no rows (a `count(*)` always has one), or rows from before a
    /// `.parameter set` as if they were current.
    @Test func inside_a_write_transaction_in_memory_a_pane_says_it_waits_for_the_end() throws {
        let test = try TestSession.withPlayers()
        let waiting = "the open transaction holds the in-memory database, and panes read the committed state "
            + "on a connection of their own: they read when it ends"
        #expect(test.run("""
            .parameter set :p 0
            .pin --name q SELECT count(*) FROM player WHERE id > :p
            BEGIN;
            INSERT INTO player(id, name, score) VALUES (100, 'Zoe', 1);
            .parameter set :p 1
            .pane q
            .pin --name n SELECT 7 FROM player LIMIT 1
            .pane n
            ROLLBACK;
            .pane q
            """) == """
            -- pane 1 (q): pinned
            2
            -- pane 1 (q): pinned
            -- stale: \(waiting)
            2
            -- pane 2 (n): pinned
            -- not read yet: \(waiting)
            -- pane 1 (q): parameter :p changed
            1
            -- pane 2 (n): pinned
            7
            -- pane 1 (q): parameter :p changed
            1

            """)
    }

    /// A parameter set to an equal number of another type (7, then 7.0) binds another value:
    /// `k = :k` on a TEXT column matches other rows, `typeof(:k)` differs. GRDB's `==` takes
    /// them for equal, and the pane kept its rows (found by the session-19 differential
    /// tester). Setting the same value again wakes nothing.
    @Test func a_parameter_of_another_type_refreshes_the_pane() throws {
        let test = try TestSession()
        #expect(test.run("""
            .mode quote
            CREATE TABLE c(k TEXT); INSERT INTO c VALUES ('7'), ('7.0'), ('0'), ('0.0');
            .parameter set :k 7
            .pin SELECT k, typeof(:k) FROM c WHERE k = :k
            .parameter set :k 7.0
            .parameter set :k 7.0
            .parameter set :k 0.0
            .parameter set :k 0
            """) == """
            -- pane 1 (c): pinned
            '7','integer'
            -- pane 1 (c): parameter :k changed
            '7.0','real'
            -- pane 1 (c): parameter :k changed
            '0.0','real'
            -- pane 1 (c): parameter :k changed
            '0','integer'

            """)
    }

    /// `.notify` inside a transaction waits for its end; at ROLLBACK it was dropped, and the
    /// pane it named kept stale rows (a WITHOUT ROWID table's insert, which no hook reports,
    /// made before; found by the session-19 differential tester). It refreshes at the end
    /// either way, and after a statement whose failure rolled the transaction back.
    @Test(arguments: ["ROLLBACK;", "INSERT INTO r VALUES (1);"])
    func a_notice_inside_a_transaction_refreshes_at_its_end_whatever_the_end(_ end: String) throws {
        let test = try TestSession()
        #expect(test.run("""
            CREATE TABLE wr(k TEXT PRIMARY KEY, v INT) WITHOUT ROWID;
            CREATE TABLE r(x); CREATE TRIGGER no BEFORE INSERT ON r BEGIN SELECT RAISE(ROLLBACK, 'no'); END;
            .pin SELECT count(*) FROM wr
            INSERT INTO wr VALUES ('a', 1);
            BEGIN;
            .notify wr
            \(end)
            .print end
            """) == """
            -- pane 1 (wr): pinned
            0
            -- pane 1 (wr): notified by hand
            1
            end

            """)
    }

    /// A pane pinned inside a transaction that changed the schema compiles against the
    /// committed schema, which it reads, on the panes' connection: after an uncommitted
    /// `DROP TABLE` it showed "no such table" where the committed state had rows (and a
    /// random differential run found the same after RENAME COLUMN, DROP VIEW, ALTER TABLE …
    /// RENAME in 4 % of its scripts). It compiles again at the transaction's end.
    @Test(arguments: ["delete", "wal"])
    func a_pane_pinned_after_an_uncommitted_schema_change_reads_the_committed_state(_ storage: String) throws {
        let directory = try TemporaryFolder()
        let test = try Self.session(storage, in: directory)
        #expect(test.run("""
            BEGIN;
            DROP TABLE player;
            .pin --name p SELECT count(*) FROM player
            .pane p
            ROLLBACK;
            BEGIN;
            ALTER TABLE player RENAME COLUMN score TO points;
            .pin --name s SELECT sum(score) FROM player
            INSERT INTO player(name, points) VALUES ('Craig', 5);
            COMMIT;
            """) == """
            -- pane 1 (p): pinned
            2
            -- pane 1 (p): pinned
            2
            -- pane 2 (s): pinned
            30
            -- pane 1 (p): schema change
            3
            -- pane 2 (s): schema change
            -- error: no such column: score

            """)
    }

    /// A database attached inside a transaction is there for the panes at once (attachments
    /// are the connection's, not the transaction's): a pane on it stayed "no such table" until
    /// the transaction ended (found by the differential tester comparing inside transactions).
    @Test(arguments: ["delete", "wal"])
    func a_database_attached_inside_a_transaction_is_read_at_once(_ storage: String) throws {
        let directory = try TemporaryFolder()
        let test = try Self.session(storage, in: directory)
        let aux = directory.path("aux.db")
        test.run("ATTACH '\(aux)' AS aux; CREATE TABLE aux.x(v); INSERT INTO aux.x VALUES (7);")
        #expect(test.run("""
            .pin --name x SELECT v FROM aux.x
            DETACH aux;
            BEGIN IMMEDIATE;
            INSERT INTO player(name, score) VALUES ('Craig', 5);
            ATTACH '\(aux)' AS aux;
            SELECT 'commit';
            COMMIT;
            """) == """
            -- pane 1 (x): pinned
            7
            -- pane 1 (x): schema change
            -- error: no such table: aux.x
            -- pane 1 (x): schema change
            7
            commit

            """)
    }

    /// In memory the transaction holds the database, so the panes' connection cannot read the
    /// committed schema: the pane compiles against the transaction's, and says so until the
    /// transaction ends (then it compiles against the schema left).
    @Test func in_memory_a_pane_pinned_after_an_uncommitted_drop_says_it_waits_for_the_end() throws {
        let test = try TestSession.withPlayers()
        #expect(test.run("""
            BEGIN;
            DROP TABLE player;
            .pin --name p SELECT count(*) FROM player
            .pane p
            ROLLBACK;
            """) == """
            -- pane 1 (p): pinned
            -- not read yet: the query compiled against the open transaction's schema; the pane compiles again against the committed one when the transaction ends
            -- error: no such table: player
            -- pane 1 (p): pinned
            -- not read yet: the query compiled against the open transaction's schema; the pane compiles again against the committed one when the transaction ends
            -- error: no such table: player
            -- pane 1 (p): pinned
            2

            """)
    }

    /// A block that says its pane waits is not the pane's last word: when the transaction
    /// ends the pane prints again, even showing the same error (the script's last block for
    /// it kept the note, which `.pane` no longer shows: found by the differential tester).
    @Test func a_pane_that_said_it_waits_prints_again_when_the_transaction_ends() throws {
        let test = try TestSession.withPlayers()
        #expect(test.run("""
            BEGIN;
            DROP TABLE player;
            .pin --name p SELECT count(*) FROM nosuch
            ROLLBACK;
            """) == """
            -- pane 1 (p): pinned
            -- not read yet: the query compiled against the open transaction's schema; the pane compiles again against the committed one when the transaction ends
            -- error: no such table: nosuch
            -- pane 1 (p): pinned
            -- error: no such table: nosuch

            """)
    }

    // MARK: - Causes

    @Test func a_failed_statement_leaves_nothing_in_the_next_cause() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE TABLE t(id INTEGER PRIMARY KEY, v INT CHECK (v < 100));
            CREATE TABLE log(x);
            CREATE TRIGGER stop AFTER INSERT ON log BEGIN SELECT RAISE(ROLLBACK, 'no'); END;
            .pin --name t SELECT count(*) FROM t
            """)
        let output = test.run("""
            BEGIN;
            INSERT INTO t(id, v) VALUES (10, 1), (11, 500);
            INSERT INTO t(id, v) VALUES (12, 2);
            COMMIT;
            BEGIN;
            INSERT INTO t(id, v) VALUES (20, 1);
            INSERT INTO log VALUES (1);
            INSERT INTO t(id, v) VALUES (21, 1);
            """)
        #expect(output == """
            -- pane 1 (t): insert t[12]
            1
            -- pane 1 (t): insert t[21]
            2

            """)
    }

    @Test func virtual_tables_and_odd_names_get_true_causes() throws {
        let test = try TestSession.withPlayers()
        test.run("""
            CREATE VIRTUAL TABLE ft USING fts5(body);
            CREATE TABLE "x(y"(a);
            .pin --name f SELECT count(*) FROM ft
            .pin --name x SELECT a FROM "x(y"
            """)
        #expect(test.run("INSERT INTO ft VALUES ('hello');") == "-- pane 1 (f): insert ft\n1\n")
        #expect(test.run("INSERT INTO \"x(y\" VALUES (7);") == "-- pane 2 (x): insert x(y[1]\n7\n")
    }

    /// Full-text modules prepare their own statements lazily, during the first write of each
    /// kind; GRDB's authorizer then asked whether deletions of their shadow tables were
    /// observed, and the recorder took that question for the statement's announcement: the
    /// module's writes counted for the shadow table, and no pane on the virtual table woke
    /// (FTS5: the first UPDATE and DELETE; FTS4: the first INSERT and UPDATE too).
    @Test(arguments: ["fts5", "fts4"])
    func the_first_write_of_each_kind_to_a_full_text_table_wakes_its_panes(module: String) throws {
        let test = try TestSession()
        test.run("""
            CREATE VIRTUAL TABLE ft USING \(module)(body);
            .pin SELECT rowid, body FROM ft ORDER BY rowid
            """)
        #expect(test.run("INSERT INTO ft VALUES ('a'), ('b');") == "-- pane 1 (ft): insert ft\n1|a\n2|b\n")
        #expect(test.run("UPDATE ft SET body = 'z' WHERE rowid = 1;") == "-- pane 1 (ft): delete ft, insert ft\n1|z\n2|b\n")
        #expect(test.run("DELETE FROM ft WHERE rowid = 2;") == "-- pane 1 (ft): delete ft, insert ft\n1|z\n")
    }

    @Test func vacuum_and_the_schema_table_are_not_called_unaffected() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin --name n SELECT count(*) FROM player")
        #expect(test.run(".impact VACUUM") == "writes: the schema\npane 1 (n): runs again after the schema change\n")
        #expect(test.run(".region SELECT name FROM sqlite_master") == "empty\n")
        #expect(test.errorText.contains("the query reads the schema: the pane runs again after every schema change"))
        #expect(!test.errorText.contains("never refreshes"))
    }

    // MARK: - The user never waits for a pane

    /// A pane whose query never ends holds the database's shared lock (a rollback journal,
    /// the shared in-memory database): the user's write interrupts it and goes on — even with
    /// `.timeout 0`, which fails at once on any other lock — and the pane runs again after
    /// the commit.
    @Test(arguments: storages)
    func a_write_never_waits_for_a_pane_read(storage: String) throws {
        let directory = try TemporaryFolder()
        let test = try Self.session(storage, in: directory)
        let endless = "(WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT count(*) FROM c)"
        test.run(".timeout 0\n.pin --name slow SELECT CASE WHEN (SELECT count(*) FROM player) > 2 THEN \(endless) ELSE 'fast' END")
        #expect(Self.firstValue(test) == "fast")
        let queue = test.session.connection.queue
        try queue.write { try $0.execute(sql: "INSERT INTO player(name) VALUES ('Third')") }
        let deadline = Date().addingTimeInterval(10)
        var started = false
        while !started && Date() < deadline {
            test.board.updateActivities()
            if case .refreshing(let since) = test.board.panes[0].activity, Date().timeIntervalSince(since) > 0.05 {
                started = true
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(started, "the never-ending refresh did not start")
        // With `.timeout 0`, this throws "database is locked" unless the pane's read yields.
        try queue.write { try $0.execute(sql: "DELETE FROM player WHERE name = 'Third'") }
        let refreshed = Date().addingTimeInterval(10)
        while test.board.panes[0].lastCause?.description.contains("delete player") != true && Date() < refreshed {
            _ = test.board.drainEvents()
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(test.board.panes[0].lastCause?.description.contains("delete player") == true)
        #expect(Self.firstValue(test) == "fast")
    }

    /// A pane whose query never ends moves to the slow lane: the other panes go on
    /// refreshing from their own snapshots meanwhile.
    @Test(arguments: storages)
    func a_slow_pane_never_holds_the_fast_ones_back(storage: String) throws {
        let directory = try TemporaryFolder()
        let test = try Self.session(storage, in: directory)
        let endless = "(WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT count(*) FROM c)"
        test.run("""
            CREATE TABLE other(x);
            .pin --name slow SELECT CASE WHEN (SELECT count(*) FROM player) > 2 THEN \(endless) ELSE 'fast' END
            .pin --name other SELECT count(*) FROM other
            """)
        let queue = test.session.connection.queue
        try queue.write { try $0.execute(sql: "INSERT INTO player(name) VALUES ('Third')") }
        for value in 1...3 {
            try queue.write { try $0.execute(sql: "INSERT INTO other VALUES (?)", arguments: [value]) }
            let deadline = Date().addingTimeInterval(10)
            while Self.firstValue(test, pane: 1) != "\(value)" && Date() < deadline {
                _ = test.board.drainEvents()
                Thread.sleep(forTimeInterval: 0.005)
            }
            #expect(Self.firstValue(test, pane: 1) == "\(value)")
        }
        // On a rollback-journal file each write makes the slow pane's read give way (the
        // writer needs the lock it holds), and the read starts again at the next tick: on a
        // loaded machine that can come after the fast pane's last block. Wait for it.
        let restarted = Date().addingTimeInterval(10)
        var isRefreshing = false
        while !isRefreshing && Date() < restarted {
            _ = test.board.drainEvents()
            test.board.updateActivities()
            if case .refreshing = test.board.panes[0].activity { isRefreshing = true } else { Thread.sleep(forTimeInterval: 0.005) }
        }
        #expect(isRefreshing, "the slow pane is not refreshing: \(test.board.panes[0].activity)")
    }

    /// Opening a panes' connection reads the schema (GRDB checks the file is a database),
    /// which another process's commit on a rollback-journal file keeps locked for a moment:
    /// the first `.pin` beside an app's commits failed about one time in twenty with "cannot
    /// open a connection for the panes: database is locked" (and `--follow` then exited, no
    /// pane pinned), after the reads' 50 ms. The open waits for the lock.
    @Test func opening_a_panes_connection_waits_for_another_processs_lock() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("locked.db")
        let test = try TestSession.withPlayers(path: path)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let app = try DatabaseQueue(path: path, configuration: configuration)
        try app.inDatabase { try $0.execute(sql: "BEGIN EXCLUSIVE; INSERT INTO player(name) VALUES ('Third')") }
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            try? app.inDatabase { try $0.execute(sql: "COMMIT") }
            released.signal()
        }
        let reader = try test.session.connection.openPaneReader()
        released.wait()
        #expect(try reader?.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM player") } == 3)
    }

    /// Another process holding the database (BEGIN EXCLUSIVE) does not make a statement that
    /// needs no lock wait for the busy timeout because panes are pinned: the external watcher
    /// and the schema check never wait for a lock.
    @Test func a_locked_database_holds_no_statement_because_of_panes() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("locked.db")
        let test = try TestSession.withPlayers(path: path)
        test.run(".external 20ms\n.pin --name n SELECT count(*) FROM player")
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: configuration)
        try other.inDatabase { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        defer { try? other.inDatabase { try $0.execute(sql: "ROLLBACK") } }
        Thread.sleep(forTimeInterval: 0.1)  // the watcher meets the lock a few times
        let start = Date()
        #expect(test.run("SELECT 123;") == "123\n")
        // The busy timeout is 5 s: a statement that waited for the lock would take that long.
        #expect(Date().timeIntervalSince(start) < 2.5)
        #expect(test.errorText == "")
    }

    /// `.refresh` inside a transaction that dropped the pane's table waits for its end: the
    /// pane showed "no such table" for good after the ROLLBACK brought the table back (found
    /// by the differential tester, seed 3).
    @Test func a_table_brought_back_by_a_rollback_is_still_watched() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin --name n SELECT count(*) FROM player")
        let output = test.run("""
            BEGIN;
            DROP TABLE player;
            .refresh
            ROLLBACK;
            INSERT INTO player(name) VALUES ('Craig');
            """)
        #expect(output.hasSuffix("-- pane 1 (n): insert player[3]\n3\n"))
        #expect(test.run(".region SELECT count(*) FROM player") == "player(*)\n")
    }

    /// An in-memory session's database is shared with the panes through SQLite's memdb VFS,
    /// whose ATTACH and VACUUM INTO would otherwise open files as empty in-memory databases.
    @Test func an_in_memory_session_attaches_and_writes_real_files() throws {
        let directory = try TemporaryFolder()
        let other = try DatabaseQueue(path: directory.path("other.db"))
        try other.write { try $0.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (42)") }
        try other.close()
        let test = try TestSession.withPlayers()
        #expect(test.run("ATTACH '\(directory.path("other.db"))' AS other;\nSELECT x FROM other.t;") == "42\n")
        #expect(test.run(".databases") == "main: \"\" r/w\nother: \(directory.path("other.db")) r/w\n")
        test.run("VACUUM INTO '\(directory.path("copy.db"))';")
        #expect(test.errorText == "")
        let copy = try DatabaseQueue(path: directory.path("copy.db"))
        #expect(try copy.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM player") } == 2)
    }

    // MARK: - One frame, one commit

    /// The writer runs on another thread; the board stays on the test's thread (it belongs
    /// to one thread), drained in a plain loop as the front-end's loop would.
    @Test func panes_woken_by_one_commit_show_the_same_state() throws {
        let directory = try TemporaryFolder()
        let test = try TestSession.withPlayers(path: directory.path("frames.db"))
        let board = test.board
        try board.pin("SELECT count(*) FROM player", name: "count")
        try board.pin("SELECT total(1) FROM player", name: "total")
        // Each pin's first value is its own frame: compare only once both were read, so that
        // every value after comes from a frame a commit woke both panes in.
        #expect(board.waitUntilSettled(timeout: 10))
        _ = board.drainEvents()
        let queue = test.session.connection.queue
        let writer = DispatchGroup()
        DispatchQueue.global().async(group: writer) {
            for index in 0..<200 {
                try? queue.write { try $0.execute(sql: "INSERT INTO player(name) VALUES (?)", arguments: ["p\(index)"]) }
            }
        }
        var checks = 0
        while writer.wait(timeout: .now()) == .timedOut, checks <= 300 {
            _ = board.drainEvents()
            // A pane whose read took over 0.1 s (a starved machine) refreshes in frames of its
            // own, by design, even after it comes back: the promise holds for panes that
            // never left the fast lane's shared frames.
            let sharesFrames = board.panes.allSatisfy { pane in
                pane.token.map { !(board.engine?.scheduler.hasBeenOnSlowLane($0) ?? true) } ?? false
            }
            if sharesFrames, let count = board.panes[0].result?.rows.first?.cells.first?.number,
               let total = board.panes[1].result?.rows.first?.cells.first?.number {
                #expect(count == total, "two panes showed different states")
                checks += 1
            }
            usleep(200)
        }
        writer.wait()
        #expect(board.waitUntilSettled(timeout: 10))
        _ = board.drainEvents()
        #expect(Self.firstValue(test, pane: 0) == "202")
    }

    // MARK: - Helpers

    /// Another process's connection, which waits for the panes' reads as any writer should.
    static func otherProcess(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// With no pane running, nothing kept the engine's record of the schema current: a pane
    /// pinned after a schema change made meanwhile printed `schema change` instead of
    /// `pinned` (its first frame compared with the versions from before), and inside a
    /// transaction on a file its first block came one statement late (the restart waited for
    /// a statement's end). The same after `.resume` of the only pane.
    @Test(arguments: storages)
    func a_pane_pinned_after_a_schema_change_made_while_none_ran_says_pinned_at_once(storage: String) throws {
        let directory = try TemporaryFolder()
        let test = try Self.session(storage, in: directory)
        let transaction = storage == "memory" ? "" : "BEGIN;\n"
        let end = storage == "memory" ? "" : "COMMIT;\n"
        #expect(test.run("""
            .pin --name one SELECT 1
            .unpin one
            CREATE TABLE u(x);
            \(transaction).pin --name p SELECT count(*) FROM player
            SELECT 42;
            \(end).pause p
            CREATE TABLE v(x);
            INSERT INTO player(name, score) VALUES ('Craig', 5);
            .resume p
            SELECT 43;
            """) == """
            -- pane 1 (one): pinned
            1
            -- pane 2 (p): pinned
            2
            42
            -- pane 2 (p): resumed
            3
            43

            """)
    }

    /// Drains the board, as the terminal's loop does, until the first pane shows `value`.
    static func waitForValue(_ value: String, in test: TestSession, pane index: Int = 0, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            _ = test.board.drainEvents()
            if firstValue(test, pane: index) == value { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    static func waitForRefresh(of board: PaneBoard, timeout: Double = 10) -> [PaneEvent] {
        waitForEvents(of: board, timeout: timeout) { !$0.isEmpty }
            .filter { if case .trace = $0 { false } else { true } }
    }

    static func waitForEvents(of board: PaneBoard, timeout: Double = 10,
                              until done: ([PaneEvent]) -> Bool) -> [PaneEvent] {
        let deadline = Date().addingTimeInterval(timeout)
        var all: [PaneEvent] = []
        while Date() < deadline {
            all += board.drainEvents()
            let refreshes = all.filter { if case .trace = $0 { false } else { true } }
            if done(refreshes) { return all }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return all
    }
}
