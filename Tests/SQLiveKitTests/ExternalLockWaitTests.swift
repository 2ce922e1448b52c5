import Foundation
import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Another process commits, then holds its lock (here `PRAGMA locking_mode = EXCLUSIVE` on a
/// rollback-journal file, which keeps the lock from the commit on, with no moment between
/// for a look to read; `BEGIN EXCLUSIVE` right after a commit does the same but for that
/// moment): the watcher saw the files move but could not read `data_version`, and woke no pane,
/// so the dock showed the old rows as current, without a word of the wait, for as long as
/// the lock was held. The panes are woken: they say they wait, then show the latest commit.
@Suite struct ExternalLockWaitTests {
    @Test func a_commit_behind_another_process_lock_shows_the_pane_waiting_then_caught_up() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("app.db")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE ver(n INT); INSERT INTO ver VALUES (0)") }
        let test = try TestSession(path: path)
        #expect(test.run(".external 10ms\n.pin SELECT n FROM ver") == "-- pane 1 (ver): pinned\n0\n")
        // As at the prompt: frames run on the lanes' threads, not only in a script's wait.
        test.board.refreshesOnTheirOwn()
        let app = try SQLite3Process(path: path)
        defer { app.end() }
        try app.send("PRAGMA locking_mode = EXCLUSIVE; UPDATE ver SET n = 1; SELECT 'held';", until: "exclusive\nheld\n")

        // The evidence: the dock says the pane waits (10 s at most).
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(10)
        repeat {
            _ = test.board.drainEvents()
            lines = test.board.dockLines(width: 80, height: 4, usesColor: false)
            if title(lines).hasSuffix(" · stale, waiting for the database lock") { break }
            usleep(5_000)
        } while Date() < deadline
        // The title, but for the time of day of the last refresh.
        #expect(title(lines).hasPrefix("1 ver · 1 row · 1 refresh · "), "\(lines)")
        #expect(title(lines).hasSuffix(" · stale, waiting for the database lock"), "\(lines)")
        #expect(Array(lines.dropFirst().prefix(2)) == ["  n", "  0"])

        try app.send("PRAGMA locking_mode = NORMAL; UPDATE ver SET n = 2; SELECT 'released';", until: "normal\nreleased\n")
        var shown = ""
        let caughtUp = Date().addingTimeInterval(10)
        repeat {
            _ = test.board.drainEvents()
            shown = test.run(".pane 1")
            if shown == "-- pane 1 (ver): external change\n2\n" { break }
            usleep(5_000)
        } while Date() < caughtUp
        #expect(shown == "-- pane 1 (ver): external change\n2\n")
        #expect(test.errorText == "")
    }

    /// The dock's first line without the spaces that pad it to the width.
    private func title(_ lines: [String]) -> String {
        String((lines.first ?? "").reversed().drop { $0 == " " }.reversed())
    }
}
