import Synchronization
import SQLiveKit

/// Lets Ctrl-C interrupt the statement running on the main thread, from the signal queue.
///
/// The main loop arms it with the session's connection around each unit it runs; a Ctrl-C
/// while armed interrupts that connection (SQLite's thread-safe `sqlite3_interrupt`, what
/// `Session.interrupt()` calls) instead of cancelling the prompt line.
///
///     interrupter.arm(session.connection)
///     session.run(unit)                      // Ctrl-C now: interrupt() returns true
///     let wasInterrupted = interrupter.disarm()
final class StatementInterrupter: Sendable {
    private struct State {
        var connection: DatabaseConnection?
        var wasInterrupted = false
    }

    // MARK: - Mutable State
    //
    // Written by the main thread around each unit, read by the signal queue on Ctrl-C. The
    // mutex guards both fields. The connection is held here, not the session, because only
    // the connection is Sendable; `.open` may replace the session's connection during a
    // unit, and interrupting the old one then is harmless.
    private let state = Mutex(State())

    /// A unit is about to run on this connection.
    func arm(_ connection: DatabaseConnection) {
        state.withLock { $0 = State(connection: connection) }
    }

    /// The unit is done. Returns true when Ctrl-C interrupted it.
    func disarm() -> Bool {
        state.withLock { state in
            defer { state = State() }
            return state.wasInterrupted
        }
    }

    /// Interrupts the running unit, if any. Returns false when nothing runs (the user is at
    /// the prompt). Safe from any thread.
    func interrupt() -> Bool {
        state.withLock { state in
            guard let connection = state.connection else { return false }
            connection.interrupt()
            state.wasInterrupted = true
            return true
        }
    }
}
