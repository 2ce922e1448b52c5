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

    func run(_ arguments: [String], in scope: PaneScope) throws(Diagnostic) {
        try expect(arguments, count: 0...1)
        let board = scope.paneBoard
        guard let value = arguments.first else {
            let state = board.externalInterval.map { "on, every \(ExternalChangeWatcher.format($0))" } ?? "off"
            scope.output.append("external: \(state)\n")
            return
        }
        let setting: ExternalSetting
        if let interval = ExternalChangeWatcher.parseInterval(value) {
            setting = .on(interval: interval)
        } else {
            switch value.lowercased() {
            case "on", "yes", "true": setting = .on(interval: PaneBoard.defaultExternalInterval)
            case "off", "no", "false": setting = .off
            default: throw usageError("expected on, off or an interval such as 500ms or 2s, not \(value)")
            }
        }
        if setting != .off && scope.connection.options.isInMemory {
            throw Diagnostic(".external: an in-memory database is private to this session: no other process writes to it")
        }
        board.setExternal(setting)
    }
}
