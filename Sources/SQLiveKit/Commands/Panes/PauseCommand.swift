/// `.pause [ID|NAME]`: stops observing panes; they keep their rows.
struct PauseCommand: MetaCommand {
    let name = "pause"
    let usage = "?ID|NAME?"
    let summary = "stop refreshing a pane, keeping its rows (all panes without an argument)"

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: scope, includingAll: true) : []
    }

    /// The pane, by id or name; nil for every pane.
    func parse(_ words: [String]) throws(Diagnostic) -> String? {
        try optionalWord(of: words)
    }

    func run(_ pane: String?, in scope: PaneScope) throws(Diagnostic) {
        try scope.paneBoard.pause(pane)
    }
}
