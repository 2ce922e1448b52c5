/// `.refresh [ID|NAME]`: runs panes' queries again now.
struct RefreshCommand: MetaCommand {
    let name = "refresh"
    let usage = "?ID|NAME?"
    let summary = "run a pane's query again now (all panes without an argument)"
    let details = """
        .refresh runs every pane's query again, .refresh ID only one. The refresh's cause is
        "refreshed by hand". It also retries a pane whose query failed. Paused panes stay
        paused and keep their rows (.resume refreshes them).
        """

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: scope, includingAll: true) : []
    }

    /// The pane, by id or name; nil for every pane.
    func parse(_ words: [String]) throws(Diagnostic) -> String? {
        try optionalWord(of: words)
    }

    func run(_ pane: String?, in scope: PaneScope) throws(Diagnostic) {
        try scope.paneBoard.refresh(pane)
    }
}
