/// `.timeout MS`: how long a statement waits for another connection's lock.
struct TimeoutCommand: MetaCommand {
    let name = "timeout"
    let needsDatabase = false
    let usage = "MS"
    let summary = "wait up to MS milliseconds for a locked database (default 5000)"
    let details = """
        When another process writes the same database file, a statement waits up to MS
        milliseconds for its lock instead of failing at once with "database is locked".
        .timeout 0 fails at once, as sqlite3 does by default.
        """

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        try expect(arguments, count: 1...1)
        guard let milliseconds = Int32(arguments[0]), milliseconds >= 0 else {
            throw usageError("expected a number of milliseconds, not \(arguments[0])")
        }
        session.connection.setBusyTimeout(milliseconds: milliseconds)
        session.settings.busyTimeoutMilliseconds = milliseconds
        // A database still to open (locked at start) will wait that long for its lock too.
        session.deferredOpen?.busyTimeout = Double(milliseconds) / 1000
    }
}
