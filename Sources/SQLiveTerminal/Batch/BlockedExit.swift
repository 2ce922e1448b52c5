import Dispatch
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// The way out when a terminating signal finds the main thread blocked on another process
/// (``BlockingIO``): writing to a pipe nobody reads, reading a FIFO or a program that sends
/// nothing, waiting for a program to end. The main thread would never reach
/// ``Termination``, so the signal watcher's queue ends the process itself, once it has seen
/// the same call still waiting at two looks a tenth of a second apart (a write to a
/// terminal that is merely slow finishes in between, and the normal way out is taken).
///
///     sqlive: terminated (SIGTERM) while waiting on a pipe, a file or a program; SQLite rolls back an open transaction when the database is next opened
enum BlockedExit {
    static let interval: DispatchTimeInterval = .milliseconds(100)

    /// Starts looking, on `queue`, after a terminating signal.
    static func watch(signal: Int32, on queue: DispatchQueue, lastSeen: Int? = nil) {
        queue.asyncAfter(deadline: .now() + interval) {
            let call = BlockingIO.waitingCall
            guard let call, call == lastSeen else {
                watch(signal: signal, on: queue, lastSeen: call)
                return
            }
            let line = "sqlive: \(Termination.event(for: signal)) while waiting on a pipe, a file or a program; "
                + "SQLite rolls back an open transaction when the database is next opened\n"
            _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
            _exit(128 + signal)
        }
    }
}
