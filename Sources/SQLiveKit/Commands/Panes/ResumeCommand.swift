/// `.resume [ID|NAME]`: observes paused panes again.
struct ResumeCommand: MetaCommand {
    let name = "resume"
    let usage = "?ID|NAME?"
    let summary = "refresh a paused pane again (all paused panes without an argument)"

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: scope, includingAll: true) : []
    }

    func run(_ arguments: [String], in scope: PaneScope) throws(Diagnostic) {
        try expect(arguments, count: 0...1)
        try scope.paneBoard.resume(arguments.first)
    }
}
