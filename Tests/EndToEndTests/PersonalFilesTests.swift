import Foundation
import Testing
import SQLiveTestSupport

/// The files sqlive keeps for a person (`~/.replrc`, history, the trust store) only where
/// `HOME` really names a folder, and the trust question answered only by keys typed after
/// it is asked.
@Suite(.serialized) final class PersonalFilesTests {
    private let work: TemporaryFolder

    init() throws {
        work = try TemporaryFolder()
        work.write(".replrc", ".print the current folder's replrc ran\n")
    }

    @Test(arguments: ["", ".", "relative/home"])
    func an_unusable_home_runs_no_init_file_and_says_why(home: String) throws {
        let result = try BinaryRunner.sqlive(["-c", "select 1"], environment: ["HOME": home], directory: work.path)
        #expect(result.stdout == "1\n")
        let problem = home.isEmpty ? "is empty" : "is not an absolute path (\(home))"
        #expect(result.stderr == "warning: HOME \(problem): no ~/.replrc, history or trusted init files this time\n")
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == [".replrc"])
    }

    /// `~/.replrc` is found by joining `HOME` and the name as NSString's
    /// `appendingPathComponent` does (one slash added unless `HOME` ends with one), and a
    /// `HOME` that is a symbolic link to a folder is a folder; a file is not.
    @Test(arguments: ["", "/", "//", " link", " file"])
    func the_personal_init_file_is_found_whatever_home_ends_with(ending: String) throws {
        let home = try TemporaryFolder()
        home.write(".replrc", ".print personal ran\nselect nosuch;\n")
        var given = home.path + ending
        if ending == " link" {
            given = work.path + "/home-link"
            try FileManager.default.createSymbolicLink(atPath: given, withDestinationPath: home.path)
        } else if ending == " file" {
            given = home.path + "/.replrc"
        }
        let result = try BinaryRunner.sqlive(["-c", "select 1"], environment: ["HOME": given], directory: work.path)
        if ending == " file" {
            #expect(result == ProcessResult(
                stdout: "1\n",
                stderr: "warning: HOME (\(given)) is not a folder: no ~/.replrc, history or trusted init files this time\n",
                status: 0))
            return
        }
        let initFile = given.hasSuffix("/") ? given + ".replrc" : given + "/.replrc"
        #expect(result == ProcessResult(
            stdout: "personal ran\n1\n",
            stderr: "error: \(initFile):2: no such column: nosuch\n  select nosuch;\n         ^\n",
            status: 0))
    }

    @Test func no_warning_when_no_personal_file_would_be_used() throws {
        let result = try BinaryRunner.sqlive(["--no-init", "-c", "select 1"], environment: ["HOME": ""], directory: work.path)
        #expect(result == ProcessResult(stdout: "1\n", stderr: "", status: 0))
    }

    /// At the prompt with `HOME=.`, the history would have been written to the current
    /// folder and its `.replrc` run as the personal one.
    @Test(.enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
    func at_the_prompt_an_unusable_home_writes_no_history_here() throws {
        let terminal = try TmuxTerminal(
            command: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", work.path, BinaryRunner.sqlivePath, "--quiet", "--mode", "list"],
            environment: ["HOME": ".", "LANG": "C.UTF-8", "NO_COLOR": "1"], timeout: 15)
        defer { terminal.close() }
        try terminal.waitForScreen("the warning and the prompt") {
            $0 == "warning: HOME is not an absolute path (.): no ~/.replrc, history or trusted init files this time\nsqlive>"
        }
        try terminal.type("select 'typed';")
        try terminal.press("Enter")
        try terminal.waitForScreen("the result") { $0.hasSuffix("typed\nsqlive>") }
        try terminal.press("C-d")
        try terminal.waitForExit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == [".replrc"])
    }

    /// Keys typed while sqlive starts (here, during a slow personal init file) are dropped
    /// when the question comes: before, a typed-ahead `a` and Enter trusted the file.
    @Test(.enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
    func keys_typed_before_the_trust_question_do_not_answer_it() throws {
        let home = try TemporaryFolder()
        home.write(".replrc", ".print slow start\nWITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c LIMIT 3000000) SELECT 'personal done' FROM c WHERE i = 3000000;\n")
        let terminal = try TmuxTerminal(
            command: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", work.path, BinaryRunner.sqlivePath, "--quiet", "--mode", "list"],
            environment: ["HOME": home.path, "LANG": "C.UTF-8", "NO_COLOR": "1"], timeout: 15)
        defer { terminal.close() }
        try terminal.waitForScreen("the personal init file started") { $0.hasPrefix("slow start") }
        try terminal.type("a")
        try terminal.press("Enter")
        let question = "Run ./.replrc? It has not been trusted before. [y]es / [n]o / [a]lways"
        let screen = try terminal.waitForScreen("the question") { $0.hasSuffix(question) }
        #expect(screen.hasPrefix("slow start\n"), "\(screen)")
        #expect(screen.contains("personal done"), "the keys came after the question: \(screen)")
        try terminal.type("n")
        try terminal.press("Enter")
        try terminal.waitForScreen("the prompt, the file not run") { $0.hasSuffix(question + " n\nsqlive>") }
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.sqlive_trusted"))
    }
}
