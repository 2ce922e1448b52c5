import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT and SIGWINCH into main-loop events, without signal handlers of our own.
///
/// Both signals are ignored (so Ctrl-C never kills the process, and libedit's own handling,
/// `EL_SIGNAL`, stays off) and watched by dispatch sources on a queue of their own: the main
/// thread may be busy running a statement when Ctrl-C arrives, and that is exactly when the
/// interrupt must get through.
///
///     let watcher = SignalWatcher(waker: waker, interrupter: interrupter)
///     // Ctrl-C while a statement runs: it is interrupted.
///     // Ctrl-C at the prompt: waker receives .interrupt. A resize: .resize.
final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]

    init(waker: MainLoopWaker, interrupter: StatementInterrupter) {
        let queue = DispatchQueue(label: "sqlive.signals")
        signal(SIGINT, SIG_IGN)
        signal(SIGWINCH, SIG_IGN)

        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
        interrupt.setEventHandler { @Sendable in
            if !interrupter.interrupt() {
                waker.post(.interrupt)
            }
        }
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        resize.setEventHandler { @Sendable in
            waker.post(.resize)
        }
        sources = [interrupt, resize]
        sources.forEach { $0.resume() }
    }

    deinit {
        sources.forEach { $0.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGWINCH, SIG_DFL)
    }
}
