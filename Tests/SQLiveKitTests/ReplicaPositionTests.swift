import Foundation
import GRDB
import Testing
@testable import SQLiveKit

/// The change probes a change source compares between polls: `data_version` for files, the
/// replicated transaction for a Litestream replica (whose VFS moves `data_version` on every
/// read). The Litestream side against the real VFS is in ReplicaFollowTests.
@Suite struct ReplicaPositionTests {
    @Test func data_version_moves_for_another_connections_commit_only() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watched = try DatabaseQueue(path: folder + "/a.db")
        let writer = try DatabaseQueue(path: folder + "/a.db")
        try writer.write { try $0.execute(sql: "CREATE TABLE t(x)") }
        let probe = DataVersionProbe()
        let first = try watched.read { try probe.version(of: "main", in: $0) }
        #expect(try watched.read { try probe.version(of: "main", in: $0) } == first)
        try writer.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        #expect(try watched.read { try probe.version(of: "main", in: $0) } != first)
    }

    @Test func the_probe_follows_the_vfs_the_name_asks_for() {
        #expect(ChangeProbe.for(DatabaseFileName("app.db")) is DataVersionProbe)
        #expect(ChangeProbe.for(DatabaseFileName("file:app.db?mode=ro")) is DataVersionProbe)
        #expect(ChangeProbe.for(DatabaseFileName(LitestreamReplica(url: "file:///r").sqliteName)) is LitestreamTransactionProbe)
    }

    @Test func a_position_reads_the_vfs_functions_and_advances_with_the_transaction() throws {
        let state = ReplicaFunctions()
        let queue = try state.connection()
        let before = try queue.inDatabase { try ReplicaPosition.read(in: $0) }
        #expect(before == ReplicaPosition(transaction: 0x1f, lagSeconds: nil))
        #expect(before.summary == "txid 31, lag unknown")
        state.set(transaction: "0000000000000020", lag: 0)
        let after = try queue.inDatabase { try ReplicaPosition.read(in: $0) }
        #expect(after.hasAdvanced(since: before))
        #expect(after.summary == "txid 32, lag 0s")
        #expect(!after.hasAdvanced(since: after))
    }

    /// The probe moves once per replicated transaction, however often it is read; the panes'
    /// reader, which polls the replica on its own, is waited for until it holds the
    /// transaction seen (an event, not a delay), and the cause names the transaction.
    @Test func a_replicated_transaction_moves_the_probe_once_and_readers_wait_until_they_hold_it() throws {
        let watched = ReplicaFunctions(), reader = ReplicaFunctions()
        let watchedQueue = try watched.connection(), readerQueue = try reader.connection()
        let probe = LitestreamTransactionProbe()
        func version() throws -> Int { try watchedQueue.inDatabase { try probe.version(of: "main", in: $0) } }
        let baseline = try version()
        #expect(try version() == baseline, "idle: the same number on every read")
        watched.set(transaction: "0000000000000020", lag: 0)
        let seen = try version()
        #expect(seen == 0x20)
        #expect(probe.status == "replica txid 32, lag 0s", "what the dock's rule shows")
        #expect(probe.cause(afterSeeing: seen).description == "replicated commit txid 32")
        let condition = try #require(probe.readerCondition(afterSeeing: seen))
        #expect(try !readerQueue.inDatabase { try condition($0) }, "the reader has not polled the replica yet")
        reader.set(transaction: "0000000000000020", lag: 0)
        #expect(try readerQueue.inDatabase { try condition($0) })
        reader.set(transaction: "0000000000000021", lag: 0)
        #expect(try readerQueue.inDatabase { try condition($0) }, "past it holds it too")
        #expect(DataVersionProbe().readerCondition(afterSeeing: 7) == nil, "a file's commit is in the file")
    }

    @Test func a_connection_without_the_vfs_functions_fails_to_read_a_position() throws {
        let queue = try DatabaseQueue()
        #expect(throws: DatabaseError.self) { try queue.inDatabase { try ReplicaPosition.read(in: $0) } }
    }
}

/// Stands in for the VFS's state in the position tests.
private final class ReplicaFunctions: @unchecked Sendable {
    // Guarded by `lock`: the test thread sets what the SQL functions read.
    private let lock = NSLock()
    private var storedTransaction = "000000000000001f"
    private var storedLag = -1

    var transaction: String { lock.withLock { storedTransaction } }
    var lag: Int { lock.withLock { storedLag } }

    /// A connection with the two functions as the VFS defines them: a hexadecimal id, lag in
    /// seconds (-1 before a poll).
    func connection() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        queue.inDatabase { db in
            db.add(function: DatabaseFunction("litestream_txid", argumentCount: 0, pure: false) { _ in self.transaction })
            db.add(function: DatabaseFunction("litestream_lag", argumentCount: 0, pure: false) { _ in self.lag })
        }
        return queue
    }

    func set(transaction: String, lag: Int) {
        lock.withLock {
            storedTransaction = transaction
            storedLag = lag
        }
    }
}
