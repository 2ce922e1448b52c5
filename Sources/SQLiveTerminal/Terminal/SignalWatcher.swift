import Dispatch
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGWINCH into main-loop events, without
/// signal handlers of our own.
///
/// The signals are caught (so none kills the process at once, and libedit's own handling,
/// `EL_SIGNAL`, stays off) and handled on a thread of their own (``SignalPipe``): the main
/// thread may be busy running a statement when a signal arrives, and that is exactly when
/// the interrupt must get through.
///
/// - SIGTERM, SIGHUP and SIGQUIT (Ctrl-\\) ask the session to end
///   (``StopRequest/Reason/terminate(signal:)``),
///   interrupt the running statement and wake the main loop, which cleans up and exits;
///   when the main thread is blocked on a pipe, a FIFO or a program, ``BlockedExit`` ends
///   the process within a quarter of a second instead.
/// - SIGINT at the prompt (`atPrompt`): interrupts the running unit, or cancels the line
///   being typed. Elsewhere (a script on standard input, `-c`, `-f`) it ends the process
///   like SIGTERM, as in sqlite3.
/// - SIGWINCH, at the prompt only: the terminal changed size.
/// - SIGTSTP (Ctrl-Z), at the prompt only: the main loop gives the shell a normal terminal
///   and stops; SIGCONT (`fg`) brings back the dock, the prompt and the line typed.
///
///     let watcher = try SignalWatcher(stopRequest: session.stopRequest, atPrompt: true)
///     // Ctrl-C while a statement runs: it is interrupted.
///     // Ctrl-C at the prompt: watcher.waker receives .interrupt. A resize: .resize.
///     // SIGTERM: .stop, and session.stopRequest.reason is .terminate(signal: SIGTERM)
final class SignalWatcher {
    /// Wakes the main loop; the line editor and the standard-input reader poll it.
    let waker: MainLoopWaker
    /// Armed by the main loop around the work a signal may interrupt.
    let interrupter: StatementInterrupter
    private let pipe: SignalPipe

    init(stopRequest: StopRequest, atPrompt: Bool) throws(Diagnostic) {
        let waker = try MainLoopWaker()
        let interrupter = StatementInterrupter(stopRequest: stopRequest)
        self.waker = waker
        self.interrupter = interrupter
        // Where ``BlockedExit`` looks at the main thread after a terminating signal.
        let queue = DispatchQueue(label: "sqlive.signals")

        let terminate: @Sendable (Int32) -> Void = { signal in
            stopRequest.request(.terminate(signal: signal))
            _ = interrupter.interrupt(for: .terminate(signal: signal))
            waker.post(.stop)
            // The main thread may be blocked writing to a pipe or reading a FIFO.
            BlockedExit.watch(signal: signal, on: queue)
        }
        // A list, not a dictionary keyed by signal: the first `[Int32: …]` of a run costs the
        // Swift runtime a scan of every protocol conformance in the binary (for `Int32:
        // Hashable`), a twentieth of start-up's instructions.
        var handlers: [(signal: Int32, handler: @Sendable () -> Void)] = [
            (SIGTERM, { terminate(SIGTERM) }),
            (SIGHUP, { terminate(SIGHUP) }),
            // The Swift runtime catches SIGQUIT to print a backtrace and waits for a key (at a
            // terminal) or goes on: watched here, Ctrl-\ ends sqlive as in sqlite3, cleanly.
            (SIGQUIT, { terminate(SIGQUIT) }),
        ]
        if atPrompt {
            handlers.append((SIGINT, {
                if !interrupter.interrupt(for: .interrupt) {
                    waker.post(.interrupt)
                }
            }))
            handlers.append((SIGWINCH, { waker.post(.resize) }))
            // Ctrl-Z: the main loop puts the terminal in order, then stops the process itself
            // (``LineEditor/suspend()``); a statement running finishes first.
            handlers.append((SIGTSTP, { waker.post(.suspend) }))
        } else {
            handlers.append((SIGINT, { terminate(SIGINT) }))
        }
        let caught = handlers
        pipe = try SignalPipe.start(handling: handlers.map(\.signal)) { signalNumber in
            caught.first { $0.signal == signalNumber }?.handler()
        }
    }

    deinit {
        pipe.stop()
    }
}
