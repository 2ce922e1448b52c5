import Foundation
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// Files sqlive creates for the user's output may hold query results: they are created
/// readable by their owner only (mode 0600), whatever the umask, like the history file.
@Suite struct FilePermissionTests {
    static func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test(arguments: [
        (".output", ".output FILE\nselect 1;\n.output"),
        (".once", ".once FILE\nselect 1;"),
        (".export", ".export FILE select 1"),
    ])
    func output_files_are_created_owner_only(command: String, script: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.path("results.txt")
        let session = try TestSession()
        session.run(script.replacingOccurrences(of: "FILE", with: file))
        #expect(session.errorText == "")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "1\n", "\(command)")
        #expect(try Self.mode(file) == 0o600, "\(command)")
    }
}
