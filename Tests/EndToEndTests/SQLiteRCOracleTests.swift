import Foundation
import Testing
import SQLiveTestSupport

/// A dozen init files of the kind sqlite3 users keep as `~/.sqliterc` (headers, column mode
/// with widths, nullvalue, timer, csv, box, separators, bail and changes, echo…), each with a
/// script, in `Tests/Fixtures/sqliterc`: `sqlive -init RC` prints what `sqlite3 -init RC`
/// prints for the script, byte for byte, with the same exit status. Only the figures of
/// `.timer`'s "Run Time:" lines, which vary from run to run, are left out of the comparison.
@Suite struct SQLiteRCOracleTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sqliterc")

    static var fixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".sqliterc") }.map { String($0.dropLast(".sqliterc".count)) }.sorted()
    }

    @Test func there_are_a_dozen_fixtures() {
        #expect(Self.fixtures.count == 12, "\(Self.fixtures)")
    }

    @Test(arguments: fixtures)
    func an_init_file_and_its_script_print_what_sqlite3_prints(_ name: String) throws {
        let rc = Self.folder.appendingPathComponent(name + ".sqliterc").path
        let script = try String(contentsOf: Self.folder.appendingPathComponent(name + ".sql"), encoding: .utf8)
        let expected = try BinaryRunner.sqlite3(["-init", rc, ":memory:"], input: script)
        let actual = try BinaryRunner.sqlive(["-init", rc, ":memory:"], input: script)
        #expect(!expected.stdout.isEmpty)
        #expect(Self.withoutTimings(actual.stdout) == Self.withoutTimings(expected.stdout),
                "--- sqlite3\n\(expected.stdout)--- sqlive\n\(actual.stdout)")
        #expect(actual.status == expected.status)
    }

    /// The text with each "Run Time: real 0.001 user …" line reduced to "Run Time:".
    static func withoutTimings(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("Run Time: ") ? "Run Time:" : String($0) }
            .joined(separator: "\n")
    }
}
