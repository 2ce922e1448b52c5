import Foundation
import GRDB
import Testing
@testable import SQLiveKit

/// Panes observed through GRDB, in the style of GRDB's own observation tests: a sequence of
/// writes, and the sequence of values the pane goes through.
@Suite struct PaneObservationTests {
    /// Pins a query and records the pane's values as writes happen through GRDB directly
    /// (not through the session, whose statements would print and drain the panes).
    final class Recorder {
        let test: TestSession
        let id: Int
        private(set) var values: [String] = []

        init(_ test: TestSession, pin query: String, dedupe: Bool = false) throws {
            self.test = test
            id = try test.board.pin(query, dedupe: dedupe).id
            collect()
        }

        func write(_ sql: String) throws {
            try test.session.connection.queue.writeWithoutTransaction { try $0.execute(sql: sql) }
            collect()
        }

        var pane: Pane? { test.board.pane(id: id) }

        private func collect() {
            #expect(test.board.waitUntilSettled(timeout: 10))
            for case .refreshed(let paneID, _) in test.board.drainEvents() where paneID == id {
                values.append(pane.map(PaneObservationTests.text) ?? "")
            }
        }
    }

    static func text(of pane: Pane) -> String {
        (pane.result?.rows ?? []).map { row in
            row.cells.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: ",")
        }.joined(separator: ";")
    }

    @Test func a_pane_gets_a_value_for_each_commit_that_touches_its_region() throws {
        let recorder = try Recorder(TestSession.withPlayers(), pin: "SELECT count(*) FROM player")
        try recorder.write("CREATE TABLE team(id INTEGER PRIMARY KEY)")
        try recorder.write("INSERT INTO player(name) VALUES ('Craig')")
        try recorder.write("INSERT INTO team DEFAULT VALUES")
        try recorder.write("UPDATE player SET name = upper(name)")
        try recorder.write("DELETE FROM player WHERE id = 1")
        #expect(recorder.values == ["2", "3", "3", "2"])
    }

    @Test func dedupe_drops_values_equal_to_the_previous_one_and_counts_them() throws {
        let recorder = try Recorder(TestSession.withPlayers(), pin: "SELECT count(*) FROM player", dedupe: true)
        try recorder.write("INSERT INTO player(name) VALUES ('Craig')")
        try recorder.write("UPDATE player SET name = upper(name)")
        try recorder.write("UPDATE player SET score = 0")
        try recorder.write("DELETE FROM player WHERE id = 1")
        #expect(recorder.values == ["2", "3", "2"])
        #expect(recorder.pane?.suppressedCount == 2)
        #expect(recorder.pane?.refreshCount == 3)
    }

    @Test func a_pane_ignores_columns_it_does_not_read() throws {
        let recorder = try Recorder(TestSession.withPlayers(), pin: "SELECT name FROM player ORDER BY id")
        try recorder.write("UPDATE player SET score = 100")
        try recorder.write("UPDATE player SET name = 'Art' WHERE id = 1")
        #expect(recorder.values == ["Arthur;Barbara", "Art;Barbara"])
        #expect(recorder.pane?.lastCause?.description == "update player(name)[1]")
    }

    @Test func a_transaction_gives_one_value_at_commit_and_a_rollback_none() throws {
        let recorder = try Recorder(TestSession.withPlayers(), pin: "SELECT sum(score) FROM player")
        try recorder.test.session.connection.queue.write { db in
            try db.execute(sql: "UPDATE player SET score = score + 1")
            try db.execute(sql: "UPDATE player SET score = score + 1")
        }
        try? recorder.test.session.connection.queue.write { db in
            try db.execute(sql: "UPDATE player SET score = 0")
            throw DatabaseError(resultCode: .SQLITE_ABORT)
        }
        try recorder.write("SELECT 1")
        #expect(recorder.values == ["30", "34"])
    }

    @Test func a_region_limited_to_rowids_ignores_other_rows() throws {
        // The query DSL compiles to GRDB requests, whose regions GRDB narrows to the rowids of
        // a primary-key filter: such a pane is not woken by other rows.
        let test = try TestSession.withPlayers()
        let board = test.board
        let id = try board.pin("player.select(name).filter(key: 1)", name: "one", rowLimit: 5).id
        #expect(board.waitUntilSettled(timeout: 5))
        _ = board.drainEvents()
        #expect(board.pane(id: id)?.region?.description == "player(id,name)[1]")
        try test.session.connection.queue.write { try $0.execute(sql: "UPDATE player SET name = 'B' WHERE id = 2") }
        #expect(board.waitUntilSettled(timeout: 5))
        #expect(board.drainEvents().isEmpty)
        try test.session.connection.queue.write { try $0.execute(sql: "UPDATE player SET name = 'A' WHERE id = 1") }
        #expect(board.waitUntilSettled(timeout: 5))
        #expect(board.drainEvents() == [.refreshed(paneID: id, cause: .changes(summary("player", .update, [1], ["name"])))])
    }

    @Test func causes_name_the_tables_columns_and_rowids_that_changed_in_the_region() throws {
        let recorder = try Recorder(TestSession.withPlayers(), pin: "SELECT name, score FROM player")
        try recorder.test.session.connection.queue.write { db in
            try db.execute(sql: "UPDATE player SET score = score + 1, name = name")
            try db.execute(sql: "INSERT INTO player(name) VALUES ('Craig')")
        }
        // Waits for that refresh: a commit landing while one runs is coalesced into the next.
        try recorder.write("SELECT 1")
        try recorder.write("DELETE FROM player")
        let causes = recorder.pane?.history.map(\.cause.description)
        #expect(causes == ["pinned", "update player(name,score)[1,2], insert player[3]", "delete player[1,2,3]"])
    }

    @Test func a_large_transaction_keeps_a_short_cause() throws {
        let recorder = try Recorder(TestSession.withPlayers(), pin: "SELECT count(*) FROM player")
        try recorder.write("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
            INSERT INTO player(name) SELECT 'p' || i FROM n
            """)
        #expect(recorder.pane?.lastCause?.description == "insert player[3,4,5,6,7,8,9,10 +992 more]")
    }

    func summary(_ table: String, _ kind: DatabaseEvent.Kind, _ rowIDs: [Int64], _ columns: Set<String>) -> ChangeSummary {
        var summary = ChangeSummary()
        for rowID in rowIDs { summary.record(table: table, kind: kind, rowID: rowID, columns: columns) }
        return summary
    }
}
