import Testing
@testable import SQLiveKit

/// What changed between two values of a pane, for highlighting.
@Suite struct PaneDiffTests {
    typealias Fixture = PaneDockRendererTests

    @Test func rows_with_a_key_are_changed_added_or_removed() {
        let before = Fixture.result(["id", "name"], [[1, "Arthur"], [2, "Barbara"], [3, "Craig"]])
        let after = Fixture.result(["id", "name"], [[3, "Craig"], [1, "Art"], [4, "Dan"]])
        let diff = PaneDiff(from: before, to: after)
        #expect(diff == PaneDiff(added: [2], changed: [1: [1]], removed: 1))
        #expect(diff.summary == "+1 ~1 -1")
    }

    @Test func rows_without_a_key_are_matched_by_content() {
        let before = Fixture.result(["name"], [["a"], ["b"], ["b"]], key: [])
        let after = Fixture.result(["name"], [["b"], ["c"], ["a"]], key: [])
        #expect(PaneDiff(from: before, to: after) == PaneDiff(added: [1], changed: [:], removed: 1))
    }

    @Test func repeated_keys_fall_back_to_content() {
        // A join repeats the parent's key on each child row: the key does not identify rows.
        let before = Fixture.result(["team", "player"], [[1, "a"], [1, "b"]])
        let after = Fixture.result(["team", "player"], [[1, "a"], [1, "c"]])
        #expect(PaneDiff(from: before, to: after) == PaneDiff(added: [1], changed: [:], removed: 1))
    }

    @Test func new_columns_make_every_row_new() {
        let before = Fixture.result(["a"], [[1]])
        let after = Fixture.result(["a", "b"], [[1, 2]])
        #expect(PaneDiff(from: before, to: after) == PaneDiff(added: [0], changed: [:], removed: 1))
    }

    @Test func panes_find_their_key_in_the_primary_key_or_rowid() throws {
        let test = try TestSession.withPlayers()
        test.run("CREATE TABLE pair(a, b, c, PRIMARY KEY (a, b));\nCREATE TABLE plain(x);")
        test.run("INSERT INTO pair VALUES (1, 2, 3);\nINSERT INTO plain VALUES (1);")
        let board = test.board
        func keyColumns(_ query: String) throws -> [Int]? {
            let id = try board.pin(query).id
            #expect(board.waitUntilSettled(timeout: 5))
            _ = board.drainEvents()
            return board.pane(id: id)?.result?.keyColumns
        }
        #expect(try keyColumns("SELECT name, id FROM player") == [1])
        #expect(try keyColumns("SELECT name FROM player") == [])
        #expect(try keyColumns("SELECT c, b, a FROM pair") == [2, 1])
        #expect(try keyColumns("SELECT rowid, x FROM plain") == [0])
    }

    @Test func a_refresh_highlights_what_changed() throws {
        let test = try TestSession.withPlayers()
        // Highlights are the dock's: without one (a script) no diff is made.
        test.board.dockIsAvailable = true
        test.run(".pin SELECT id, name, score FROM player\nUPDATE player SET score = 11 WHERE id = 1;")
        #expect(test.board.panes[0].lastChange?.diff == PaneDiff(added: [], changed: [0: [2]], removed: 0))
    }

    @Test func a_script_makes_no_highlight() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT id, name, score FROM player\nUPDATE player SET score = 11 WHERE id = 1;")
        #expect(test.board.panes[0].refreshCount == 2)
        #expect(test.board.panes[0].lastChange == nil)
    }
}
