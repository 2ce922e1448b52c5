import Foundation

/// Runs the built `sqlive` binary (and `sqlite3`, the oracle) as a user would, capturing
/// stdout, stderr and the exit status.
public struct ProcessResult: Equatable, Sendable, CustomStringConvertible {
    public var stdout: String
    public var stderr: String
    public var status: Int32
    /// Standard output exactly as written, for byte-for-byte comparisons. `==` compares the
    /// text and status only, so an expected result can leave this out.
    public var stdoutBytes = Data()

    public static func == (left: ProcessResult, right: ProcessResult) -> Bool {
        (left.stdout, left.stderr, left.status) == (right.stdout, right.stderr, right.status)
    }

    public var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }

    public init(stdout: String, stderr: String, status: Int32, stdoutBytes: Data = Data()) {
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.stdoutBytes = stdoutBytes
    }
}

public enum BinaryRunner {
    /// The `sqlive` built next to the test bundle (`swift build` puts both in one folder).
    public static var sqlivePath: String {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // The runner may be inside a .xctest bundle folder.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("sqlive").path),
              folder.pathComponents.count > 1 {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("sqlive").path
    }

    /// Runs sqlive with arguments, feeding `input` on stdin.
    public static func sqlive(_ arguments: [String], input: String = "", environment: [String: String] = [:],
                       directory: String? = nil) throws -> ProcessResult {
        try run(sqlivePath, arguments, input: Data(input.utf8), environment: environment, directory: directory)
    }

    /// Runs the sqlite3 shell, the oracle for output compatibility.
    public static func sqlite3(_ arguments: [String], input: String = "") throws -> ProcessResult {
        try run("/usr/bin/sqlite3", arguments, input: Data(input.utf8))
    }

    /// A child that exits before reading all its input (`-bail`, `.quit`) closes the pipe:
    /// the write must fail with EPIPE, not kill the test process with SIGPIPE.
    private static let ignoresBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    public static func run(_ path: String, _ arguments: [String], input: Data, environment: [String: String] = [:],
                    directory: String? = nil) throws -> ProcessResult {
        _ = ignoresBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // Keep the user's own init file and history out of tests, and any stray `.replrc`
        // of a shared folder such as /tmp: an empty folder of this test process.
        env["HOME"] = BinaryRunner.emptyHome
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes while writing, so a large output can't block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = stdout.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = stderr.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self),
                             status: process.terminationStatus,
                             stdoutBytes: outData)
    }
}

extension BinaryRunner {
    /// The HOME of every run that names none: an empty folder made once per test process
    /// and removed when it exits.
    public static var emptyHome: String { emptyHomeFolder }
}

private let emptyHomeFolder: String = {
    let path = emptyHomePath()
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: emptyHomePath()) }
    return path
}()

private func emptyHomePath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-tests-home-\(getpid())").path
}
