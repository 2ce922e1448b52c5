import Foundation
import Testing

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
            .filter { $0.hasSuffix(".sql") }.sorted()
    }

    @Test func the_tour_has_scripts() {
        #expect(Self.scripts.count >= 3)
    }

    @Test(arguments: scripts) func a_tour_script_prints_its_transcript(script: String) throws {
        // Standard error in the transcript where it comes, as a learner sees it.
        let result = try BinaryRunner.run(
            "/bin/sh", ["-c", "exec \"$0\" --no-init < \"$1\" 2>&1", BinaryRunner.sqlivePath, "examples/tour/" + script],
            input: Data(), directory: Self.root.path)
        #expect(result.status == 0)
        let transcript = Self.normalized(result.stdout)
        let expected = Self.tour.appendingPathComponent("expected/" + script.replacingOccurrences(of: ".sql", with: ".out"))
        if ProcessInfo.processInfo.environment["SQLIVE_UPDATE_TOUR"] == "1" {
            try transcript.write(to: expected, atomically: true, encoding: .utf8)
        }
        #expect(transcript == (try String(contentsOf: expected, encoding: .utf8)))
    }

    /// Refresh times and durations change from run to run: they are written as `hh:mm:ss`
    /// and `… ms`.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"\b\d\d:\d\d:\d\d\b"#, with: "hh:mm:ss", options: .regularExpression)
            .replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(… ms)", options: .regularExpression)
    }

    @Test func help_tour_names_every_script() throws {
        let help = try BinaryRunner.sqlive(["--no-init", "-c", ".help tour"]).stdout
        for script in Self.scripts {
            #expect(help.contains("examples/tour/" + script), "\(script)")
        }
    }
}
