/// How a script stops when Ctrl-C or a terminating signal asks it to (see ``StopRequest``).
extension Session {
    /// Called by a script after a unit ran (or before the next one) when a stop was asked:
    /// records where it stopped and, for Ctrl-C inside a named script, says so once.
    ///
    ///     warning: interrupted at long.sql:12; the rest of long.sql did not run
    ///
    /// - Parameter ran: true when the unit at `location` ran (the interrupt came during it),
    ///   false when the stop came before it.
    func noteScriptStopped(at location: SourceLocation, ran: Bool) {
        guard stopRequest.noteStop(at: location, ran: ran), stopRequest.reason == .interrupt, !location.source.isEmpty else { return }
        let position = ran ? "at \(location)" : "before \(location)"
        warn("interrupted \(position); the rest of \(location.source) did not run")
    }
}
