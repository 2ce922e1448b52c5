import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Statements that need the database to themselves while panes read it on connections of
/// their own. With `PRAGMA locking_mode = EXCLUSIVE` a script waited for ever for a frame
/// that could not read (a rollback journal), or the user's own writes failed with "database is
/// locked" (WAL, where every open connection holds a shared lock); `PRAGMA journal_mode =
/// DELETE` failed the same way on a WAL file.
@Suite struct PaneExclusiveLockingTests {
    @Test(arguments: ["delete", "wal"])
    func exclusive_locking_stops_the_panes_until_it_is_normal_again(storage: String) throws {
        let directory = try TemporaryFolder()
        let test = try PaneTruthTests.session(storage, in: directory)
        test.run(".pin SELECT count(*) FROM player")
        #expect(test.run("""
            PRAGMA locking_mode = EXCLUSIVE;
            INSERT INTO player(name) VALUES ('Held');
            SELECT 'done';
            """) == "exclusive\ndone\n")
        #expect(test.errorText == "warning: \(ExclusiveLocking.warning)\n")
        #expect(test.run(".pin SELECT max(id) FROM player") == "")
        #expect(test.errorText == """
            error: test.sql:1: panes cannot read while your connection holds the database (PRAGMA locking_mode = EXCLUSIVE)
              PRAGMA locking_mode = NORMAL lets them read again

            """)
        #expect(test.run("PRAGMA locking_mode = NORMAL;") == "normal\n-- pane 1 (player): resumed\n3\n")
        #expect(test.run("INSERT INTO player(name) VALUES ('Free');") == "-- pane 1 (player): insert player[4]\n4\n")
        #expect(test.errorText == "")
    }

    /// Every pane unpinned while the user held the database: NORMAL still lets panes read
    /// again (the board waited for a NORMAL it no longer looked for, and refused every pin).
    @Test func normal_locking_lets_panes_read_again_after_every_pane_was_unpinned() throws {
        let directory = try TemporaryFolder()
        let test = try PaneTruthTests.session("delete", in: directory)
        test.run(".pin SELECT count(*) FROM player\nPRAGMA locking_mode = EXCLUSIVE;\n.unpin all\nPRAGMA locking_mode = NORMAL;")
        #expect(test.run(".pin SELECT max(id) FROM player") == "-- pane 2 (player): pinned\n2\n")
        #expect(test.errorText == "")
    }

    @Test func a_wal_file_leaves_and_enters_wal_with_panes_pinned() throws {
        let directory = try TemporaryFolder()
        let test = try PaneTruthTests.session("wal", in: directory)
        test.run(".pin SELECT count(*) FROM player")
        #expect(test.run("PRAGMA journal_mode = DELETE;") == "delete\n")
        #expect(test.run("INSERT INTO player(name) VALUES ('Journal');") == "-- pane 1 (player): insert player[3]\n3\n")
        #expect(test.run("PRAGMA journal_mode = WAL;") == "wal\n")
        #expect(test.run("INSERT INTO player(name) VALUES ('Wal');") == "-- pane 1 (player): insert player[4]\n4\n")
        #expect(test.errorText == "")
    }
}
