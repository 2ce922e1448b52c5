import Foundation
import Testing
import SQLiveTestSupport

/// The memory of `sqlive` with a pane on a ten-million-row table, run on demand:
/// `SQLIVE_BENCH=1 swift test --filter PaneMemoryBenchmarkTests`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SQLIVE_BENCH"] == "1"))
struct PaneMemoryBenchmarkTests {
    @Test func a_pane_on_ten_million_rows_costs_the_rows_it_shows() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.db").path
        let created = try BinaryRunner.sqlite3([path], input: """
            CREATE TABLE big(id INTEGER PRIMARY KEY, name TEXT, v INT);
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000000)
            INSERT INTO big SELECT x, 'name ' || x, x % 97 FROM c;
            """)
        #expect(created.status == 0)

        // 200 one-row writes to rows the pane shows: each refreshes it and prints a block.
        let writes = (1...200).map { "UPDATE big SET v = v + 1 WHERE id = \(10_000_000 - $0 % 20);" }.joined(separator: "\n")
        let script = ".pin --rows 20 SELECT * FROM big ORDER BY id DESC\n\(writes)\n.panes\n"
        let start = Date()
        let result = try BinaryRunner.run("/usr/bin/time", ["-f", "maxrss_kib=%M", BinaryRunner.sqlivePath, path],
                                          input: Data(script.utf8))
        let seconds = Date().timeIntervalSince(start)
        let maxRSS = result.stderr.split(separator: "\n").compactMap { line in
            line.hasPrefix("maxrss_kib=") ? Int(line.dropFirst("maxrss_kib=".count)) : nil
        }.last ?? -1
        let refreshes = result.stdout.components(separatedBy: "-- pane 1 (big): update big(v)").count - 1
        print("BENCH pane on 10,000,000 rows, 200 one-row writes: max RSS \(maxRSS / 1024) MiB, "
              + "\(refreshes) blocks printed, \(String(format: "%.2f", seconds)) s")
        #expect(result.status == 0)
        #expect(refreshes == 200)
        #expect(maxRSS > 0 && maxRSS < 64 * 1024)
    }
}
