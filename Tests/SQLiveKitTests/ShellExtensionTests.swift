import Foundation
import GRDB
import Testing
@testable import SQLiveKit

/// The shell's extensions on every connection sqlive opens: the session's (with and without
/// `--safe`) and the panes' readers, which share only ``ConnectionHardening`` with it.
@Suite struct ShellExtensionTests {
    @Test func generate_series_runs_on_the_session_connection() throws {
        let test = try TestSession()
        #expect(test.run("SELECT group_concat(value) FROM generate_series(1, 10, 3);") == "1,4,7,10\n")
        #expect(test.errorText.isEmpty)
    }

    @Test func generate_series_runs_with_safe() throws {
        let connection = try DatabaseConnection(OpenOptions(path: ":memory:", isSafe: true))
        let values = try connection.queue.read { db in
            try Int.fetchAll(db, sql: "SELECT value FROM generate_series(3, 1, -1) ORDER BY value DESC")
        }
        #expect(values == [])
        let descending = try connection.queue.read { db in
            try Int.fetchAll(db, sql: "SELECT value FROM generate_series(1, 3, -1)")
        }
        #expect(descending == [3, 2, 1])
    }

    @Test func a_pane_pins_a_query_on_generate_series() throws {
        let test = try TestSession.withPlayers()
        let output = test.run("""
            .pin --name series SELECT value FROM generate_series(1, 3)
            .pin --name bonus SELECT name, score + value FROM player, generate_series(1, 2) ORDER BY 1, 2
            UPDATE player SET score = 0 WHERE name = 'Arthur';
            """)
        #expect(test.errorText.isEmpty, "\(test.errorText)")
        #expect(output == """
            -- pane 1 (series): pinned
            1
            2
            3
            -- pane 2 (bonus): pinned
            Arthur|11
            Arthur|12
            Barbara|21
            Barbara|22
            -- pane 2 (bonus): update player(score)[1]
            Arthur|1
            Arthur|2
            Barbara|21
            Barbara|22

            """)
    }

    @Test func a_pane_reader_has_generate_series() throws {
        let connection = try DatabaseConnection(OpenOptions(path: ":memory:"))
        let reader = try #require(try connection.openPaneReader())
        let total = try reader.read { db in try Int.fetchOne(db, sql: "SELECT sum(value) FROM generate_series(1, 100)") }
        #expect(total == 5050)
    }
}
