#if canImport(Glibc)
import Glibc
#endif

/// Stops the process the way Ctrl-Z does, from the main loop, once the terminal is in order.
///
/// SIGTSTP is caught while sqlive runs at the prompt (``SignalWatcher`` watches it), so the
/// terminal's Ctrl-Z only asks. Here its default action is put back for a moment and the signal sent
/// to this thread, unblocked: the process stops at once, the shell reports it as stopped
/// (not "Stopped (signal)" as with SIGSTOP), and `fg`'s SIGCONT resumes it right after
/// `raise`.
///
///     ProcessSuspension.stop()   // returns after `fg`
enum ProcessSuspension {
    static func stop() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTSTP)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &signals, &previousMask)
        let watcherHandler = signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        signal(SIGTSTP, watcherHandler)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }
}
