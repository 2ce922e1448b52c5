/// `.events on|off`: prints transaction events as they happen, and the panes each commit woke.
/// (sqlite3's `.trace`, the SQL of each statement, is ``TraceCommand``.)
struct EventsCommand: MetaCommand {
    let name = "events"
    let usage = "on|off"
    let summary = "print each row change, commit and rollback, and which panes a commit woke"
    let details = """
        .events on shows how observation works: every inserted, updated or deleted row (table,
        updated columns, rowid), then at each commit the panes it woke, or a rollback:
          -- trace: update player(score) rowid 1
          -- trace: commit, woke pane 1 (scores)
        At most \(ChangeRecorder.tracedEventLimit) changes are listed per transaction; the commit line counts them all.
        """

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? BooleanArgument.completions : []
    }

    /// On or off; nil shows the setting.
    func parse(_ words: [String]) throws(Diagnostic) -> Bool? {
        guard let value = try optionalWord(of: words) else { return nil }
        return try BooleanArgument.parse(value, for: self)
    }

    func run(_ enabled: Bool?, in scope: PaneScope) throws(Diagnostic) {
        guard let enabled else {
            scope.output.append("events: \(scope.paneBoard.traceEnabled ? "on" : "off")\n")
            return
        }
        scope.paneBoard.traceEnabled = enabled
    }
}
