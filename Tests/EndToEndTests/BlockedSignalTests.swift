import Foundation
import Testing
import SQLiveTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A terminating signal ends sqlive within a second wherever it is blocked: writing to a pipe
/// nobody reads, opening or reading a FIFO that sends nothing, importing from a program or
/// from standard input, or matching a regexp over a large text.
///
/// A signal is sent only once the process is seen blocked: its main thread is inside the
/// system call the case is about (`/proc/PID/syscall`), or SQLite traced the statement.
@Suite struct BlockedSignalTests {
    /// Linux x86-64 system call numbers the main thread blocks in.
    enum Call: Int {
        case read = 0, write = 1, openat = 257, clockNanosleep = 230
    }

    /// The system call the process's main thread is in now, if it is blocked in one.
    static func blockedCall(of process: SignalledProcess) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(process.processID)/syscall", encoding: .utf8),
              let first = text.split(separator: " ").first else { return nil }
        return Int(first)
    }

    /// Waits until the main thread is blocked in `call` (or one of `alsoIn`), sends `signal`,
    /// and returns how long sqlive took to exit and its status.
    static func signalWhenBlocked(_ process: SignalledProcess, in call: Call, alsoIn others: [Call] = [], signal: Int32 = SIGTERM,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws -> (seconds: Double, status: Int32) {
        let deadline = Date().addingTimeInterval(process.timeout)
        let calls = Set(([call] + others).map(\.rawValue))
        while !calls.contains(blockedCall(of: process) ?? -1) {
            guard Date() < deadline else {
                Issue.record("never blocked in \(call); stderr:\n\(process.stderr)", sourceLocation: sourceLocation)
                throw SignalledProcessError.timedOut
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let start = Date()
        process.send(signal)
        let status = try process.waitForExit(sourceLocation: sourceLocation)
        return (Date().timeIntervalSince(start), status)
    }

    static let closing = "sqlive: terminated (SIGTERM) while waiting on a pipe, a file or a program; "
        + "SQLite rolls back an open transaction when the database is next opened\n"

    /// A script that blocks in `call`, and the signal that must end it.
    struct Blocked: CustomTestStringConvertible, Sendable {
        let name: String
        let script: String
        let call: Call
        var signal: Int32 = SIGTERM
        var testDescription: String { name }
    }

    static let blockedScripts = [
        Blocked(name: "a write to a program that never reads", script: ".output |sleep 60\nselect hex(randomblob(1000000));\n", call: .write),
        Blocked(name: "SIGINT in batch mode during a blocked write", script: ".once |sleep 60\nselect hex(randomblob(1000000));\n",
                call: .write, signal: SIGINT),
        Blocked(name: "an import from a program that sends nothing", script: "create table t(a);\n.import '|sleep 60' t\n", call: .read),
        Blocked(name: "an import from standard input", script: "create table t(a);\n.import /dev/stdin t\n", call: .read),
    ]

    @Test(arguments: blockedScripts)
    func a_terminating_signal_ends_a_blocked_call(_ blocked: Blocked) throws {
        let folder = try TemporaryFolder()
        let process = try SignalledProcess([":memory:"], directory: folder.path)
        try process.write(blocked.script)
        let (seconds, status) = try Self.signalWhenBlocked(process, in: blocked.call, signal: blocked.signal)
        #expect(status == 128 + blocked.signal)
        #expect(seconds < 1, "\(seconds) s")
        #expect(process.stderr == (blocked.signal == SIGTERM ? Self.closing : Self.closing.replacingOccurrences(of: "terminated (SIGTERM)", with: "interrupted (SIGINT)")))
    }

    @Test func sigterm_ends_the_wait_for_a_fifo_writer_that_never_comes() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path + "/script.fifo", 0o600) == 0)
        let process = try SignalledProcess([":memory:"], directory: folder.path)
        try process.write(".read script.fifo\n")
        let (seconds, status) = try Self.signalWhenBlocked(process, in: .openat)
        #expect(status == 143)
        #expect(seconds < 1, "\(seconds) s")
        #expect(process.stderr == Self.closing)
    }

    /// An output file may be a FIFO, but waiting for its reader must end at a stop: `open()`
    /// for writing waited for ever, deaf to signals. The signal is sent once the main thread
    /// is in `openat`, or sleeping between two tries (it opens without blocking now).
    @Test(arguments: [".output out.fifo", ".once out.fifo", ".export out.fifo select 1", ".trace out.fifo", ".log out.fifo"])
    func sigterm_ends_the_wait_for_the_reader_of_an_output_fifo(_ command: String) throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path + "/out.fifo", 0o600) == 0)
        let process = try SignalledProcess([":memory:"], directory: folder.path)
        try process.write(command + "\nselect 1;\n")
        let (seconds, status) = try Self.signalWhenBlocked(process, in: .openat, alsoIn: [.clockNanosleep])
        #expect(status == 143)
        #expect(seconds < 1, "\(seconds) s")
    }

    /// Writing into a FIFO a reader opens (after sqlive began to wait) still works, and so do
    /// `/dev/null`, `/dev/stdout` and `/dev/stderr` (pipes here: opened again, a file
    /// standing for standard output would be emptied).
    @Test func output_fifos_with_a_reader_and_the_standard_devices_still_get_the_results() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path + "/out.fifo", 0o600) == 0)
        let process = try SignalledProcess([":memory:"], directory: folder.path)
        try process.write(".once out.fifo\nselect 42;\n.export /dev/null select 'none'\n.quit\n")
        let reader = try BinaryRunner.run("/usr/bin/timeout", ["-k", "1", "10", "cat", "out.fifo"], input: Data(), directory: folder.path)
        #expect(reader.stdout == "42\n")
        #expect(try process.waitForExit() == 0)
        #expect(process.stdout + process.stderr == "")
        let devices = try BinaryRunner.sqlive([":memory:"], input: """
            .once /dev/stdout
            select 'out';
            .output /dev/stderr
            select 'err';
            .output stdout
            select 'back';

            """)
        #expect(devices == ProcessResult(stdout: "out\nback\n", stderr: "err\n", status: 0))
    }

    @Test func sigterm_ends_a_read_of_a_fifo_whose_writer_sends_nothing() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/script.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The test holds the FIFO open for writing, and writes nothing.
        let writer = open(fifo, O_RDWR | O_CLOEXEC)
        defer { close(writer) }
        let process = try SignalledProcess([":memory:"], directory: folder.path)
        try process.write(".read script.fifo\n")
        let (seconds, status) = try Self.signalWhenBlocked(process, in: .read)
        #expect(status == 143)
        #expect(seconds < 1, "\(seconds) s")
    }

    /// Long work inside an SQL function: SIGTERM once SQLite traced the statement.
    @Test(arguments: [
        "select regexp('a{40000}', (select group_concat('a','') from generate_series(1,200000)));",
        "select length(decimal_mul(printf('%.*c', 200000, '9'), printf('%.*c', 200000, '9')));",
    ])
    func sigterm_interrupts_a_long_function(_ statement: String) throws {
        let folder = try TemporaryFolder()
        let process = try SignalledProcess([":memory:"], directory: folder.path)
        try process.write(".trace stderr\n\(statement)\n")
        try process.waitForErrorOutput { $0.contains(statement) }
        let working = process.processorSeconds
        process.send(SIGTERM)
        #expect(try process.waitForExit() == 143)
        // The processor time it used after the signal, not the clock's: on a loaded machine
        // the clock runs on while other processes work. The function alone would use minutes.
        let afterSignal = (process.processorSecondsAtExit ?? .infinity) - working
        #expect(afterSignal < 1, "\(afterSignal) s of processor time after SIGTERM")
        #expect(process.stderr.hasSuffix("sqlive: terminated (SIGTERM); interrupted the statement at stdin:2\n"), "\(process.stderr)")
    }
}
