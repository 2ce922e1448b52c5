import Foundation
import GRDB
import Testing

/// Random requests, each typed in the DSL and built in Swift with GRDB from one tree
/// (RandomShapes.swift): filters of comparisons, boolean and arithmetic operators, `like`,
/// `contains` on arrays and ranges, `== nil`, `??`, functions, over real Chinook columns and
/// literals of every type (text that reads as a number, negative numbers, reals, `nil`, the
/// largest and smallest integers); keys; orderings; `reversed()`; limits and offsets;
/// selections with `forKey` names; `distinct()`; `group`/`having` with aggregates;
/// associations included and joined (filtered, selected, nested, their columns named);
/// association aggregates; `fetchOne()`, `fetchCount()`, `count`, `isEmpty()`, `fetchSet()`,
/// `deleteAll()`, `updateAll(…)`; `collating`, `cast`, `coalesce`, aggregates with `filter:`,
/// subqueries (`contains`, `exists()`, a request as a value). Each compares as the
/// hand-written cases do (ParityHarness.swift): same SQL, arguments, rows and region, or the
/// same error. docs/FUZZING.md (*Random parity with GRDB*) says what it leaves out and why.
///
/// The seeds: 1–300 in every run; `SQLIVE_DSL_FUZZ_SEEDS=1-10000` (or `5,17,40-60`) for a
/// long campaign by hand; `SQLIVE_DSL_FUZZ_PRINT=1` prints each seed's query.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: ParityDatabases.chinookScript.path),
                "the shared Chinook script is on this machine"))
struct RandomParityTests {
    static let defaultSeeds: [UInt64] = Array(1...300)

    static var seeds: [UInt64] {
        guard let text = ProcessInfo.processInfo.environment["SQLIVE_DSL_FUZZ_SEEDS"], !text.isEmpty else { return defaultSeeds }
        return text.split(separator: ",").flatMap { part -> [UInt64] in
            let bounds = part.split(separator: "-").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
            if bounds.count == 2, bounds[0] <= bounds[1] { return Array(bounds[0]...bounds[1]) }
            return bounds.count == 1 ? bounds : []
        }
    }

    static func parityCase(seed: UInt64) -> ParityCase {
        let shape = RandomShapeGenerator.shape(seed: seed)
        var parityCase = ParityCase(shape.dsl) { _ in shape.swiftRequest() }
        parityCase.regionMayBeWider = shape.mayWidenRegion
        return parityCase
    }

    @Test func random_requests_run_as_grdb_runs_them() throws {
        let printsEach = ProcessInfo.processInfo.environment["SQLIVE_DSL_FUZZ_PRINT"] != nil
        var failed = 0
        for seed in Self.seeds {
            let parityCase = Self.parityCase(seed: seed)
            if printsEach { print("seed \(seed): \(parityCase.dsl)") }
            let differences = try ParityCase.differences(parityCase, on: ParityDatabases.chinook)
            if !differences.isEmpty { failed += 1 }
            for difference in differences {
                Issue.record(Comment(rawValue: "seed \(seed): \(difference)"))
            }
        }
        print("RandomParityTests: \(Self.seeds.count) seeds, \(failed) with a difference")
    }

    /// The same seed draws the same query: a failure is replayed by its seed.
    @Test func a_seed_draws_the_same_request_every_time() {
        for seed: UInt64 in [1, 2, 99, 12345] {
            #expect(Self.parityCase(seed: seed).dsl == Self.parityCase(seed: seed).dsl)
        }
        #expect(Set((1...50).map { Self.parityCase(seed: $0).dsl }).count > 45)
    }
}
