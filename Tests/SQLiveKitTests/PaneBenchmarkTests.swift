import Foundation
import GRDB
import Synchronization
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Pane benchmarks, run on demand: `SQLIVE_BENCH=1 swift test --filter PaneBenchmarkTests`.
/// They print their figures; the expectations are the issue's targets.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SQLIVE_BENCH"] == "1"), .serialized)
struct PaneBenchmarkTests {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// From the start of a one-row write until the pane's new value is applied and the dock
    /// is laid out, as the terminal's loop would do when woken. Targets (issue 11): median
    /// ≤ 5 ms, 99th percentile ≤ 16 ms (one frame at 60 Hz) for a query of ≤ 1 ms.
    @Test func commit_to_repaint_latency_of_one_pane() throws {
        let test = try TestSession()
        test.run("CREATE TABLE t(id INTEGER PRIMARY KEY, x);")
        let board = test.board
        let woken = DispatchSemaphore(value: 0)
        board.waker = { woken.signal() }
        try board.pin("SELECT id, x FROM t ORDER BY id DESC", rowLimit: 10)
        while woken.wait(timeout: .now()) == .success {}
        _ = board.drainEvents()
        let queue = test.session.connection.queue
        var latencies: [Double] = []
        for index in 0..<500 {
            let latency = try Self.seconds {
                try queue.write { try $0.execute(sql: "INSERT INTO t(x) VALUES (?)", arguments: [index]) }
                _ = woken.wait(timeout: .now() + 5)
                let events = board.drainEvents()
                _ = board.dockLines(width: 100, height: 14)
                #expect(events.count == 1)
            }
            latencies.append(latency)
        }
        let median = Self.percentile(latencies, 50) * 1000
        let p99 = Self.percentile(latencies, 99) * 1000
        print("BENCH commit-to-repaint, one pane, 500 one-row writes: median \(Self.ms(median)) ms, p99 \(Self.ms(p99)) ms")
        #expect(median <= 5)
        #expect(p99 <= 16)
    }

    /// How much a pane slows the user's commit itself: the time of a one-row write with one
    /// pane pinned (waiting for its refresh between writes, which is not counted) against the
    /// same writes with no pane. Target (issue 11): ≤ 50 µs more per commit.
    @Test func a_pane_barely_slows_the_commit_that_wakes_it() throws {
        func commitTimes(pinned: Bool) throws -> [Double] {
            let test = try TestSession()
            test.run("CREATE TABLE t(id INTEGER PRIMARY KEY, x);")
            let board = test.board
            if pinned {
                try board.pin("SELECT id, x FROM t ORDER BY id DESC", rowLimit: 10)
                _ = board.drainEvents()
            }
            let queue = test.session.connection.queue
            var times: [Double] = []
            for index in 0..<500 {
                times.append(try Self.seconds {
                    try queue.write { try $0.execute(sql: "INSERT INTO t(x) VALUES (?)", arguments: [index]) }
                })
                if pinned {
                    #expect(board.waitUntilSettled(timeout: 5))
                    _ = board.drainEvents()
                }
            }
            return times
        }
        let bare = Self.percentile(try commitTimes(pinned: false), 50) * 1e6
        let pinned = Self.percentile(try commitTimes(pinned: true), 50) * 1e6
        print("BENCH one-row commit, median of 500: \(Self.us(bare)) µs without panes, \(Self.us(pinned)) µs with one pane "
              + "(+\(Self.us(pinned - bare)) µs)")
        #expect(pinned - bare <= 50)
    }

    /// 100 panes on 100 tables; 1,000 one-row writes to one of them, run as a script. For
    /// comparison, the same writes straight through GRDB with 100 plain `ValueObservation`s
    /// (GRDB's own cost, which sqlive cannot go below).
    @Test(arguments: ["memory", "file"])
    func writes_refresh_only_the_panes_they_touch(storage: String) throws {
        let directory = try TemporaryFolder()
        func makeSession() throws -> TestSession {
            // As sqlive runs a script: the frames run while the script waits for them.
            var environment = SessionEnvironment()
            environment.panesRefreshWhenWaitedFor = true
            let test = try TestSession(path: storage == "file" ? directory.path("\(UUID().uuidString).db") : ":memory:",
                                       environment: environment)
            let tables = (0..<100).map { "CREATE TABLE t\($0)(id INTEGER PRIMARY KEY, x);" }.joined(separator: "\n")
            test.run(tables)
            return test
        }
        let writes = (0..<1000).map { "INSERT INTO t7(x) VALUES (\($0));" }.joined(separator: "\n")

        let bare = try makeSession()
        let bareTime = Self.seconds { bare.run(writes) }

        let pinned = try makeSession()
        for table in 0..<100 { try pinned.board.pin("SELECT count(*) FROM t\(table)", name: "p\(table)") }
        // The first fetches, before the clock starts.
        #expect(pinned.board.waitUntilSettled())
        _ = pinned.board.drainEvents()
        let before = pinned.board.fetchCount
        let pinnedTime = Self.seconds { pinned.run(writes) }
        let refetches = pinned.board.fetchCount - before

        let grdb = try makeSession()
        let queue = grdb.session.connection.queue
        let grdbBare = try Self.seconds { try Self.write(1000, to: queue) }
        let fetches = Mutex(0)
        let observations = (0..<100).map { table in
            ValueObservation.tracking { db in
                fetches.withLock { $0 += 1 }
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM t\(table)")
            }
            .start(in: queue, scheduling: .async(onQueue: DispatchQueue(label: "bench")), onError: { _ in }, onChange: { _ in })
        }
        let grdbPinned = try Self.seconds { try Self.write(1000, to: queue) }
        withExtendedLifetime(observations) {}

        print("BENCH 100 panes / 100 tables, 1000 one-row writes (\(storage)): \(refetches) pane re-fetches; "
              + "sqlive script \(Self.ms(bareTime * 1000)) ms without panes, \(Self.ms(pinnedTime * 1000)) ms with "
              + "(×\(String(format: "%.2f", pinnedTime / bareTime))); "
              + "GRDB alone \(Self.ms(grdbBare * 1000)) ms without observations, \(Self.ms(grdbPinned * 1000)) ms with 100 "
              + "(×\(String(format: "%.2f", grdbPinned / grdbBare)), \(fetches.withLock { $0 } - 100) re-fetches)")
        #expect(refetches == 1000)
        // Issue 11's target, in memory too: a commit's cost grows with the panes its change
        // touches, not with the number of panes (today GRDB visits every observer per commit).
        #expect(pinnedTime < 2 * bareTime)
    }

    static func write(_ count: Int, to queue: DatabaseQueue) throws {
        for index in 0..<count {
            try queue.write { try $0.execute(sql: "INSERT INTO t7(x) VALUES (?)", arguments: [index]) }
        }
    }

    static func ms(_ value: Double) -> String { String(format: "%.3f", value) }
    static func us(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The value below which `percent` % of the samples fall (nearest rank).
    static func percentile(_ samples: [Double], _ percent: Int) -> Double {
        let sorted = samples.sorted()
        let rank = min(sorted.count - 1, max(0, (sorted.count * percent + 99) / 100 - 1))
        return sorted[rank]
    }
}
