import Foundation
import Testing

/// docs/TESTING.md lists every test suite: each test file under Tests/ is named there, so a
/// new suite can't land without saying what it covers.
@Suite struct TestingDocsTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func every_test_file_is_listed_in_testing_md() throws {
        let document = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("docs/TESTING.md"),
                                  encoding: .utf8)
        let suites = try ["Tests/SQLiveKitTests", "Tests/EndToEndTests", "Tests/DSLGRDBParityTests"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: Self.repositoryRoot.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix("Tests.swift") }
                .map { String($0.dropLast(".swift".count)) }
        }
        #expect(suites.count > 60)
        let missing = suites.filter { !document.contains("`\($0)`") }.sorted()
        #expect(missing.isEmpty, "not listed in docs/TESTING.md: \(missing)")
    }
}
