import Foundation
import Testing
@testable import SQLiveKit

/// `~/.sqlive_trusted`: which init files were trusted, with which content.
@Suite struct TrustedFilesTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-trusted-\(UUID().uuidString)").path
    let first = String(repeating: "a", count: 64)
    let second = String(repeating: "b", count: 64)

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test func a_trusted_file_is_trusted_with_its_digest_only() throws {
        var store = TrustedFiles(path: folder + "/trusted")
        #expect(store.verdict(for: "/p/.replrc", digest: first) == .unknown)
        try store.trust("/p/.replrc", digest: first)
        let reread = TrustedFiles(path: folder + "/trusted")
        #expect(reread.verdict(for: "/p/.replrc", digest: first) == .trusted)
        #expect(reread.verdict(for: "/p/.replrc", digest: second) == .changed)
        #expect(reread.verdict(for: "/q/.replrc", digest: first) == .unknown)
    }

    @Test func trusting_again_replaces_the_digest_and_keeps_other_lines() throws {
        let path = folder + "/trusted"
        try "# my notes\n\(first)  /q/.replrc\n\(first)  /p/.replrc\n".write(toFile: path, atomically: true, encoding: .utf8)
        var store = TrustedFiles(path: path)
        try store.trust("/p/.replrc", digest: second)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# my notes\n\(first)  /q/.replrc\n\(second)  /p/.replrc\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
