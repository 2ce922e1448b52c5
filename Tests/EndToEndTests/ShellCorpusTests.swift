import Foundation
import Testing
import SQLiveTestSupport

/// SQLite's own shell tests (`../shared/data/sqlite-shell-tests`, 414 inputs from
/// `test/shell*.test` and `expert1.test`) through sqlite3 and sqlive with the corpus's
/// runner: at least ``minimumMatches`` give the same stdout and exit status. Raise the
/// figure when sqlive matches more, so that no class of difference comes back.
@Suite struct ShellCorpusTests {
    static let minimumMatches = 346

    static let runner = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/data/sqlite-shell-tests/run.sh").standardized.path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: runner), "the shared shell-test corpus is on this machine"),
          .timeLimit(.minutes(10)))
    func sqlite_shell_tests_match_at_least_the_recorded_figure() throws {
        // Every case runs, however slow the machine: the runner's time budget otherwise
        // counts the cases it had no time for as differences.
        let result = try BinaryRunner.run("/bin/bash", [Self.runner, BinaryRunner.sqlivePath], input: Data(),
                                          environment: ["SHELLTESTS_BUDGET": "3000"])
        // "sqlite3 shell tests identical: 228/414 (stdout+status)"
        let prefix = "sqlite3 shell tests identical: "
        let summary = result.stdout.split(separator: "\n").last { $0.hasPrefix(prefix) }
        let matched = summary.flatMap { line in
            line.dropFirst(prefix.count).split(separator: "/").first.flatMap { Int($0) }
        }
        #expect(matched != nil, "no summary line in the runner's output:\n\(result.stdout.suffix(2000))")
        #expect((matched ?? 0) >= Self.minimumMatches, "\(summary ?? "")\n\(result.stdout)")
    }
}
