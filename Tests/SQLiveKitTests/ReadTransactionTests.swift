import Foundation
import GRDB
import GRDBSQLite
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// A frame's read transaction is always left, whatever interrupts it. A long random pane run
/// crashed on "A transaction has been left opened at the end of a database access": the
/// user's write interrupted a frame just as it committed, and the COMMIT failed with nothing
/// to roll back after it.
@Suite struct ReadTransactionTests {
    /// A reader on a file with 100 rows; unsafe transactions allowed, so that a transaction
    /// left open fails an expectation instead of stopping the test process.
    private func reader() throws -> (TemporaryFolder, DatabaseQueue) {
        let folder = try TemporaryFolder()
        let path = folder.path("read.db")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE t(x)")
            for index in 0..<100 { try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [index]) }
        }
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        return (folder, try DatabaseQueue(path: path, configuration: configuration))
    }

    /// Steps a statement once and leaves it running, then interrupts the connection.
    private func interruptMidStatement(_ db: Database) throws {
        let statement = try db.cachedStatement(sql: "SELECT x FROM t")
        sqlite3_reset(statement.sqliteStatement)
        #expect(sqlite3_step(statement.sqliteStatement) == SQLITE_ROW)
        sqlite3_interrupt(db.sqliteConnection)
    }

    @Test func an_interruption_that_reaches_the_commit_still_ends_the_transaction() throws {
        let (folder, queue) = try reader()
        try withExtendedLifetime(folder) {
            try queue.inDatabase { (db: Database) throws in
                #expect(throws: DatabaseError.self) {
                    try ReadTransaction.run(db) { try interruptMidStatement(db) }
                }
                #expect(!db.isInsideTransaction)
                // The connection reads again at once.
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 100)
            }
        }
    }

    @Test func an_error_in_the_frame_ends_the_transaction_even_while_a_statement_is_interrupted() throws {
        struct Failure: Error {}
        let (folder, queue) = try reader()
        try withExtendedLifetime(folder) {
            try queue.inDatabase { (db: Database) throws in
                #expect(throws: Failure.self) {
                    try ReadTransaction.run(db) {
                        try interruptMidStatement(db)
                        throw Failure()
                    }
                }
                #expect(!db.isInsideTransaction)
            }
        }
    }

    /// Why `leave` resets the running statements first: SQLite interrupts the ROLLBACK too.
    @Test func a_plain_rollback_after_an_interruption_is_interrupted_too() throws {
        let (folder, queue) = try reader()
        try withExtendedLifetime(folder) {
            try queue.inDatabase { (db: Database) throws in
                try db.execute(sql: "BEGIN DEFERRED")
                try interruptMidStatement(db)
                #expect(sqlite3_exec(db.sqliteConnection, "ROLLBACK", nil, nil, nil) == SQLITE_INTERRUPT)
                #expect(db.isInsideTransaction)
                ReadTransaction.leave(db)
                #expect(!db.isInsideTransaction)
            }
        }
    }
}
