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

    @Test func a_replicated_transaction_is_reported_when_seen_and_again_after_each_settle_time() throws {
        let state = ReplicaFunctions()
        let queue = try state.connection()
        let clock = TestClock()
        let probe = LitestreamTransactionProbe(now: { clock.now })
        func version() throws -> Int { try queue.inDatabase { try probe.version(of: "main", in: $0) } }
        let baseline = try version()
        clock.advance(by: .seconds(5))
        #expect(try version() == baseline, "idle: the same number, however long")
        state.set(transaction: "0000000000000020", lag: 0)
        let seen = try version()
        #expect(seen != baseline)
        clock.advance(by: .milliseconds(100))
        #expect(try version() == seen, "within the settle time: unchanged")
        clock.advance(by: .milliseconds(150))
        let settling = try version()
        #expect(settling != seen, "once more after the first settle time, for a reader that polled later")
        clock.advance(by: .milliseconds(500))
        #expect(try version() == settling)
        clock.advance(by: .milliseconds(250))
        let settled = try version()
        #expect(settled != settling, "and after the second, for a reader slowed by a loaded machine")
        clock.advance(by: .seconds(5))
        #expect(try version() == settled)
    }

    @Test func a_connection_without_the_vfs_functions_fails_to_read_a_position() throws {
        let queue = try DatabaseQueue()
        #expect(throws: DatabaseError.self) { try queue.inDatabase { try ReplicaPosition.read(in: $0) } }
    }
}

/// A clock the test moves by hand.
private final class TestClock: @unchecked Sendable {
    // Guarded by `lock`: the test thread moves it, the probe reads it.
    private let lock = NSLock()
    private var current = ContinuousClock.now

    var now: ContinuousClock.Instant { lock.withLock { current } }

    func advance(by duration: Duration) {
        lock.withLock { current += duration }
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
        try queue.inDatabase { db in
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
