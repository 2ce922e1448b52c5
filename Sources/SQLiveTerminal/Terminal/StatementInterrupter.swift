import Synchronization
import SQLiveKit

/// Lets a signal interrupt the statement running on the main thread, from the signal queue.
///
/// The main loop arms it with the session's connection around each unit it runs (a batch
/// run arms it once for the whole run); a Ctrl-C while armed asks the session to stop
/// (``StopRequest``, so a `.read` script stops too) and interrupts that connection (SQLite's
/// thread-safe `sqlite3_interrupt`) instead of cancelling the prompt line.
///
///     interrupter.arm(session.connection)
///     session.run(unit)                      // Ctrl-C now: interrupt(for:) returns true
///     let wasInterrupted = interrupter.disarm()
final class StatementInterrupter: Sendable {
    private struct State {
        var connection: DatabaseConnection?
        var wasInterrupted = false
    }

    private let stopRequest: StopRequest

    // MARK: - Mutable State
    //
    // Written by the main thread around each unit, read by the signal queue. The mutex
    // guards both fields, and orders the stop request before the interrupt: a script that
    // sees its statement fail as interrupted also sees why. The connection is held here, not
    // the session, because only the connection is Sendable; `.open` may replace the
    // session's connection during a unit, and interrupting the old one then is harmless.
    private let state = Mutex(State())

    init(stopRequest: StopRequest) {
        self.stopRequest = stopRequest
    }

    /// A unit (or a batch run) is about to run on this connection.
    func arm(_ connection: DatabaseConnection) {
        state.withLock { $0 = State(connection: connection) }
    }

    /// The session runs on another connection now (a database opened when a unit first
    /// needed it, `.open`): while armed, a signal interrupts that one.
    func follow(_ connection: DatabaseConnection) {
        state.withLock { state in
            if state.connection != nil { state.connection = connection }
        }
    }

    /// The unit is done. Returns true when a signal interrupted it.
    @discardableResult
    func disarm() -> Bool {
        state.withLock { state in
            defer { state = State() }
            return state.wasInterrupted
        }
    }

    /// Asks the session to stop for `reason` and interrupts the running statement, if a unit
    /// runs. Returns false when nothing runs (the user is at the prompt), and then asks
    /// nothing. Safe from any thread.
    func interrupt(for reason: StopRequest.Reason) -> Bool {
        state.withLock { state in
            guard let connection = state.connection else { return false }
            stopRequest.request(reason)
            connection.interrupt()
            state.wasInterrupted = true
            return true
        }
    }
}
