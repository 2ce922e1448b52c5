import Foundation
import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Commits by other processes, which GRDB cannot see, noticed through `PRAGMA data_version`.
@Suite struct ObservationExternalTests {
    /// Runs the sqlite3 shell on a database file, as another process writing it.
    func sqlite3(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Drains the board until a pane refreshes, as the terminal's loop does when woken.
    func nextRefresh(of board: PaneBoard, timeout: Double = 10) -> [PaneEvent] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let events = board.drainEvents().filter { if case .trace = $0 { false } else { true } }
            if !events.isEmpty { return events }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return []
    }

    @Test func another_process_committing_refreshes_the_panes() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("shared.db")
        let test = try TestSession.withPlayers(path: path)
        test.run(".external 20ms\n.pin --name n SELECT count(*) FROM player")
        #expect(test.run(".external") == "external: on, every 20ms\n")
        try sqlite3(path, "INSERT INTO player(name) VALUES ('Other');")
        #expect(nextRefresh(of: test.board) == [.refreshed(paneID: 1, cause: .externalChange)])
        #expect(ObservationExternalTests.count(test.board) == 3)
    }

    @Test func another_process_changing_the_schema_recovers_a_failing_pane() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("shared.db")
        let test = try TestSession.withPlayers(path: path)
        test.run("CREATE TABLE team(id INTEGER PRIMARY KEY);\n.external 20ms\n.pin --name t SELECT count(*) FROM team")
        try sqlite3(path, "DROP TABLE team;")
        #expect(nextRefresh(of: test.board) == [.failed(paneID: 1, message: "no such table: team")])
        try sqlite3(path, "CREATE TABLE team(id INTEGER PRIMARY KEY); INSERT INTO team DEFAULT VALUES;")
        #expect(nextRefresh(of: test.board) == [.refreshed(paneID: 1, cause: .externalChange)])
        #expect(ObservationExternalTests.count(test.board) == 1)
    }

    /// Under load the reader's schema check can reach the board before the watcher's word of
    /// the same commit: the schema change compiles the pane again (it fails), then the
    /// external commit retried the failed pane at once, and it was reported failed twice.
    @Test func a_schema_change_and_an_external_commit_seen_together_compile_a_pane_once() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("shared.db")
        let test = try TestSession.withPlayers(path: path)
        test.run("CREATE TABLE team(id INTEGER PRIMARY KEY);\n.pin --name t SELECT count(*) FROM team")
        #expect(ObservationExternalTests.count(test.board) == 0)
        try sqlite3(path, "DROP TABLE team;")
        // The watcher reads on the user's connection, which so learns the new schema.
        let teams = try test.session.connection.queue.inDatabase { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'team'")
        }
        #expect(teams == 0)
        #expect(test.board.apply([.schemaChanged, .externalChange]) == [])
        #expect(test.board.drainEvents() == [.failed(paneID: 1, message: "no such table: team")])
    }

    @Test func without_external_another_process_goes_unseen_until_notified() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("shared.db")
        let test = try TestSession.withPlayers(path: path)
        test.run(".pin --name n SELECT count(*) FROM player")
        #expect(test.run(".external") == "external: off\n")
        try sqlite3(path, "INSERT INTO player(name) VALUES ('Other');")
        Thread.sleep(forTimeInterval: 0.1)
        #expect(test.board.drainEvents().isEmpty)
        #expect(test.run(".notify player") == "-- pane 1 (n): notified by hand\n3\n")
    }

    @Test func in_memory_databases_have_no_other_process() throws {
        let test = try TestSession()
        test.run(".external on")
        #expect(test.errorText == "error: test.sql:1: .external: an in-memory database is private to this session: no other process writes to it\n")
    }

    @Test func intervals_read_as_typed() {
        #expect(ExternalChangeWatcher.parseInterval("250ms") == 0.25)
        #expect(ExternalChangeWatcher.parseInterval("2s") == 2)
        #expect(ExternalChangeWatcher.parseInterval("0.5") == 0.5)
        #expect(ExternalChangeWatcher.parseInterval("soon") == nil)
        #expect(ExternalChangeWatcher.format(0.25) == "250ms")
        #expect(ExternalChangeWatcher.format(2) == "2s")
    }

    static func count(_ board: PaneBoard) -> Int64? {
        board.panes.first?.result?.rows.first?.cells.first?.integer
    }
}
