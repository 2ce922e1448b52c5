import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `sqlive` running in the background, for tests that send it signals in the
/// middle of its work: standard input stays open until closed, standard output and error
/// go to files that can be read while it runs.
///
///     let process = try SignalledProcess([database], directory: folder.root)
///     try process.write("BEGIN; INSERT INTO t VALUES (1); SELECT 'ready';\n")
///     try process.waitForOutput { $0.contains("ready") }
///     process.send(SIGTERM)
///     #expect(try process.waitForExit() == 143)
///
/// Spawned with no signal blocked and every signal's default action: the test runner's
/// threads block most signals, and a child inheriting that mask would not receive them as a
/// real sqlive does. A process still running at the end is killed (SIGKILL), so a test that
/// fails never leaves one behind.
public final class SignalledProcess {
    public let processID: pid_t
    private let input: FileHandle
    private let outputPath: String
    private let errorPath: String
    private var exitStatus: Int32?
    /// The processor time the process had used when it exited, in seconds (from `wait4`).
    public private(set) var processorSecondsAtExit: Double?
    /// How long a wait may take before the test fails.
    public let timeout: TimeInterval = 15

    public init(_ arguments: [String], directory: String) throws {
        outputPath = directory + "/.stdout-\(UUID().uuidString)"
        errorPath = directory + "/.stderr-\(UUID().uuidString)"
        var inputEnds: [Int32] = [-1, -1]
        guard pipe(&inputEnds) == 0 else { throw SignalledProcessError.spawnFailed }
        _ = fcntl(inputEnds[1], F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputEnds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        ChildSpawn.closeInheritedDescriptors(in: &actions)

        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory
        environment["NO_COLOR"] = "1"
        // The shell moves to the folder and becomes sqlive (same process, same signals):
        // glibc's posix_spawn_file_actions_addchdir_np is not visible from Swift here.
        let path = "/bin/sh"
        let argv = ([path, "-c", "cd \"$0\" && exec \"$@\"", directory, BinaryRunner.sqlivePath] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var processID: pid_t = 0
        let spawned = ChildSpawn.withDefaultSignals { attributes in
            posix_spawn(&processID, path, &actions, &attributes, argv + [nil], envp + [nil])
        }
        close(inputEnds[0])
        guard spawned == 0 else {
            close(inputEnds[1])
            throw SignalledProcessError.spawnFailed
        }
        self.processID = processID
        input = FileHandle(fileDescriptor: inputEnds[1], closeOnDealloc: true)
    }

    deinit {
        if exitStatus == nil {
            kill(processID, SIGKILL)
            var status: Int32 = 0
            waitpid(processID, &status, 0)
        }
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }

    /// Writes to the process's standard input, which stays open.
    public func write(_ text: String) throws {
        try input.write(contentsOf: Data(text.utf8))
    }

    public func send(_ signal: Int32) {
        kill(processID, signal)
    }

    /// The processor time the process has used so far, in seconds, user and system (from
    /// `/proc`). Unlike the clock's time it does not run on while a loaded machine serves
    /// other processes: what it grows by after a signal is the work the process still did.
    public var processorSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(processID)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // After the command's name in parentheses: the state (field 3) … utime (14), stime (15).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }

    public var stdout: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Polls standard output until `condition` holds; fails the test after ``timeout``.
    public func waitForOutput(sourceLocation: SourceLocation = #_sourceLocation, until condition: (String) -> Bool) throws {
        try wait(for: "output", \.stdout, until: condition, sourceLocation: sourceLocation)
    }

    /// Polls standard error until `condition` holds; fails the test after ``timeout``. With
    /// `.trace stderr` on, SQLite writes each statement there as it starts running: the
    /// evidence that a statement is under way before a signal is sent to interrupt it.
    public func waitForErrorOutput(sourceLocation: SourceLocation = #_sourceLocation, until condition: (String) -> Bool) throws {
        try wait(for: "stderr", \.stderr, until: condition, sourceLocation: sourceLocation)
    }

    private func wait(for what: String, _ stream: KeyPath<SignalledProcess, String>, until condition: (String) -> Bool,
                      sourceLocation: SourceLocation) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(self[keyPath: stream]) { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("timed out waiting for \(what); stdout:\n\(stdout)\nstderr:\n\(stderr)", sourceLocation: sourceLocation)
        throw SignalledProcessError.timedOut
    }

    /// Waits for the process to exit and returns its exit status (128 + N when signal N
    /// killed it); kills it and fails the test after ``timeout``.
    @discardableResult
    public func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            var usage = rusage()
            let waited = wait4(processID, &status, WNOHANG, &usage)
            if waited == processID {
                processorSecondsAtExit = Self.seconds(usage.ru_utime) + Self.seconds(usage.ru_stime)
                break
            }
            if Date() >= deadline {
                Issue.record("sqlive did not exit; stdout:\n\(stdout)\nstderr:\n\(stderr)", sourceLocation: sourceLocation)
                kill(processID, SIGKILL)
                waitpid(processID, &status, 0)
                exitStatus = -1
                throw SignalledProcessError.timedOut
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let exited = status & 0x7F == 0
        exitStatus = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return exitStatus ?? -1
    }
}

public enum SignalledProcessError: Error {
    case spawnFailed
    case timedOut
}
