import Foundation
import GRDB
import Testing
@testable import SQLiveKit

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
    /// is laid out, as the terminal's loop would do when woken.
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
        latencies.sort()
        let median = latencies[latencies.count / 2] * 1000
        let p95 = latencies[latencies.count * 95 / 100] * 1000
        print("BENCH commit-to-repaint, one pane, 500 one-row writes: median \(Self.ms(median)) ms, p95 \(Self.ms(p95)) ms")
        #expect(median < 5)
    }

    /// 100 panes on 100 tables; 1,000 one-row writes to one of them.
    @Test(arguments: ["memory", "file"])
    func writes_refresh_only_the_panes_they_touch(storage: String) throws {
        let directory = try TemporaryDirectory()
        func makeSession() throws -> TestSession {
            let test = try TestSession(path: storage == "file" ? directory.path("\(UUID().uuidString).db") : ":memory:")
            let tables = (0..<100).map { "CREATE TABLE t\($0)(id INTEGER PRIMARY KEY, x);" }.joined(separator: "\n")
            test.run(tables)
            return test
        }
        let writes = (0..<1000).map { "INSERT INTO t7(x) VALUES (\($0));" }.joined(separator: "\n")

        let bare = try makeSession()
        let bareTime = Self.seconds { bare.run(writes) }

        let pinned = try makeSession()
        for table in 0..<100 { try pinned.board.pin("SELECT count(*) FROM t\(table)", name: "p\(table)") }
        _ = pinned.board.drainEvents()
        let before = pinned.board.fetchCount
        let pinnedTime = Self.seconds { pinned.run(writes) }
        let refetches = pinned.board.fetchCount - before

        // The same writes straight through GRDB, without the script runner's per-statement work.
        let direct = try makeSession()
        let directBare = try Self.seconds { try Self.write(1000, to: direct) }
        for table in 0..<100 { try direct.board.pin("SELECT count(*) FROM t\(table)", name: "p\(table)") }
        let directPinned = try Self.seconds { try Self.write(1000, to: direct) }

        print("BENCH 100 panes / 100 tables, 1000 one-row writes (\(storage)): \(refetches) re-fetches; "
              + "script: \(Self.ms(bareTime * 1000)) ms without panes, \(Self.ms(pinnedTime * 1000)) ms with "
              + "(×\(String(format: "%.2f", pinnedTime / bareTime))); "
              + "GRDB writes: \(Self.ms(directBare * 1000)) ms without, \(Self.ms(directPinned * 1000)) ms with "
              + "(×\(String(format: "%.2f", directPinned / directBare)))")
        #expect(refetches == 1000)
        #expect(pinnedTime < 2 * bareTime)
    }

    static func write(_ count: Int, to test: TestSession) throws {
        let queue = test.session.connection.queue
        for index in 0..<count {
            try queue.write { try $0.execute(sql: "INSERT INTO t7(x) VALUES (?)", arguments: [index]) }
        }
        _ = test.board.waitUntilSettled()
    }

    static func ms(_ value: Double) -> String { String(format: "%.3f", value) }
}
