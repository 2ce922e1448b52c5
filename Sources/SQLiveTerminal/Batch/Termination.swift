import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// The way out when a signal ends the process (SIGTERM, SIGHUP, SIGQUIT, or SIGINT outside the
/// prompt): the front-end has stopped reading and given the terminal back; what remains is
/// the database (``Session/closeForExit()``) and one line on standard error. History needs
/// nothing: every entry is saved as it is entered.
///
///     let status = Termination(session: session, signal: SIGTERM).finish()
///     // stderr: sqlive: terminated (SIGTERM); rolled back the open transaction
///     // status: 143
struct Termination {
    let session: Session
    let signal: Int32

    /// Cleans up, prints the closing line and returns the exit status, 128 + the signal.
    func finish() -> Int32 {
        var done: [String] = []
        if session.stopRequest.interruptedStatement {
            let location = session.stopRequest.stopLocation.flatMap { $0.source.isEmpty ? nil : $0 }
            done.append(location.map { "interrupted the statement at \($0)" } ?? "interrupted the running statement")
        }
        let cleanup = session.closeForExit()
        if cleanup.rolledBack {
            done.append("rolled back the open transaction")
        }
        done += cleanup.problems
        if done.isEmpty {
            done.append("no transaction was open")
        }
        session.report(.notice("sqlive: \(Self.event(for: signal)); \(done.joined(separator: ", "))"))
        return 128 + signal
    }

    /// What happened, in words, with the signal's name: `terminated (SIGTERM)`.
    static func event(for signal: Int32) -> String {
        switch signal {
        case SIGHUP: "hung up (SIGHUP)"
        case SIGINT: "interrupted (SIGINT)"
        case SIGQUIT: "quit (SIGQUIT)"
        case SIGTERM: "terminated (SIGTERM)"
        default: "stopped by signal \(signal)"
        }
    }
}
