/// `.pane ID|NAME`: prints a pane's current rows in the current mode.
struct PaneCommand: MetaCommand {
    let name = "pane"
    let usage = "ID|NAME"
    let summary = "print all the rows a pane holds, in the current mode"
    let details = """
        .pane ID prints the pane's header line, then every row it holds (up to its --rows),
        rendered in the current .mode; a failing pane prints its error.
        """

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? PaneSelectorCompletion.candidates(in: scope, includingAll: false) : []
    }

    /// The pane: its id or its name.
    func parse(_ words: [String]) throws(Diagnostic) -> String {
        try onlyWord(of: words)
    }

    func run(_ pane: String, in scope: PaneScope) throws(Diagnostic) {
        let board = scope.paneBoard
        let index = try board.index(matching: pane, for: ".pane")
        scope.printPane(board.panes[index], cause: nil)
    }
}
