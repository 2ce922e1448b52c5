import Foundation
import Testing
@testable import SQLiveKit

/// The differential tester of live panes: **a pane equals its query run fresh on the latest
/// committed state**, at every point outside a transaction.
///
/// A seed makes a schema (INTEGER PRIMARY KEY and UNIQUE columns, generated columns virtual
/// and stored, a view, a foreign key ON DELETE CASCADE, triggers writing another table and
/// one raising ROLLBACK, an attached file database), pins random SQL and DSL panes, then runs
/// random statements one at a time: inserts, updates (of the rowid too), OR REPLACE, REPLACE,
/// upserts, deletes, cascades, JSON made invalid and valid again, schema changes, DETACH and
/// ATTACH, `.parameter set`, `.pin` and `.unpin`, BEGIN/COMMIT/ROLLBACK, savepoints, failing
/// statements, and commits by another connection followed by `.notify all`. After each step
/// that leaves no transaction open, every pane is compared with its query run fresh: columns,
/// rows as `DatabaseValue`s, and the error when the query fails; and the last block the script
/// printed for it with what `.pane ID` prints. A difference fails the test with the seed, the
/// step, the pane, expected and shown, and the script that reproduces it.
///
/// Each seed runs on an in-memory database, a file in rollback-journal mode, and a WAL file.
///
/// Environment variables, for long runs by hand (see docs/TESTING.md):
/// - `SQLIVE_DIFF_SEEDS=N`: run seeds 1…N (default: the three seeds of CI).
/// - `SQLIVE_DIFF_SEED=S`: run only seed S (to replay a reported difference).
/// - `SQLIVE_DIFF_STATEMENTS=N`: statements per seed and storage (default 300).
/// - `SQLIVE_DIFF_REPORTS=N`: differences reported per seed and storage (default 4; each
///   pane is reported once, at its first difference).
/// - `SQLIVE_DIFF_TRACE=1`: every step on stderr before it runs (to find what crashed).
///
///     SQLIVE_DIFF_SEEDS=200 SQLIVE_DIFF_STATEMENTS=2000 swift test --filter PaneDifferentialTests
///
/// The fixed scenarios of ``PaneDifferentialScenarioTests`` make sure each kind of lie the
/// issue found is exercised on every run, whatever the random workloads happen to draw.
@Suite struct PaneDifferentialTests {
    static let environment = ProcessInfo.processInfo.environment

    static var seeds: [UInt64] {
        if let text = environment["SQLIVE_DIFF_SEED"], let seed = UInt64(text) { return [seed] }
        if let text = environment["SQLIVE_DIFF_SEEDS"], let count = UInt64(text), count > 0 { return Array(1...count) }
        return [1, 2, 3]
    }

    static var isLongRun: Bool {
        environment["SQLIVE_DIFF_SEEDS"] != nil || environment["SQLIVE_DIFF_SEED"] != nil
    }

    static var statements: Int {
        environment["SQLIVE_DIFF_STATEMENTS"].flatMap(Int.init).map { max($0, 1) } ?? 300
    }

    /// The tester itself: a pane that cannot equal a fresh run (`random()`) is reported once,
    /// with what replays it.
    @Test func a_pane_that_differs_is_reported_once_with_the_script_that_replays_it() throws {
        let workload = PaneWorkload(seed: 42, storage: .memory, setup: [
            "CREATE TABLE t(x);",
            ".pin --rows 1000 --name dice SELECT random()",
        ], steps: [.session("INSERT INTO t VALUES (1);")])
        let mismatches = try PaneWorkloadRunner(workload).run()
        #expect(mismatches.count == 1)
        let report = mismatches.first?.description ?? ""
        #expect(report.hasPrefix("What a pane shows differs from its query run fresh (seed 42, memory database, after the setup)."))
        #expect(report.contains("pane 1 (dice): SELECT random()\n-- expected (fresh run):\ncolumns random()\n"))
        #expect(report.contains("CREATE TABLE t(x);\n.pin --rows 1000 --name dice SELECT random()\nReplay: SQLIVE_DIFF_SEED=42 "))
    }

    /// Random workloads: every pane equals its query run fresh after every step.
    @Test(arguments: PaneWorkload.Storage.allCases)
    func panes_equal_their_queries_run_fresh_over_random_workloads(storage: PaneWorkload.Storage) throws {
        for seed in Self.seeds {
            if Self.isLongRun {
                // A long run by hand says where it is, so a crash of the engine can be replayed.
                let line = "PaneDifferentialTests: seed \(seed), \(storage) database, \(Self.statements) statements\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
            let workload = PaneWorkloadGenerator.workload(seed: seed, storage: storage, statements: Self.statements, panes: 8)
            for mismatch in try PaneWorkloadRunner(workload).run() {
                Issue.record(Comment(rawValue: mismatch.description))
            }
        }
    }
}
