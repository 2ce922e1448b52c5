/// `.pause [ID|NAME]`: stops observing panes; they keep their rows.
struct PauseCommand: MetaCommand {
    let name = "pause"
    let usage = "?ID|NAME?"
    let summary = "stop refreshing a pane, keeping its rows (all panes without an argument)"

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: scope, includingAll: true) : []
    }

    func run(_ arguments: [String], in scope: PaneScope) throws(Diagnostic) {
        try expect(arguments, count: 0...1)
        try scope.paneBoard.pause(arguments.first)
    }
}
