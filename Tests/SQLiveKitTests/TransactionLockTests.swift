import Foundation
import Synchronization
import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// `BEGIN;` then a write waits for another connection's write lock (`.timeout`) instead of
/// failing at once with "database is locked", as it does in sqlite3, also when the write is a
/// DSL mutation and when panes watch the file for other processes' commits.
///
/// Both used to fail at once: sqlive read the database inside the user's transaction (the
/// schema, to compile the DSL; `schema_version` and `data_version`, for the panes), which
/// made it a read transaction, and SQLite never busy-waits to upgrade one to a write.
@Suite struct TransactionLockTests {
    @Test(arguments: ["delete", "wal"])
    func a_dsl_mutation_first_in_a_transaction_waits_for_another_writer(journal: String) throws {
        let file = try LockedFile(journal: journal)
        let test = try TestSession(path: file.path)
        test.run("BEGIN;")
        try file.whileAnotherConnectionWrites {
            test.run("item.filter(qty < 0).deleteAll()\nitem.filter(id == 1).updateAll(qty += 10)\nCOMMIT;")
        }
        #expect(test.errorText == "")
        #expect(try file.quantities() == [11, 2, 5])
    }

    @Test(arguments: ["delete", "wal"])
    func a_transaction_waits_for_another_writer_while_panes_watch_the_file(journal: String) throws {
        let file = try LockedFile(journal: journal)
        let test = try TestSession(path: file.path)
        test.run(".external 10ms\n.pin SELECT count(*), sum(qty) FROM item\nBEGIN;")
        // The watcher checks the file a few times inside the transaction.
        let watcher = try #require(test.board.engine?.watcher)
        let checks = watcher.checkCount
        #expect(waitForEvidence("three checks of the watcher") { watcher.checkCount >= checks + 3 })
        try file.whileAnotherConnectionWrites {
            test.run("UPDATE item SET qty = qty + 10 WHERE id = 1;\nCOMMIT;")
        }
        #expect(test.errorText == "")
        #expect(try file.quantities() == [11, 2, 5])
        // The pane shows the committed state once the refresh the commits caused arrived.
        let deadline = Date().addingTimeInterval(10)
        while !test.run(".pane 1").hasSuffix("\n3|18\n"), Date() < deadline {
            _ = test.board.drainEvents()
        }
        // The cause is this session's update or the other's insert, whichever it saw last.
        let pane = test.run(".pane 1")
        #expect(pane.hasPrefix("-- pane 1 (item): ") && pane.hasSuffix("\n3|18\n"), "\(pane)")
    }
}

/// A database file with two rows of `item`, and a second connection to it that writes
/// while the session runs a statement.
private final class LockedFile {
    let folder: TemporaryFolder
    let path: String
    private let other: DatabaseQueue

    init(journal: String) throws {
        folder = try TemporaryFolder()
        path = folder.path("locks.db")
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        other = try DatabaseQueue(path: path, configuration: configuration)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = \(journal)")
            try db.execute(sql: "CREATE TABLE item(id INTEGER PRIMARY KEY, qty INTEGER); INSERT INTO item(qty) VALUES (1), (2);")
        }
    }

    /// Runs `body` while the other connection holds the write lock, in a transaction that
    /// inserts a row of quantity 5 and commits 300 ms after `body` starts.
    func whileAnotherConnectionWrites(_ body: () -> Void) throws {
        let locked = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let other = self.other
        let failure = Mutex<(any Error)?>(nil)
        Thread.detachNewThread {
            do {
                try other.writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN IMMEDIATE; INSERT INTO item(qty) VALUES (5);")
                    locked.signal()
                    Thread.sleep(forTimeInterval: 0.3)
                    try db.execute(sql: "COMMIT")
                }
            } catch {
                failure.withLock { $0 = error }
                locked.signal()
            }
            finished.signal()
        }
        locked.wait()
        body()
        finished.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    func quantities() throws -> [Int] {
        try other.read { db in try Int.fetchAll(db, sql: "SELECT qty FROM item ORDER BY id") }
    }
}
