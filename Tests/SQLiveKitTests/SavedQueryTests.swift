import Foundation
import Testing
@testable import SQLiveKit

/// `.query`: queries saved by name in the config folder, run with arguments in place of
/// `$1`, `$2`…, and pinned as panes (issue 23).
@Suite struct SavedQueryTests {
    private let folder: URL
    private let test: TestSession

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-queries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = SessionEnvironment(homeDirectory: folder.path)
        environment.variables = [:]
        test = try TestSession(environment: environment)
        test.run("""
            CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT, city TEXT);
            INSERT INTO customer(name, city) VALUES ('Ann', 'Paris'), ('Bob', 'O''Hare'), ('Cy', 'Paris');
            """)
    }

    @Test func a_saved_query_runs_with_its_arguments_as_literals() throws {
        #expect(test.run(".query save city SELECT name FROM customer WHERE city = $1 AND id > $2 ORDER BY id") == "")
        #expect(test.run(".query city Paris 1") == "Cy\n")
        #expect(test.run(".query city \"O'Hare\" 0") == "Bob\n")
        #expect(test.run(".query list") == "city: SELECT name FROM customer WHERE city = $1 AND id > $2 ORDER BY id\n")
        let file = folder.appendingPathComponent(".config/sqlive/queries.json").path
        #expect(try String(contentsOfFile: file, encoding: .utf8)
                == "{\n  \"city\" : \"SELECT name FROM customer WHERE city = $1 AND id > $2 ORDER BY id\"\n}\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func placeholders_in_strings_stay_text_and_dsl_queries_get_swift_strings() {
        #expect(test.run(".query save tag SELECT '$1' || $1") == "")
        #expect(test.run(".query tag x") == "$1x\n")
        #expect(test.run(".query save in_city customer.filter(city == $1).select(name)") == "")
        #expect(test.run(".query in_city Paris") == "Ann\nCy\n")
    }

    @Test func mistakes_get_one_clear_message() {
        test.run(".query save two SELECT $1 + $2")
        test.run(".query two 1")
        #expect(test.errorText == "error: test.sql:1: the query uses $2 but 1 argument was given\n")
        test.run(".query tow 1 2")
        #expect(test.errorText == "error: test.sql:1: .query: no saved query named tow\n  did you mean two? .query list shows the saved queries\n")
        test.run(".query forget two")
        #expect(test.run(".query list") == "no saved queries: .query save NAME QUERY keeps one\n")
    }

    @Test func a_saved_query_is_pinned_with_its_arguments() {
        test.run(".query save in_city SELECT name FROM customer WHERE city = $1 ORDER BY name")
        #expect(test.run(".pin --name paris .query in_city Paris") == "-- pane 1 (paris): pinned\nAnn\nCy\n")
        #expect(test.run("INSERT INTO customer(name, city) VALUES ('Di', 'Paris');")
                == "-- pane 1 (paris): insert customer[4]\nAnn\nCy\nDi\n")
    }
}
