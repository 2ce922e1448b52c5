import Foundation
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// `.export FILE QUERY` and `.once FILE`: the file holds exactly what the screen would
/// have shown, in every mode, and the screen shows nothing.
@Suite struct ExportTests {
    let folder: TemporaryFolder
    let shell: TestSession

    static let setup = """
        CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB);
        INSERT INTO t VALUES (1, 'Ann', 9.5, NULL), (2, 'it''s, "quoted"', NULL, x'00ff'), (3, 'Åsa', -1, x'');
        """
    static let query = "SELECT * FROM t ORDER BY id"

    init() throws {
        folder = try TemporaryFolder()
        shell = try TestSession()
        shell.run(Self.setup)
    }

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The bytes the screen got for a script (some modes write a blob's raw bytes).
    private func screenBytes(_ script: String) -> [UInt8] {
        shell.run(script)
        return shell.output.bytes
    }

    private func fileBytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }

    @Test(arguments: OutputMode.allCases)
    func export_writes_what_the_screen_shows_in_every_mode(mode: OutputMode) throws {
        let onScreen = screenBytes(".mode \(mode.rawValue)\n.headers on\n\(Self.query);")
        let path = folder.path("export-\(mode.rawValue)")
        let printed = shell.run(".export \(path) \(Self.query)")
        #expect(printed == "")
        #expect(shell.errorText == "")
        #expect(fileBytes(path) == onScreen)
    }

    @Test(arguments: OutputMode.allCases)
    func once_sends_only_the_next_result_to_the_file_in_every_mode(mode: OutputMode) throws {
        let onScreen = screenBytes(".mode \(mode.rawValue)\n\(Self.query);")
        let path = folder.path("once-\(mode.rawValue)")
        let printed = shell.run(".once \(path)\n\(Self.query);\nSELECT 'after';")
        #expect(fileBytes(path) == onScreen)
        #expect(printed == shell.run("SELECT 'after';"))
    }

    @Test func export_keeps_the_query_text_as_typed() throws {
        let path = folder.path("spaces.txt")
        shell.run(".export \(path) SELECT 'a  b', \"name\" FROM t WHERE id = 1")
        #expect(try contents(path) == "a  b|Ann\n")
    }

    @Test func export_goes_back_to_the_output_file_that_was_in_force() throws {
        let main = folder.path("main.txt"), side = folder.path("side.txt")
        shell.run(".output \(main)\nSELECT 1;\n.export \(side) SELECT 2\nSELECT 3;\n.output")
        #expect(try contents(main) == "1\n3\n")
        #expect(try contents(side) == "2\n")
    }

    @Test func export_binds_parameters_and_reports_sql_errors() throws {
        let path = folder.path("param.txt")
        shell.run(".parameter set :id 3\n.export \(path) SELECT name FROM t WHERE id = :id")
        #expect(try contents(path) == "Åsa\n")
        shell.run(".export \(path) SELECT nope FROM t\n.export \(path)\n.export /nonexistent/dir/x.csv SELECT 1\n.export -x SELECT 1")
        #expect(shell.errorText == """
            error: test.sql:1: no such column: nope
              SELECT nope FROM t
                     ^
            error: test.sql:2: .export: missing query
              usage: .export FILE QUERY
            error: test.sql:3: cannot write to /nonexistent/dir/x.csv: No such file or directory
            error: test.sql:4: .export: unknown option -x (for a file of that name, write ./-x)
              usage: .export FILE QUERY

            """)
        #expect(try contents(path) == "Åsa\n", "a failed export leaves the file as it was")
    }

    @Test func exported_files_never_hold_colour() throws {
        var environment = SessionEnvironment(terminalWidth: { 80 })
        environment.variables = [:]
        let colourful = try TestSession(environment: environment)
        #expect(colourful.session.outputs.usesColor)
        #expect(colourful.run(".chart SELECT 'a', 1").contains("\u{1B}["))
        let path = folder.path("plain.txt")
        colourful.run(".once \(path)\n.chart SELECT 'a', 1")
        #expect(try contents(path) == "a " + String(repeating: "█", count: 76) + " 1\n")
        colourful.run(".export \(path) SELECT 'a', 1")
        #expect(try contents(path) == "a|1\n")
    }
}
