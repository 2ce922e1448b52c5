import Synchronization

/// A request, made from a signal handler's queue, that the session stop what it runs:
/// Ctrl-C (stop the statement and the script running it, back to the prompt) or a signal
/// that ends the process (SIGTERM, SIGHUP, or SIGINT outside a terminal).
///
/// The statement running is interrupted with `sqlite3_interrupt`, but that alone does not
/// stop a script: SQLite only interrupts statements that are running, so the next line of a
/// `.read` script, the next migration of `.migrate` or the next row of `.import` would go on.
/// They ask here between steps instead.
///
///     session.stopRequest.request(.interrupt)        // signal queue
///     session.stopRequest.reason                     // main thread: .interrupt
///     session.stopRequest.noteStop(at: location)     // the script that stopped says where
///     session.stopRequest.clear()                    // back at the prompt
public final class StopRequest: Sendable {
    /// Why the session must stop.
    public enum Reason: Sendable, Equatable {
        /// Ctrl-C at a terminal: stop the running work and go back to the prompt.
        case interrupt
        /// A signal that ends the process once the session has cleaned up.
        case terminate(signal: Int32)
    }

    private struct State {
        var reason: Reason?
        /// Where the innermost script stopped, when one did.
        var location: SourceLocation?
        /// Some of the input did not run because of the stop.
        var skippedInput = false
        /// A statement failed as interrupted while the process was ending.
        var interruptedStatement = false
    }

    // MARK: - Mutable State
    //
    // Set by the signal queue, read and cleared by the main thread between units, rows and
    // migrations. The mutex guards both fields; a termination is never replaced by an
    // interrupt, since the process must end whatever else is asked.
    private let state = Mutex(State())

    public init() {}

    /// Asks the session to stop. Safe from any thread.
    public func request(_ reason: Reason) {
        state.withLock { state in
            if case .terminate = state.reason { return }
            state.reason = reason
        }
    }

    /// What was asked, or nil when the session may go on.
    public var reason: Reason? {
        state.withLock { $0.reason }
    }

    /// True when the process is to end.
    public var isTerminating: Bool {
        if case .terminate = reason { return true }
        return false
    }

    /// Records where a script stopped; the first (innermost) script to stop wins. Returns
    /// true for that first one, which reports the stop.
    ///
    /// - Parameter ran: true when the unit at `location` ran (the stop came during it),
    ///   false when the script stopped before it.
    @discardableResult
    public func noteStop(at location: SourceLocation, ran: Bool) -> Bool {
        state.withLock { state in
            guard state.location == nil else { return false }
            state.location = location
            state.skippedInput = state.skippedInput || !ran
            return true
        }
    }

    /// Where a script stopped for this request, if one did.
    public var stopLocation: SourceLocation? {
        state.withLock { $0.location }
    }

    /// Records that input was left unrun because of the stop: units after the one that ran,
    /// or scripts after the one that stopped.
    public func noteSkippedInput() {
        state.withLock { $0.skippedInput = true }
    }

    /// True when the stop cut the input short: a script stopped before a unit it would have
    /// run, or input was left after the unit the stop came during. A stop during the last
    /// unit, which then ran to its end (a dot command, a statement that finished first), cut
    /// nothing: `--follow` takes a SIGINT then as the end of following, which it was about
    /// to start.
    public var skippedInput: Bool {
        state.withLock { $0.skippedInput }
    }

    /// Records that a terminating signal interrupted a statement (its error is not printed:
    /// the closing line says it).
    public func noteStatementInterrupted() {
        state.withLock { $0.interruptedStatement = true }
    }

    /// True when a terminating signal interrupted a statement.
    public var interruptedStatement: Bool {
        state.withLock { $0.interruptedStatement }
    }

    /// Forgets an interrupt once the front-end is back at the prompt. A termination stays.
    public func clear() {
        state.withLock { state in
            if case .terminate = state.reason { return }
            state = State()
        }
    }
}
