import Dispatch
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGWINCH into main-loop events, without
/// signal handlers of our own.
///
/// The signals are ignored (so none kills the process at once, and libedit's own handling,
/// `EL_SIGNAL`, stays off) and watched by dispatch sources on a queue of their own: the main
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
    private let watched: [Int32]
    private let sources: [any DispatchSourceSignal]

    init(stopRequest: StopRequest, atPrompt: Bool) throws(Diagnostic) {
        let waker = try MainLoopWaker()
        let interrupter = StatementInterrupter(stopRequest: stopRequest)
        self.waker = waker
        self.interrupter = interrupter
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
        handlers.sort { $0.signal < $1.signal }
        watched = handlers.map(\.signal)
        // `resume()` only asks for a source to be installed; libdispatch installs it later, on
        // a thread of its own. A signal ignored before that is lost: under load, a SIGTERM
        // sent right after the first output was (the process went on reading its input).
        // So the watcher waits until every source is installed before the session runs.
        let installed = DispatchGroup()
        sources = handlers.map { signalNumber, handler in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler(handler: handler)
            installed.enter()
            source.setRegistrationHandler { installed.leave() }
            return source
        }
        sources.forEach { $0.resume() }
        _ = installed.wait(timeout: .now() + Self.installationWait)
    }

    /// How long start-up waits for the signal sources to be installed (a few milliseconds,
    /// far less than this, even on a loaded machine).
    static let installationWait: DispatchTimeInterval = .seconds(5)

    deinit {
        sources.forEach { $0.cancel() }
        watched.forEach { signal($0, SIG_DFL) }
    }
}
