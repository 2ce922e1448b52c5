/// `.unpin ID|NAME|all`: removes panes.
struct UnpinCommand: MetaCommand {
    let name = "unpin"
    let usage = "ID|NAME|all"
    let summary = "remove a pane (or all of them)"

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: scope, includingAll: true) : []
    }

    /// The pane: its id or its name.
    func parse(_ words: [String]) throws(Diagnostic) -> String {
        try onlyWord(of: words)
    }

    func run(_ pane: String, in scope: PaneScope) throws(Diagnostic) {
        try scope.paneBoard.unpin(pane)
    }
}
