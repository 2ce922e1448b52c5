import Foundation
import Testing

/// docs/TESTING.md lists every test suite: each test file under Tests/ is named there, so a
/// new suite can't land without saying what it covers.
@Suite struct TestingDocsTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The test targets, whose files named `…Tests.swift` are suites.
    static let testFolders = ["Tests/SQLiveKitTests", "Tests/SQLiveTerminalTests", "Tests/EndToEndTests", "Tests/DSLGRDBParityTests"]

    @Test func every_test_file_is_listed_in_testing_md() throws {
        let document = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("docs/TESTING.md"),
                                  encoding: .utf8)
        let suites = try Self.testFolders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: Self.repositoryRoot.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix("Tests.swift") }
                .map { String($0.dropLast(".swift".count)) }
        }
        #expect(suites.count > 60)
        let missing = suites.filter { !document.contains("`\($0)`") }.sorted()
        #expect(missing.isEmpty, "not listed in docs/TESTING.md: \(missing)")
    }

    /// Each suite's row gives its number of tests (`@Test` functions; `4 (9 cases)` when some
    /// take arguments): the number must be what the files hold, so the page can't drift.
    @Test func each_suite_row_counts_the_tests_its_files_hold() throws {
        let document = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("docs/TESTING.md"), encoding: .utf8)
        let files = try Self.suiteFiles()
        var checked = 0
        for row in document.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3 else { continue }
            let names = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            // A row about part of a suite (`X` (pane case)) gives that part's count: skipped.
            let onlyNames = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .allSatisfy { $0.offset % 2 == 1 || $0.element.allSatisfy(\.isWhitespace) }
            guard !names.isEmpty, onlyNames, names.allSatisfy({ $0.hasSuffix("Tests") }) else { continue }
            let figure = cells[2]
            let declared = Int(figure.prefix { $0.isNumber })
            let unknown = names.filter { files[$0] == nil }
            #expect(unknown.isEmpty, "docs/TESTING.md names suites with no file: \(unknown)")
            let counted = try names.compactMap { files[$0] }.reduce(0) { total, url in
                total + Self.testCount(in: try String(contentsOf: url, encoding: .utf8))
            }
            if figure.hasSuffix(" cases"), !figure.contains("(") {
                // "232 cases": one parameterized test; its cases are counted when it runs.
                #expect(counted >= 1, "\(names): \(figure)")
            } else {
                #expect(declared == counted, "docs/TESTING.md says \(names) hold \(figure) tests; their files hold \(counted)")
            }
            checked += 1
        }
        #expect(checked > 60)
    }

    static func suiteFiles() throws -> [String: URL] {
        var files: [String: URL] = [:]
        for folder in testFolders {
            let url = repositoryRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix("Tests.swift") {
                files[String(name.dropLast(".swift".count))] = url.appendingPathComponent(name)
            }
        }
        return files
    }

    /// `@Test` functions in a file (each parameterized test counts once), other attributes
    /// before it (`@MainActor @Test`) allowed.
    static func testCount(in source: String) -> Int {
        source.split(separator: "\n").count { line in
            line.drop { $0 == " " }.split(separator: " ").prefix { $0.hasPrefix("@") }
                .contains { $0 == "@Test" || $0.hasPrefix("@Test(") }
        }
    }
}
