import Foundation

/// Runs the built `sqlive` binary (and `sqlite3`, the oracle) as a user would, capturing
/// stdout, stderr and the exit status.
struct ProcessResult: Equatable, CustomStringConvertible {
    var stdout: String
    var stderr: String
    var status: Int32
    /// Standard output exactly as written, for byte-for-byte comparisons. `==` compares the
    /// text and status only, so an expected result can leave this out.
    var stdoutBytes = Data()

    static func == (left: ProcessResult, right: ProcessResult) -> Bool {
        (left.stdout, left.stderr, left.status) == (right.stdout, right.stderr, right.status)
    }

    var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

enum BinaryRunner {
    /// The `sqlive` built next to the test bundle (`swift build` puts both in one folder).
    static var sqlivePath: String {
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
    static func sqlive(_ arguments: [String], input: String = "", environment: [String: String] = [:],
                       directory: String? = nil) throws -> ProcessResult {
        try run(sqlivePath, arguments, input: Data(input.utf8), environment: environment, directory: directory)
    }

    /// Runs the sqlite3 shell, the oracle for output compatibility.
    static func sqlite3(_ arguments: [String], input: String = "") throws -> ProcessResult {
        try run("/usr/bin/sqlite3", arguments, input: Data(input.utf8))
    }

    static func run(_ path: String, _ arguments: [String], input: Data, environment: [String: String] = [:],
                    directory: String? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // Keep the user's own init file and history out of tests.
        env["HOME"] = FileManager.default.temporaryDirectory.path
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
