import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A process running beside the test (a `sqlive` session kept alive, a writer, a process to
/// kill): the test writes to its stdin as it goes, waits for lines on its stdout, and ends it.
///
///     let session = try RunningProcess(BinaryRunner.sqlivePath, [path])
///     let mark = session.outputLength
///     session.send("SELECT 'ready';\n")
///     session.waitForLine("ready", after: mark, timeout: 5)   // true
///     session.closeInput()
///     let status = session.waitForExit()
public final class RunningProcess: Sendable {
    /// Where the process reads its standard input from.
    public enum Input {
        /// A pipe the test writes to with ``send(_:)``.
        case pipe
        /// A file, read to its end.
        case file(String)
    }

    private let process = Process()
    private let stdinPipe: Pipe?
    private let stdout = CapturedStream()
    private let stderr = CapturedStream()
    private let readers = DispatchGroup()

    public init(_ path: String, _ arguments: [String], input: Input = .pipe, directory: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = BinaryRunner.emptyHome
        environment["NO_COLOR"] = "1"
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        switch input {
        case .pipe:
            let pipe = Pipe()
            stdinPipe = pipe
            process.standardInput = pipe
        case .file(let path):
            stdinPipe = nil
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
            process.standardInput = handle
        }
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        for (pipe, stream) in [(outPipe, stdout), (errPipe, stderr)] {
            let handle = pipe.fileHandleForReading
            readers.enter()
            // A thread of its own: a reader blocks until the process ends, and a few of them
            // on GCD's global queue can hold up other work queued there for seconds.
            Thread.detachNewThread { [readers] in
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    stream.append(data)
                }
                readers.leave()
            }
        }
    }

    public var processIdentifier: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Writes text to the process's stdin (a closed pipe is ignored: the process ended).
    public func send(_ text: String) {
        try? stdinPipe?.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Ends the process's input: a script session then finishes and exits.
    public func closeInput() {
        try? stdinPipe?.fileHandleForWriting.close()
    }

    /// How many bytes of stdout arrived so far: a mark to search after.
    public var outputLength: Int { stdout.length }

    /// Waits until `line` appears as a whole line of stdout after byte `mark`.
    /// Returns false after `timeout` seconds.
    @discardableResult
    public func waitForLine(_ line: String, after mark: Int = 0, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stdout.containsLine(line, after: mark) { return true }
            usleep(2_000)
        }
        return stdout.containsLine(line, after: mark)
    }

    /// Waits until stdout holds `text` anywhere. Returns false after `timeout` seconds.
    @discardableResult
    public func waitForText(_ text: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stdout.text.contains(text) { return true }
            usleep(2_000)
        }
        return stdout.text.contains(text)
    }

    /// Waits until stderr holds `text` anywhere; the search resumes where the last one
    /// ended, so a long stream (a statement trace) is not searched again and again.
    /// Returns false after `timeout` seconds.
    @discardableResult
    public func waitForErrorText(_ text: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var searched = 0
        repeat {
            let (found, end) = stderr.contains(text, from: searched)
            if found { return true }
            searched = end
            usleep(2_000)
        } while Date() < deadline
        return stderr.contains(text, from: 0).found
    }

    /// Kills the process at once (`kill -9`): no handler, no clean-up, no flush.
    public func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the process to end and for its output to be read; returns its exit status
    /// (or the signal that ended it).
    @discardableResult
    public func waitForExit() -> Int32 {
        process.waitUntilExit()
        readers.wait()
        return process.terminationStatus
    }

    public var wasKilled: Bool { process.terminationReason == .uncaughtSignal }
    public var output: String { stdout.text }
    public var errorOutput: String { stderr.text }
}

/// The bytes a process wrote to one stream, appended by a reader thread, read by the test.
private final class CapturedStream: Sendable {
    private let bytes = Mutex(Data())

    func append(_ data: Data) {
        bytes.withLock { $0.append(data) }
    }

    var length: Int { bytes.withLock { $0.count } }
    var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Whether `text` is in the bytes from `start` on, and where the next search can start
    /// (far enough back to find a text cut by the end of the bytes so far).
    func contains(_ text: String, from start: Int) -> (found: Bool, end: Int) {
        let needle = Data(text.utf8)
        return bytes.withLock { data in
            let from = data.startIndex + min(start, data.count)
            let found = data[from...].range(of: needle) != nil
            return (found, max(0, data.count - needle.count))
        }
    }

    func containsLine(_ line: String, after mark: Int) -> Bool {
        let needle = Data(("\n" + line + "\n").utf8)
        return bytes.withLock { data in
            // Start one byte early so the newline before the line is seen.
            let start = max(data.startIndex, data.startIndex + mark - 1)
            guard start < data.endIndex else { return false }
            if mark == 0, data.starts(with: needle.dropFirst()) { return true }
            return data[start...].range(of: needle) != nil
        }
    }
}
