import Foundation
import GRDB
import SQLiveTestSupport
import Testing
@testable import SQLiveKit

/// Panes promise the committed state, and another process's commit is committed: it shows
/// while the user has a transaction open, in WAL and rollback-journal files, read by the
/// watcher's own connection (the user's connection must not read inside its transaction).
@Suite struct PaneExternalInTransactionTests {
    @Test(arguments: ["wal", "delete"])
    func another_process_commit_shows_while_the_user_transaction_is_open(journalMode: String) throws {
        let directory = try TemporaryFolder()
        let path = directory.path("shared.db")
        let test = try TestSession.withPlayers(path: path)
        test.run("PRAGMA journal_mode = \(journalMode);")
        test.run(".external 20ms")
        try test.board.pin("SELECT count(*) FROM player", name: "n")
        #expect(PaneTruthTests.waitForValue("2", in: test))
        // A transaction of the user's that holds no lock on the file (nothing read yet), so
        // that another process can commit in either journal mode.
        test.run("BEGIN;")
        #expect(test.board.userIsInTransaction)
        let other = try PaneTruthTests.otherProcess(path)
        try other.write { try $0.execute(sql: "INSERT INTO player(name) VALUES ('Other')") }
        #expect(PaneTruthTests.waitForValue("3", in: test), "the pane kept the state before the other process's commit")
        #expect(test.board.panes[0].lastCause == .externalChange)
        #expect(test.board.userIsInTransaction)
        test.run("ROLLBACK;")
        #expect(test.errorText == "")
    }
}
