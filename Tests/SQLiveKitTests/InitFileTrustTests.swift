import Foundation
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// What decides whether a project's `.replrc` runs without a question: the trust store must
/// not be forged by a folder's name, believed when others could write it, or lend a file's
/// trust to a symbolic link planted elsewhere.
@Suite struct InitFileTrustTests {
    let directory: TemporaryFolder
    /// The temporary folder, symbolic links resolved (as the trust store records folders).
    let root: String
    var home: String { root + "/home" }
    var store: String { home + "/.sqlive_trusted" }

    init() throws {
        directory = try TemporaryFolder()
        root = directory.url.resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    private func folder(_ name: String, replrc: String?) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if let replrc { try Data(replrc.utf8).write(to: URL(fileURLWithPath: path + "/.replrc")) }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Runs the project file's check, answering `answer` if asked; returns whether it was asked.
    private func asked(_ folder: String, answer: ProjectInitFile.Answer = .no, warnings: inout [String]) throws -> Bool {
        let project = try #require(ProjectInitFile(folder: folder, home: home))
        var wasAsked = false
        var warned: [String] = []
        _ = project.contentIfTrusted(ask: { _ in wasAsked = true; return answer }, warn: { warned.append($0) })
        warnings += warned
        return wasAsked
    }

    @Test func a_folder_name_with_a_newline_cannot_forge_an_entry() throws {
        let victimText = ".print victim ran\n"
        let victim = try folder("victim", replrc: victimText)
        let forged = "x\n\(SHA256.hex(of: Array(victimText.utf8)))  \(victim)/.replrc"
        let evil = try folder(forged, replrc: ".print evil\n")
        var warnings: [String] = []
        #expect(try asked(evil, answer: .always, warnings: &warnings))
        #expect(try asked(victim, warnings: &warnings), "the victim's file ran without a question")
        let text = try String(contentsOfFile: store, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.hasPrefix("\\"))
        #expect(warnings == [])
    }

    @Test func escaped_entries_read_back_and_satisfy_sha256sum() throws {
        let odd = try folder("back\\slash\nnew line", replrc: "select 1;\n")
        var warnings: [String] = []
        #expect(try asked(odd, answer: .always, warnings: &warnings))
        #expect(try !asked(odd, warnings: &warnings))
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        check.arguments = ["--check", "--status", store]
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
    }

    @Test func a_store_others_can_write_is_not_believed() throws {
        let project = try folder("project", replrc: "select 1;\n")
        var warnings: [String] = []
        #expect(try asked(project, answer: .always, warnings: &warnings))
        #expect(chmod(store, 0o666) == 0)
        #expect(try asked(project, answer: .always, warnings: &warnings))
        #expect(warnings == [
            "\(store) can be written by others (chmod 600 it): it is not used to trust init files",
            "\(store) can be written by others (chmod 600 it): it is not used to trust init files; ./.replrc runs this time only",
        ])
    }

    @Test func a_store_that_is_a_symbolic_link_is_not_believed() throws {
        let project = try folder("project", replrc: "select 1;\n")
        let elsewhere = root + "/elsewhere"
        let digest = SHA256.hex(of: Array("select 1;\n".utf8))
        try Data("\(digest)  \(project)/.replrc\n".utf8).write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.createSymbolicLink(atPath: store, withDestinationPath: elsewhere)
        var warnings: [String] = []
        #expect(try asked(project, warnings: &warnings))
        #expect(warnings == ["\(store) is not a regular file: it is not used to trust init files"])
    }

    @Test func a_symbolic_link_to_a_trusted_file_is_asked_about() throws {
        let trustedFolder = try folder("trusted", replrc: ".print mine\n")
        let shared = try folder("shared", replrc: nil)
        try FileManager.default.createSymbolicLink(atPath: shared + "/.replrc", withDestinationPath: trustedFolder + "/.replrc")
        var warnings: [String] = []
        #expect(try asked(trustedFolder, answer: .always, warnings: &warnings))
        #expect(try !asked(trustedFolder, warnings: &warnings))
        #expect(try asked(shared, warnings: &warnings), "the link inherited its target's trust")
        let link = try #require(ProjectInitFile(folder: shared, home: home))
        #expect(link.path == shared + "/.replrc")
        #expect(link.resolvedPath == trustedFolder + "/.replrc")
    }

    @Test func an_unusable_home_means_no_personal_files() {
        #expect(HomeFolder(environment: ["HOME": ""]) .path == nil)
        #expect(HomeFolder(environment: ["HOME": ""]).problem == "HOME is empty: no ~/.replrc, history or trusted init files this time")
        #expect(HomeFolder(environment: ["HOME": "."]).problem == "HOME is not an absolute path (.): no ~/.replrc, history or trusted init files this time")
        #expect(HomeFolder(environment: ["HOME": "/no/such/folder"]).problem == "HOME (/no/such/folder) is not a folder: no ~/.replrc, history or trusted init files this time")
        #expect(HomeFolder(environment: ["HOME": root]) .path == root)
    }
}
