/// `.timeout MS`: how long a statement waits for another connection's lock.
struct TimeoutCommand: MetaCommand {
    let name = "timeout"
    let needsDatabase = false
    let usage = "MS"
    let summary = "wait up to MS milliseconds for a locked database (default 5000)"
    let details = """
        When another process writes the same database file, a statement waits up to MS
        milliseconds for its lock instead of failing at once with "database is locked".
        .timeout 0 fails at once, as sqlite3 does by default; as in sqlite3, .timeout alone
        means 0, and so does a value that is not a number (with a warning).
        """

    func run(_ arguments: [String], in scope: DatabaseScope) throws(Diagnostic) {
        ignoreExtra(arguments, keeping: 1, in: scope)
        var milliseconds: Int32 = 0
        if let typed = arguments.first {
            if let number = Int32(typed), number >= 0 {
                milliseconds = number
            } else {
                scope.warn(".timeout: \(typed) is not a number of milliseconds; taken as 0, as sqlite3 takes it")
            }
        }
        scope.connection.setBusyTimeout(milliseconds: milliseconds)
        scope.settings.busyTimeoutMilliseconds = milliseconds
        // A database still to open (locked at start) will wait that long for its lock too.
        scope.statements.deferredOpen?.busyTimeout = Double(milliseconds) / 1000
    }
}
