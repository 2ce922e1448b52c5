import Foundation
import GRDB
import Testing
@testable import SQLiveKit

/// A pane never shows an older value after a newer one, whatever the threads do.
@Suite struct PaneOrderingTests {
    /// The writers run on other threads; the board stays on the test's thread, drained in a
    /// plain loop as the front-end's loop would when woken (the board belongs to one thread).
    @Test func concurrent_writers_never_make_a_pane_go_back() throws {
        let test = try TestSession.withPlayers()
        let board = test.board
        let id = try board.pin("SELECT count(*) FROM player").id
        let queue = test.session.connection.queue
        let writers = 4, writesEach = 50
        let done = DispatchGroup()
        for writer in 0..<writers {
            DispatchQueue.global().async(group: done) {
                for write in 0..<writesEach {
                    try? queue.write { try $0.execute(sql: "INSERT INTO player(name) VALUES (?)", arguments: ["w\(writer)-\(write)"]) }
                }
            }
        }
        var shown: [Int] = []
        for _ in 0..<200 {
            _ = board.drainEvents()
            if let value = board.pane(id: id)?.result?.rows.first?.cells.first?.integer {
                shown.append(Int(value))
            }
            usleep(1_000)
        }
        done.wait()
        #expect(board.waitUntilSettled(timeout: 10))
        _ = board.drainEvents()
        shown.append(Int(board.pane(id: id)?.result?.rows.first?.cells.first?.integer ?? -1))
        #expect(shown == shown.sorted(), "a pane went back to an older value")
        #expect(shown.last == 2 + writers * writesEach)
        // Commits that land while a refresh runs are coalesced into the next one.
        let refreshes = try #require(board.pane(id: id)?.refreshCount)
        #expect(refreshes >= 2 && refreshes <= 1 + writers * writesEach)
    }

    @Test func a_value_older_than_the_one_shown_is_dropped() throws {
        let test = try TestSession.withPlayers()
        let board = test.board
        let id = try board.pin("SELECT count(*) FROM player").id
        #expect(board.waitUntilSettled(timeout: 5))
        _ = board.drainEvents()
        let token = try #require(board.pane(id: id)?.token)
        // What a frame read before `.refresh` replaced the pane's observation may arrive
        // after: it is dropped and counted, never shown.
        try board.refresh("\(id)")
        let stale = PaneResult(columns: ["count(*)"], rows: [], hasMore: false)
        board.inbox.post(.frame(PaneFrame(sequence: 0, fetches: [
            PaneFetch(token: token, causes: [.commit], outcome: .rows(stale), duration: 0),
        ])))
        #expect(board.waitUntilSettled(timeout: 5))
        let events = board.drainEvents()
        #expect(events == [.refreshed(paneID: id, cause: .refreshedByHand)])
        #expect(board.pane(id: id)?.result?.rows.count == 1)
        #expect(board.pane(id: id)?.staleCount == 1)
    }

    @Test func a_restarted_pane_waits_for_nothing_from_its_old_observation() throws {
        let test = try TestSession.withPlayers()
        let board = test.board
        try board.pin("SELECT count(*) FROM player")
        try board.refresh(nil)
        try board.pause(nil)
        try board.resume(nil)
        #expect(board.waitUntilSettled(timeout: 1))
    }
}
