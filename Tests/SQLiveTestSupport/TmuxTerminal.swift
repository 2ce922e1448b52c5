import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A real terminal for end-to-end tests: a tmux session (on a tmux server of its own, so
/// tests never touch another's) running a command, driven by keystrokes and read back as
/// the text on screen.
///
///     let terminal = try TmuxTerminal(command: [BinaryRunner.sqlivePath, "--no-init"])
///     defer { terminal.close() }
///     try terminal.waitForScreen { $0.contains("sqlive>") }
///     try terminal.type("SELECT 1;")
///     try terminal.press("Enter")
///     let screen = try terminal.waitForScreen { $0.hasSuffix("1\nsqlive>") }
public final class TmuxTerminal {
    /// True when a `tmux` executable is on the PATH (terminal tests are skipped otherwise).
    public static let isAvailable = path != nil

    private static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    private let socket = "sqlive-test-\(UUID().uuidString)"
    /// How long a wait may take before the test fails: generous, for a loaded machine.
    public let timeout: TimeInterval

    /// Starts `command` in a new terminal of the given size, with extra environment variables.
    public init(command: [String], environment: [String: String] = [:], width: Int = 120, height: Int = 40,
         timeout: TimeInterval = 30) throws {
        self.timeout = timeout
        let variables = environment.sorted { $0.key < $1.key }.map { Self.shellQuoted("\($0.key)=\($0.value)") }
        let line = (["exec", "env"] + variables + command.map(Self.shellQuoted)).joined(separator: " ")
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", line])
    }

    deinit { close() }

    /// Types text as it is (tmux would read a final `;` as its own separator: it is escaped).
    public func type(_ text: String) throws {
        let escaped = text.hasSuffix(";") ? String(text.dropLast()) + "\\;" : text
        try tmux(["send-keys", "-t", "main", "-l", escaped])
    }

    /// Presses keys by tmux's names: `Enter`, `Tab`, `Up`, `C-c`, `C-d`.
    public func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Pastes text as a terminal does (`paste-buffer -p`): all at once, and between the
    /// bracketed-paste markers when the program asked for them (`ESC [?2004h`).
    public func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "paste", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "paste", "-t", "main"])
    }

    /// Changes the terminal's size, as a user resizing the window does (SIGWINCH).
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen, lines without trailing spaces, empty lines at the bottom removed.
    public func screen() throws -> String {
        var lines = try tmux(["capture-pane", "-p", "-t", "main"], capturingOutput: true).split(separator: "\n", omittingEmptySubsequences: false)
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The scrollback and the visible screen, oldest line first (`capture-pane -S -N`):
    /// what the user can scroll back to.
    public func scrollback(lines: Int = 500) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main", "-S", "-\(lines)"], capturingOutput: true)
    }

    /// The row of the cursor, from 0 at the top: tells apart screens whose text is the same,
    /// such as a line typed and the same line after Enter.
    public func cursorRow() throws -> Int? {
        Int(try tmux(["display-message", "-p", "-t", "main", "#{cursor_y}"], capturingOutput: true)
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Copies everything the command writes from now on, escape sequences included, to the
    /// end of a file (`pipe-pane`): proof of what was drawn, however briefly.
    public func record(to path: String) throws {
        try tmux(["pipe-pane", "-t", "main", "-o", "cat >> " + Self.shellQuoted(path)])
    }

    /// The column of the cursor, from 0 at the left.
    public func cursorColumn() throws -> Int? {
        Int(try tmux(["display-message", "-p", "-t", "main", "#{cursor_x}"], capturingOutput: true)
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The rows that scroll (DECSTBM), from 0 at the top: the whole screen unless a program
    /// set a scroll region.
    public func scrollRegion() throws -> ClosedRange<Int>? {
        let bounds = try tmux(["display-message", "-p", "-t", "main", "#{scroll_region_upper} #{scroll_region_lower}"],
                              capturingOutput: true)
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard bounds.count == 2, bounds[0] <= bounds[1] else { return nil }
        return bounds[0]...bounds[1]
    }

    /// True while the command still runs (its tmux session ends with it).
    public var isRunning: Bool {
        (try? tmux(["has-session", "-t", "main"])) != nil
    }

    /// Polls the screen until `condition` holds; fails the test with the last screen after
    /// ``timeout``.
    @discardableResult
    public func waitForScreen(_ what: String = "the expected screen", sourceLocation: SourceLocation = #_sourceLocation,
                       until condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = (try? screen()) ?? ""
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("timed out waiting for \(what); the screen was:\n\(last)", sourceLocation: sourceLocation)
        throw TmuxError.timedOut
    }

    /// Waits until the command has exited.
    public func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() >= deadline {
                Issue.record("timed out waiting for the command to exit", sourceLocation: sourceLocation)
                throw TmuxError.timedOut
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Ends the command and the tmux server. Both are also sent SIGKILL: they may have
    /// inherited signals blocked by the test runner's thread, and then outlive kill-server.
    public func close() {
        let processes = ((try? tmux(["display-message", "-p", "-t", "main", "#{pane_pid} #{pid}"], capturingOutput: true)) ?? "")
            .split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
        _ = try? tmux(["kill-server"])
        for process in processes { kill(process, SIGKILL) }
    }

    /// Runs a tmux client command; its output when `capturingOutput`.
    ///
    /// Spawned with every descriptor above 2 closed: the first command starts the tmux
    /// server, which would otherwise keep what it inherited open for its whole life, such as
    /// the socket Foundation's `Process` watches to learn that a child exited (waiting for
    /// the client then never ends) or another test's output pipe. Spawned with no signal
    /// blocked and every signal's default action too: the test runner's threads block most
    /// signals, and a server inheriting that mask never received the SIGTERM of
    /// `kill-server` (every test left its server and sqlive running), and ran sqlive with
    /// SIGINT blocked, unlike a real terminal.
    @discardableResult
    private func tmux(_ arguments: [String], capturingOutput: Bool = false) throws -> String {
        guard let path = Self.path else { throw TmuxError.notInstalled }
        var outputEnds: [Int32] = [-1, -1]
        if capturingOutput {
            guard pipe(&outputEnds) == 0 else { throw TmuxError.failed("pipe") }
            outputEnds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturingOutput {
            posix_spawn_file_actions_adddup2(&actions, outputEnds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        ChildSpawn.closeInheritedDescriptors(in: &actions)

        let argv = ([path, "-L", socket] + arguments).map { strdup($0) }
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + environment).forEach { free($0) } }
        var processID: pid_t = 0
        let spawned = ChildSpawn.withDefaultSignals { attributes in
            posix_spawn(&processID, path, &actions, &attributes, argv + [nil], environment + [nil])
        }
        if capturingOutput { Glibc.close(outputEnds[1]) }
        guard spawned == 0 else {
            if capturingOutput { Glibc.close(outputEnds[0]) }
            throw TmuxError.failed(arguments.first ?? "")
        }

        var output: [UInt8] = []
        if capturingOutput {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(outputEnds[0], &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                output += buffer[..<count]
            }
            Glibc.close(outputEnds[0])
        }
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw TmuxError.failed(arguments.first ?? "") }
        return String(decoding: output, as: UTF8.self)
    }

    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

public enum TmuxError: Error {
    case notInstalled
    case failed(String)
    case timedOut
}
