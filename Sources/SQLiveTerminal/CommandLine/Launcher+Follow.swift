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
        endTransactionBeforeFollowing(in: session)
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
        case .failed:
            return 1
        }
    }

    /// A SIGINT that came as the input's last unit ended, before following began: it stopped
    /// no statement and cut no input short, so it ends following, as Ctrl-C does once it has
    /// begun (status 0). The pinned blocks are out: a user who saw them pressed Ctrl-C.
    func isCtrlCAsFollowingBegins(_ stop: StopRequest) -> Bool {
        stop.reason == .terminate(signal: SIGINT) && !stop.interruptedStatement && !stop.skippedInput
    }

    /// A transaction the input left open is rolled back before following, as it is when a
    /// script ends: held open for the whole follow, its locks kept the watched app from
    /// committing ("database is locked"), and the panes show committed states only.
    private func endTransactionBeforeFollowing(in session: Session) {
        guard session.isInsideTransaction else { return }
        session.run(InputUnit(kind: .sql, text: "ROLLBACK;", location: SourceLocation(source: "--follow", line: 0)))
        session.warn("--follow: the input ended inside a transaction: it was rolled back before following "
                     + "(held open, it would keep other processes from writing; end it with COMMIT to keep its changes)")
    }

    /// `--follow` on a database file that does not exist yet: waits until the app makes it
    /// (the open is deferred until then, so nothing creates it). Returns nil once the file
    /// is there, or the exit status when the wait ends otherwise.
    func waitForDatabaseFile(_ path: [UInt8], in session: Session, signals: SignalWatcher?) -> Int32? {
        let name = String(decoding: path, as: UTF8.self)
        guard FileArrival.folderExists(of: path) else {
            session.report(Diagnostic("--follow: cannot wait for \(name): its folder does not exist"))
            return 1
        }
        guard let waker = signals?.waker else {
            session.report(Diagnostic("--follow: cannot watch signals"))
            return 1
        }
        session.warn("--follow: waiting for \(name) to be created (following creates no database)")
        switch FileArrival(path: path, waker: waker, stopRequest: session.stopRequest).wait() {
        case .arrived:
            return nil
        case .interrupted:
            return 0
        case .stopped:
            if case .terminate(let signal) = session.stopRequest.reason {
                return Termination(session: session, signal: signal).finish()
            }
            return 1
        }
    }
}
