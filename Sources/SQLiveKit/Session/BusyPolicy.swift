import Foundation
import GRDB
import Synchronization

/// What the session's connection does when SQLite finds the database locked: wait up to the
/// busy timeout (`.timeout`) for another process, but never for a pane.
///
/// The panes read on a connection of their own. Where a reader blocks a writer — a rollback
/// journal, whose COMMIT needs every reader gone, and the shared in-memory database — the
/// writer is the user: at the first busy callback the policy asks the panes to yield
/// (``yieldToWriter``, which interrupts their read), and the user's statement goes on a
/// millisecond later. The interrupted refresh runs again after the commit.
///
/// A wait ends when the session is asked to stop (Ctrl-C, a terminating signal: its
/// ``stopRequest``) or the connection is interrupted (``interrupt()``): SQLite's
/// `sqlite3_interrupt` does not reach a busy handler, so a statement (or an open, an ATTACH)
/// waiting for a lock another process held went on waiting for the whole `.timeout`, past
/// SIGTERM and Ctrl-C. The statement then fails as SQLite fails it (`SQLITE_BUSY`), and
/// ``takeAbandonedForStop()`` tells that it was the stop.
///
///     let policy = BusyPolicy(timeout: 5)
///     configuration.busyMode = .callback(policy.callback)
///     policy.yieldToWriter = { scheduler.interruptReads() }
///
/// ## Thread safety
/// The callback runs on the connection's queue, inside SQLite; the settings are set from the
/// front-end thread. Everything mutable is behind one `Mutex`, never held while sleeping.
final class BusyPolicy: Sendable {
    private struct State {
        var timeout: TimeInterval
        var waitStart: DispatchTime?
        var yieldToWriter: (@Sendable () -> Bool)?
        /// A check that must not wait (the external-change probe): busy fails at once.
        var failsAtOnce = false
        /// The session's stop request: a wait ends once a stop is asked.
        var stopRequest: StopRequest?
        /// How many times the connection was interrupted, and how many when the wait began.
        var interrupts = 0
        var interruptsAtWaitStart = 0
        /// The last wait ended because of a stop or an interrupt.
        var abandonedForStop = false
    }

    private let state: Mutex<State>

    init(timeout: TimeInterval) {
        state = Mutex(State(timeout: timeout))
    }

    var timeout: TimeInterval {
        get { state.withLock { $0.timeout } }
        set { state.withLock { $0.timeout = newValue } }
    }

    /// Interrupts the panes' reads, if any runs; returns true when one did.
    var yieldToWriter: (@Sendable () -> Bool)? {
        get { state.withLock { $0.yieldToWriter } }
        set { state.withLock { $0.yieldToWriter = newValue } }
    }

    /// The session's stop request (Ctrl-C, a terminating signal), which ends a wait.
    var stopRequest: StopRequest? {
        get { state.withLock { $0.stopRequest } }
        set { state.withLock { $0.stopRequest = newValue } }
    }

    /// The connection was interrupted (`sqlite3_interrupt`): a wait under way ends.
    func interrupt() {
        state.withLock { $0.interrupts += 1 }
    }

    /// True once after a wait that ended because of a stop or an interrupt: the statement's
    /// `SQLITE_BUSY` is then an interruption.
    func takeAbandonedForStop() -> Bool {
        state.withLock { state in
            defer { state.abandonedForStop = false }
            return state.abandonedForStop
        }
    }

    /// Runs `body` (on the connection's queue) with busy failing at once instead of waiting.
    func failingAtOnce<T>(_ body: () throws -> T) rethrows -> T {
        state.withLock { $0.failsAtOnce = true }
        defer { state.withLock { $0.failsAtOnce = false } }
        return try body()
    }

    /// GRDB's busy callback: true to try again.
    var callback: Database.BusyCallback {
        { [self] tries in shouldRetry(afterTries: tries) }
    }

    private func shouldRetry(afterTries tries: Int) -> Bool {
        let (timeout, start, yield, failsAtOnce, stopped) = state.withLock { state in
            if tries == 0 {
                state.waitStart = .now()
                state.interruptsAtWaitStart = state.interrupts
                state.abandonedForStop = false
            }
            let stopped = state.stopRequest?.reason != nil || state.interrupts != state.interruptsAtWaitStart
            if stopped { state.abandonedForStop = true }
            return (state.timeout, state.waitStart ?? .now(), state.yieldToWriter, state.failsAtOnce, stopped)
        }
        if failsAtOnce || stopped { return false }
        // A pane's read that holds the lock gives way; then try again almost at once.
        let paneYielded = yield?() ?? false
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        // A yielding pane never makes the user wait: the few milliseconds it takes to let go
        // are granted even with `.timeout 0`.
        guard elapsed < (paneYielded ? timeout + 2 : timeout) else { return false }
        // Short sleeps first (a pane's read ends within a millisecond of its interruption),
        // then SQLite's own pace for another process's lock.
        let pause = paneYielded ? 0.000_5 : min(0.025, 0.001 * Double(1 << min(tries, 5)))
        Thread.sleep(forTimeInterval: pause)
        return true
    }
}
