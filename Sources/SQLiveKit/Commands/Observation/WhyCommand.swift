/// `.why ID|NAME`: the last refreshes of a pane and their causes.
struct WhyCommand: MetaCommand {
    let name = "why"
    let usage = "ID|NAME"
    let summary = "show why a pane refreshed: its last refreshes and their causes"
    let details = """
        .why ID prints the pane's latest refreshes, oldest first, with the columns refresh,
        time, cause and outcome, in the current mode. A cause is what the commit changed in the
        pane's region (e.g. update player(score)[1]), "notified by hand", "external change",
        "schema change", or what you did (pinned, refreshed by hand, resumed).
        """

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: scope, includingAll: false) : []
    }

    /// The pane: its id or its name.
    func parse(_ words: [String]) throws(Diagnostic) -> String {
        try onlyWord(of: words)
    }

    func run(_ reference: String, in scope: PaneScope) throws(Diagnostic) {
        let board = scope.paneBoard
        let pane = board.panes[try board.index(matching: reference, for: ".why")]
        var table = ResultTable(columns: ["refresh", "time", "cause", "outcome"])
        for refresh in pane.history {
            table.append([.integer(refresh.number), .text(TimeOfDay.format(refresh.time)),
                          .text(refresh.cause.description), .text(refresh.outcome)])
        }
        table.render(in: scope)
        var dropped: [String] = []
        if pane.suppressedCount > 0 { dropped.append("\(pane.suppressedCount) equal to the previous one (--dedupe)") }
        if pane.staleCount > 0 { dropped.append("\(pane.staleCount) older than the value shown") }
        if !dropped.isEmpty {
            scope.output.append("-- values dropped: " + dropped.joined(separator: ", ") + "\n")
        }
    }
}
