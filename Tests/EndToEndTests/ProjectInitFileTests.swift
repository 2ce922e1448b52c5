import Foundation
import Testing
import SQLiveTestSupport

/// A `.replrc` in the current folder runs only with consent at the prompt: asked once,
/// "always" remembered with the file's SHA-256 in `~/.sqlive_trusted`, asked again when the
/// file changes; never in batch mode or with `--safe`.
@Suite(.serialized, .enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
final class ProjectInitFileTests {
    private let home: TemporaryFolder
    private let project: TemporaryFolder

    init() throws {
        home = try TemporaryFolder()
        project = try TemporaryFolder()
    }

    /// sqlive started in the project folder, in list mode.
    private func startSQLive(_ options: [String] = []) throws -> TmuxTerminal {
        try TmuxTerminal(
            command: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", project.path, BinaryRunner.sqlivePath, "--quiet", "--mode", "list"] + options,
            environment: ["HOME": home.path, "LANG": "C.UTF-8", "NO_COLOR": "1"], timeout: 15)
    }

    private static let question = "Run ./.replrc? It has not been trusted before. [y]es / [n]o / [a]lways"

    @Test func always_trusts_the_file_until_it_changes() throws {
        project.write(".replrc", "SELECT 'project init ran';\n")
        let first = try startSQLive()
        defer { first.close() }
        try first.waitForScreen("the question") { $0 == Self.question }
        try first.type("a")
        try first.press("Enter")
        try first.waitForScreen("the init file's output") { $0 == Self.question + " a\nproject init ran\nsqlive>" }
        first.close()

        let trusted = home.path + "/.sqlive_trusted"
        let path = URL(fileURLWithPath: project.path + "/.replrc").resolvingSymlinksInPath().path
        let digest = SHA256Hex.of("SELECT 'project init ran';\n")
        #expect(try String(contentsOfFile: trusted, encoding: .utf8) == "\(digest)  \(path)\n")
        let mode = try FileManager.default.attributesOfItem(atPath: trusted)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let second = try startSQLive()
        defer { second.close() }
        try second.waitForScreen("the trusted file run without a question") { $0 == "project init ran\nsqlive>" }
        second.close()

        project.write(".replrc", "SELECT 'changed file ran';\n")
        let third = try startSQLive()
        defer { third.close() }
        let changed = "Run ./.replrc? It has changed since you trusted it. [y]es / [n]o / [a]lways"
        try third.waitForScreen("the question again") { $0 == changed }
        try third.type("n")
        try third.press("Enter")
        try third.waitForScreen("the prompt, the file not run") { $0 == changed + " n\nsqlive>" }
    }

    @Test func yes_runs_the_file_once_without_trusting_it() throws {
        project.write(".replrc", "SELECT 'project init ran';\n")
        let terminal = try startSQLive()
        defer { terminal.close() }
        try terminal.waitForScreen("the question") { $0 == Self.question }
        try terminal.type("y")
        try terminal.press("Enter")
        try terminal.waitForScreen("the init file's output") { $0.hasSuffix("project init ran\nsqlive>") }
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.sqlive_trusted"))
    }

    @Test func safe_mode_never_asks_nor_runs_it() throws {
        project.write(".replrc", "SELECT 'project init ran';\n")
        let terminal = try startSQLive(["--safe"])
        defer { terminal.close() }
        try terminal.waitForScreen("the prompt") { $0 == "sqlive>" }
    }

    /// Nobody could answer: the file is not run and nothing is said, so a script's output
    /// doesn't depend on the folder it runs in.
    @Test func batch_mode_never_runs_it() throws {
        project.write(".replrc", "SELECT 'project init ran';\n")
        let result = try BinaryRunner.sqlive([], input: "SELECT 1;\n", environment: ["HOME": home.path], directory: project.path)
        #expect(result == ProcessResult(stdout: "1\n", stderr: "", status: 0))
    }
}

/// `sha256sum` of a text, from the system tool: the test does not check sqlive's SHA-256
/// with itself.
enum SHA256Hex {
    static func of(_ text: String) -> String {
        let result = try? BinaryRunner.run("/usr/bin/sha256sum", [], input: Data(text.utf8))
        return String(result?.stdout.prefix(64) ?? "")
    }
}
