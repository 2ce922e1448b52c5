import Foundation
import Testing
import SQLiveTestSupport

/// The guided tour in examples/tour: each script runs as a learner runs it, from the
/// repository root, and prints what its checked-in transcript in examples/tour/expected
/// says, so the tour never drifts from what sqlive does.
///
/// When sqlive's output changes on purpose, rewrite the transcripts and review the diff:
///
///     SQLIVE_UPDATE_TOUR=1 swift test --skip-build --filter TourTests
@Suite struct TourTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let tour = root.appendingPathComponent("examples/tour")

    static var scripts: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: tour.path)) ?? [])
            .filter { $0.hasSuffix(".sql") || $0.hasSuffix(".sh") }.sorted()
    }

    @Test func the_tour_has_scripts() {
        #expect(Self.scripts.count >= 4)
    }

    @Test(arguments: scripts) func a_tour_script_prints_its_transcript(script: String) throws {
        // Standard error in the transcript where it comes, as a learner sees it. A shell
        // script drives sqlive itself (SQLIVE names it) and another process beside it.
        let command = script.hasSuffix(".sh")
            ? "SQLIVE=\"$0\" exec sh \"$1\" 2>&1"
            : "exec \"$0\" --no-init < \"$1\" 2>&1"
        let result = try BinaryRunner.run("/bin/sh", ["-c", command, BinaryRunner.sqlivePath, "examples/tour/" + script],
                                          input: Data(), directory: Self.root.path)
        #expect(result.status == 0)
        let transcript = Self.normalized(result.stdout)
        let name = script.replacingOccurrences(of: #"\.(sql|sh)$"#, with: ".out", options: .regularExpression)
        let expected = Self.tour.appendingPathComponent("expected/" + name)
        if ProcessInfo.processInfo.environment["SQLIVE_UPDATE_TOUR"] == "1" {
            try transcript.write(to: expected, atomically: true, encoding: .utf8)
        }
        #expect(transcript == (try String(contentsOf: expected, encoding: .utf8)))
    }

    /// Refresh times and durations change from run to run: they are written as `hh:mm:ss`
    /// and `… ms`.
    static func normalized(_ text: String) -> String {
        let timed = text.replacingOccurrences(of: #"\b\d\d:\d\d:\d\d\b"#, with: "hh:mm:ss", options: .regularExpression)
            .replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(… ms)", options: .regularExpression)
        // `.panes` lists how long each query took (last_ms, median_ms): `…` in their cells,
        // padded so the grid keeps its width.
        return timed.replacing(/(hh:mm:ss +│ )(\d+\.\d +)│ (\d+\.\d +)│/) { match in
            let last = "…".padding(toLength: match.2.count, withPad: " ", startingAt: 0)
            let median = "…".padding(toLength: match.3.count, withPad: " ", startingAt: 0)
            return "\(match.1)\(last)│ \(median)│"
        }
    }

    @Test func help_tour_and_the_tour_readme_name_every_script() throws {
        let help = try BinaryRunner.sqlive(["--no-init", "-c", ".help tour"]).stdout
        let readme = try String(contentsOf: Self.tour.appendingPathComponent("README.md"), encoding: .utf8)
        for script in Self.scripts {
            #expect(help.contains("examples/tour/" + script), "\(script)")
            #expect(readme.contains("(\(script))"), "\(script) in examples/tour/README.md")
        }
    }
}
