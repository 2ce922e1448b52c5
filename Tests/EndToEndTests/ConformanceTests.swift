import Foundation
import Testing
import SQLiveTestSupport

/// The sqllogictest corpus (`<repo root>/../shared/data/sqllogictest`, 39 scripts of plain
/// SQL, some empty) through sqlite3 and the built sqlive with the same settings: standard
/// output must be the same bytes, and standard error must hold the same number of errors
/// (the two shells word them differently: `Parse error near line 9: …` and
/// `error: stdin:9: …`).
///
/// Every script runs after `.mode csv` and `.headers on`; the `evidence_*` and `select*`
/// scripts and one random script also run in list mode. Every script runs whole (280,000
/// lines; about 35 s of test time on the debug build).
@Suite struct ConformanceTests {
    @Test(arguments: try ConformanceRun.all())
    func sqlive_matches_sqlite3_on_the_corpus(_ run: ConformanceRun) throws {
        let input = try run.input()
        let expected = try BinaryRunner.sqlite3([], input: input)
        let actual = try BinaryRunner.sqlive([], input: input)
        #expect(actual.stdoutBytes == expected.stdoutBytes, "\(run): first difference at byte \(firstDifference(actual.stdoutBytes, expected.stdoutBytes))")
        #expect(Self.errorCount(sqlive: actual.stderr) == Self.errorCount(sqlite3: expected.stderr),
                "\(run)\n--- sqlite3\n\(expected.stderr)--- sqlive\n\(actual.stderr)")
    }

    @Test func the_corpus_is_there() throws {
        #expect(try ConformanceRun.scriptNames().count == 39)
    }

    /// sqlite3 starts each error with `Parse error`, `Runtime error` or `Error`; the lines
    /// after it (the statement, a caret) are not counted.
    static func errorCount(sqlite3 stderr: String) -> Int {
        stderr.split(separator: "\n").count { line in
            line.hasPrefix("Parse error") || line.hasPrefix("Runtime error") || line.hasPrefix("Error")
        }
    }

    /// sqlive starts each error with `error:`.
    static func errorCount(sqlive stderr: String) -> Int {
        stderr.split(separator: "\n").count { $0.hasPrefix("error:") }
    }

    private func firstDifference(_ left: Data, _ right: Data) -> Int {
        zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
    }
}

/// One script of the corpus in one output mode.
struct ConformanceRun: Sendable, CustomTestStringConvertible {
    var script: String
    var mode: String

    var testDescription: String { "\(script) (\(mode))" }

    static var corpus: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // EndToEndTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // the repository
            .appendingPathComponent("../shared/data/sqllogictest")
            .standardizedFileURL
    }

    static func scriptNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: corpus.path)
            .filter { $0.hasSuffix(".sql") }
            .map { String($0.dropLast(4)) }
            .sorted()
    }

    static func all() throws -> [ConformanceRun] {
        let names = try scriptNames()
        let listScripts = names.filter { $0.hasPrefix("evidence") || $0.hasPrefix("select") || $0 == "random_expr_slt_good_0" }
        return names.map { ConformanceRun(script: $0, mode: "csv") }
            + listScripts.map { ConformanceRun(script: $0, mode: "list") }
    }

    /// The settings, then the whole script.
    func input() throws -> String {
        let text = try String(contentsOf: Self.corpus.appendingPathComponent(script + ".sql"), encoding: .utf8)
        return ".mode \(mode)\n.headers on\n" + text
    }
}
