import Foundation
import Testing

/// The pager, the import progress bar, the elapsed-time line and `.edit` on a real
/// terminal: the built binary inside tmux, driven with send-keys and read with capture-pane.
@Suite(.serialized) struct DataTerminalTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// sqlive in tmux with a temporary HOME and the given environment.
    private func start(_ environment: [String: String] = [:], height: Int = 24) throws -> Tmux {
        let variables = ["HOME": folder.path, "NO_COLOR": "1"].merging(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Tmux.shellQuoted($0.value))" }
        return try Tmux(command: "env " + assignments.joined(separator: " ") + " " + Tmux.shellQuoted(BinaryRunner.sqlivePath),
                        width: 80, height: height)
    }

    private func rows(_ count: Int) -> String {
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(count)) SELECT 'row ' || x FROM c;"
    }

    @Test func a_tall_result_opens_less_and_quitting_it_returns_to_the_prompt() throws {
        let tmux = try start(["PAGER": "less -FRX"])
        tmux.type(rows(100))
        let paged = try #require(tmux.waitFor { $0.contains("row 1\n") && $0.lastLine.hasPrefix(":") })
        #expect(!paged.contains("row 100"))
        tmux.keys("q")
        tmux.type("SELECT 'after the pager';")
        #expect(tmux.waitFor { $0.hasLine("after the pager") } != nil)
    }

    @Test func the_pager_gets_the_whole_result_and_a_short_result_skips_it() throws {
        let record = path("paged.txt")
        let tmux = try start(["PAGER": "cat > \(record)"])
        tmux.type(rows(5))
        #expect(tmux.waitFor { $0.hasLine("row 5") } != nil)
        #expect(!FileManager.default.fileExists(atPath: record))
        tmux.type(rows(60))
        tmux.type("SELECT 'done';")
        #expect(tmux.waitFor { $0.hasLine("done") } != nil)
        let paged = try String(contentsOfFile: record, encoding: .utf8)
        #expect(paged == (1...60).map { "row \($0)\n" }.joined())
    }

    @Test func a_long_import_shows_a_progress_bar_then_a_summary() throws {
        let csv = path("big.csv")
        var text = "id,name,amount\n"
        for id in 1...600_000 { text += "\(id),name \(id % 977),\(id % 10_000).25\n" }
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
        let tmux = try start()
        tmux.type(".import --csv \(csv) big")
        let progress = try #require(tmux.waitFor(timeout: 120) { $0.contains("rows/s") })
        #expect(progress.contains("importing "))
        #expect(progress.contains("%") && progress.contains("MB") && progress.contains("ETA"))
        let done = try #require(tmux.waitFor(timeout: 300) { $0.contains("imported 600,000 rows into big") })
        #expect(!done.contains("rows/s"), "the bar is erased")
        tmux.type("SELECT count(*), sum(amount) FROM big;")
        #expect(tmux.waitFor { $0.contains("600000|") } != nil)
    }

    @Test func a_slow_query_shows_its_elapsed_time_then_only_its_result() throws {
        let tmux = try start()
        tmux.type("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 6000000) SELECT count(*) FROM c;")
        let ticking = try #require(tmux.waitFor(timeout: 60) { $0.contains("Ctrl-C interrupts") })
        #expect(ticking.contains("running "))
        let done = try #require(tmux.waitFor(timeout: 300) { $0.hasLine("6000000") })
        #expect(!done.contains("running "))
    }

    /// Needs a `vi` (Debian's vim or vim-tiny); the scripted-editor tests run everywhere.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vi")))
    func edit_opens_vi_on_the_last_statement_and_runs_what_was_saved() throws {
        let tmux = try start(["EDITOR": "vi"])
        tmux.type("SELECT 6 * 7;")
        #expect(tmux.waitFor { $0.hasLine("42") } != nil)
        tmux.type(".edit")
        #expect(tmux.waitFor { $0.contains("sqlive-edit-") || $0.contains("~") } != nil)
        tmux.keys("c", "c")
        tmux.literal("SELECT 'edited in vi';")
        tmux.keys("Escape")
        tmux.literal(":wq")
        tmux.keys("Enter")
        #expect(tmux.waitFor { $0.hasLine("edited in vi") } != nil)
    }
}

/// One program in a detached tmux session on a private server, killed when done.
private final class Tmux {
    private let socket = "sqlive-data-\(UUID().uuidString.prefix(8))"
    /// The tmux server and the program in its pane, ended with SIGKILL should kill-server
    /// leave them behind.
    private var processes: [pid_t] = []

    init(command: String, width: Int, height: Int) throws {
        let started = run(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", command])
        guard started.status == 0 else { throw TmuxError(message: "tmux new-session failed with status \(started.status)") }
        processes = run(["display-message", "-p", "-t", "main", "#{pane_pid} #{pid}"]).output
            .split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
    }

    deinit {
        run(["kill-server"])
        for process in processes { kill(process, SIGKILL) }
    }

    /// Types a line and presses Enter.
    func type(_ line: String) {
        literal(line)
        keys("Enter")
    }

    /// Types text as is (a trailing `;` is escaped from tmux's command parser).
    func literal(_ text: String) {
        let escaped = text.hasSuffix(";") ? String(text.dropLast()) + "\\;" : text
        run(["send-keys", "-t", "main", "-l", escaped])
    }

    /// Presses keys by tmux's names (`Enter`, `Escape`, `q`).
    func keys(_ names: String...) {
        run(["send-keys", "-t", "main"] + names)
    }

    /// The visible screen.
    func screen() -> String {
        run(["capture-pane", "-p", "-t", "main"]).output
    }

    /// Polls the screen until `predicate` holds; the screen then, or nil after `timeout`.
    func waitFor(timeout: TimeInterval = 30, _ predicate: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let text = screen()
            if predicate(text) { return text }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a tmux command and waits for it; what it prints goes through a file. Not with
    /// Foundation's Process: tmux's first client forks the server, and the test runner's
    /// threads may block SIGCHLD, so Process may never see the client end. posix_spawn and
    /// waitpid don't depend on signals, and the child starts with no signal blocked (the
    /// server and sqlive inherit that).
    @discardableResult
    private func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let outputPath = NSTemporaryDirectory() + "\(socket)-\(UUID().uuidString).out"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = (["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environ) == 0 else { return (-1, "") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return ((status >> 8) & 0xff, output)
    }
}

private struct TmuxError: Error {
    var message: String
}

extension String {
    /// Whether a line of the screen is exactly `line` (trailing spaces aside).
    fileprivate func hasLine(_ line: String) -> Bool {
        split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == line }
    }

    /// The last line with something on it.
    fileprivate var lastLine: String {
        split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
    }
}
