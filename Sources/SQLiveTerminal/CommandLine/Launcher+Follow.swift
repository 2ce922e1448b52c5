import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

extension Launcher {
    /// `--follow`, once the input has run (see ``PaneFollower``). Returns the exit status,
    /// or nil when a signal other than SIGINT ended it and ``Termination`` must clean up.
    func follow(in session: Session, signals: SignalWatcher?) -> Int32? {
        guard let waker = signals?.waker else {
            session.report(Diagnostic("--follow: cannot watch signals"))
            return 1
        }
        guard !session.paneBoard.panes.isEmpty else {
            session.report(Diagnostic("--follow: no pane is pinned: pin queries with .pin in -c, -f or the script"))
            return 1
        }
        if !session.paneBoard.watchExternalChangesForFollowing() {
            session.warn("--follow: other processes' commits are not watched (.external is off, or the database is in memory)")
        }
        let follower = PaneFollower(session: session, waker: waker, interval: options.interval ?? 0,
                                    count: options.count, untilChange: options.untilChange)
        switch follower.run() {
        case .done:
            return session.errorCount == 0 ? 0 : 1
        case .interrupted:
            // Ctrl-C is how following ends, as with `watch`: not a failure.
            session.stopRequest.clear()
            return 0
        case .stopped:
            return nil
        }
    }
}
