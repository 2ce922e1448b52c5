import Dispatch
import Synchronization
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Opening a Litestream replica that holds no transaction yet — its primary's Litestream
/// has not replicated a first one, or the URL has a typo — waits inside Litestream's VFS,
/// in SQLite's open, until one arrives: no statement runs that an interrupt could stop.
///
/// The open happens before the session's signals are watched, and the extension's Go
/// runtime had taken SIGINT when it loaded: Ctrl-C did nothing, and nothing said why
/// sqlive sat there. While the open lasts, a terminating signal ends the process here (no
/// connection is open, no transaction to roll back): Ctrl-C with status 0 under `--follow`,
/// as it ends following and the wait for a file, else 128 + the signal. After a moment a
/// note says what is awaited:
///
///     sqlive: waiting for the Litestream replica at file:///srv/backups/app to hold a transaction (Ctrl-C gives up)
///     ^C
///     sqlive: interrupted (SIGINT) while waiting for the Litestream replica
enum ReplicaArrival {
    static func waiting<T>(for url: String, follows: Bool, _ open: () throws(Diagnostic) -> T) throws(Diagnostic) -> T {
        let opened = Atomic<Bool>(false)
        let note = DispatchWorkItem {
            guard !opened.load(ordering: .sequentiallyConsistent) else { return }
            write("sqlive: \(ReplicaOpening.waitingNote(for: url))\n")
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + ReplicaOpening.noteDelay, execute: note)
        let pipe = try? SignalPipe.start(handling: [SIGINT, SIGTERM, SIGHUP, SIGQUIT]) { signal in
            write("sqlive: \(Termination.event(for: signal)) while waiting for the Litestream replica\n")
            _exit(signal == SIGINT && follows ? 0 : 128 + signal)
        }
        defer {
            opened.store(true, ordering: .sequentiallyConsistent)
            note.cancel()
            // The session's watcher takes the signals over next.
            pipe?.stop()
        }
        return try open()
    }

    private static func write(_ line: String) {
        _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    }
}
