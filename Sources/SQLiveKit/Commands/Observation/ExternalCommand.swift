/// `.external on|off|INTERVAL`: watch for commits made by other processes.
struct ExternalCommand: MetaCommand {
    let name = "external"
    let usage = "on|off|INTERVAL"
    let summary = "watch for other processes' commits to the database file (and refresh the panes)"
    let details = """
        Only this session's own commits are reported to it. With .external on, sqlive polls
        SQLite's PRAGMA data_version of every database every 25ms (or every INTERVAL: 200ms,
        2s) while panes are pinned, never waiting for a lock, and re-runs them after another
        process commits, with the cause "external change". No commit is lost when the
        interval changes or .external goes off and on. On by default for file databases on a
        terminal, off in scripts.
        """

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? BooleanArgument.completions : []
    }

    /// The setting asked for; nil shows the current one.
    func parse(_ words: [String]) throws(Diagnostic) -> ExternalSetting? {
        guard let value = try optionalWord(of: words) else { return nil }
        if let interval = ExternalChangeWatcher.parseInterval(value) {
            return .on(interval: interval)
        }
        switch value.lowercased() {
        case "on", "yes", "true": return .on(interval: PaneBoard.defaultExternalInterval)
        case "off", "no", "false": return .off
        default: throw usageError("expected on, off or an interval such as 500ms or 2s, not \(value)")
        }
    }

    func run(_ setting: ExternalSetting?, in scope: PaneScope) throws(Diagnostic) {
        let board = scope.paneBoard
        guard let setting else {
            let state = board.externalInterval.map { "on, every \(ExternalChangeWatcher.format($0))" } ?? "off"
            scope.output.append("external: \(state)\n")
            return
        }
        if setting != .off && scope.connection.options.isInMemory {
            throw Diagnostic(".external: an in-memory database is private to this session: no other process writes to it")
        }
        board.setExternal(setting)
    }
}
