/// `.resume [ID|NAME]`: observes paused panes again.
struct ResumeCommand: MetaCommand {
    let name = "resume"
    let usage = "?ID|NAME?"
    let summary = "refresh a paused pane again (all paused panes without an argument)"

    func completions(after arguments: [String], prefix: String, in session: Session) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: session, includingAll: true) : []
    }

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        try expect(arguments, count: 0...1)
        try session.paneBoard.resume(arguments.first)
    }
}
