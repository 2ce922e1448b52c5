/// `.unpin ID|NAME|all`: removes panes.
struct UnpinCommand: MetaCommand {
    let name = "unpin"
    let usage = "ID|NAME|all"
    let summary = "remove a pane (or all of them)"

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: scope, includingAll: true) : []
    }

    func run(_ arguments: [String], in scope: PaneScope) throws(Diagnostic) {
        try expect(arguments, count: 1...1)
        try scope.paneBoard.unpin(arguments[0])
    }
}
