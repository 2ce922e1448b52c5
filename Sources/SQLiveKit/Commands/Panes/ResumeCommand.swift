/// `.resume [ID|NAME]`: observes paused panes again.
struct ResumeCommand: MetaCommand {
    let name = "resume"
    let usage = "?ID|NAME?"
    let summary = "refresh a paused pane again (all paused panes without an argument)"

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: scope, includingAll: true) : []
    }

    /// The pane, by id or name; nil for every pane.
    func parse(_ words: [String]) throws(Diagnostic) -> String? {
        try optionalWord(of: words)
    }

    func run(_ pane: String?, in scope: PaneScope) throws(Diagnostic) {
        try scope.paneBoard.resume(pane)
    }
}
