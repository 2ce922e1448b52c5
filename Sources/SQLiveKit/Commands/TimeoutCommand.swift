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

    /// The timeout, and the words as typed, for the warnings about what is not read.
    struct Arguments: Equatable {
        let words: [String]
        /// No word, or one that is no number of milliseconds, is 0, as in sqlite3.
        let milliseconds: Int32
        /// The first word when it is no number of milliseconds.
        let unreadable: String?
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        guard let typed = words.first else { return Arguments(words: words, milliseconds: 0, unreadable: nil) }
        if let number = Int32(typed), number >= 0 { return Arguments(words: words, milliseconds: number, unreadable: nil) }
        return Arguments(words: words, milliseconds: 0, unreadable: typed)
    }

    func run(_ arguments: Arguments, in scope: DatabaseScope) throws(Diagnostic) {
        ignoreExtra(arguments.words, keeping: 1, in: scope)
        if let typed = arguments.unreadable {
            scope.warn(".timeout: \(typed) is not a number of milliseconds; taken as 0, as sqlite3 takes it")
        }
        let milliseconds = arguments.milliseconds
        scope.connection.setBusyTimeout(milliseconds: milliseconds)
        scope.settings.busyTimeoutMilliseconds = milliseconds
        // A database still to open (locked at start) will wait that long for its lock too.
        scope.statements.deferredOpen?.busyTimeout = Double(milliseconds) / 1000
    }
}
