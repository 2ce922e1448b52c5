import Foundation
import Synchronization

/// `.open --replica URL` on a replica that holds no transaction yet (its primary's
/// Litestream has not replicated a first one, or the URL has a typo): Litestream's VFS waits
/// inside SQLite's open until one arrives, where no interrupt reaches. The prompt froze, deaf
/// to Ctrl-C. So the open runs on a thread of its own while the session's thread waits for
/// it, looking at the stop request (Ctrl-C, SIGTERM) every 50 ms, and after a moment says
/// what it waits for. A stop gives up the wait; the open, left to its thread, closes what
/// it opened when it ends. (`sqlive --replica URL` waits before the session exists:
/// `ReplicaArrival`, in the terminal's launcher.)
///
///     let connection = try ReplicaOpening.open(options, url: url, stop: stopRequest) { note in … }
public enum ReplicaOpening {
    /// How long an open may take before the note: a replica that holds transactions opens
    /// in a tenth of a second.
    public static let noteDelay: TimeInterval = 2
    static let tick: TimeInterval = 0.05

    /// What the wait says after ``noteDelay``, at the prompt and at the start alike.
    public static func waitingNote(for url: String) -> String {
        "waiting for the Litestream replica at \(url) to hold a transaction (Ctrl-C gives up)"
    }

    static func open(_ options: OpenOptions, url: String, stop: StopRequest,
                     note: (String) -> Void) throws(Diagnostic) -> DatabaseConnection {
        let outcome = Mutex<Result<DatabaseConnection, Diagnostic>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = Result { () throws(Diagnostic) in try DatabaseConnection(options) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        let start = Date()
        var noted = false
        while done.wait(timeout: .now() + tick) == .timedOut {
            if stop.reason != nil {
                throw Diagnostic("stopped waiting for the Litestream replica at \(url) to hold a transaction")
            }
            if !noted, Date().timeIntervalSince(start) >= noteDelay {
                noted = true
                note(waitingNote(for: url))
            }
        }
        // Taken out: an abandoned open's connection is dropped, and closed, with the lock.
        guard let result = outcome.withLock({ $0.take() }) else {
            throw Diagnostic("cannot open \(options.displayName): the open ended without a result")
        }
        return try result.get()
    }
}
