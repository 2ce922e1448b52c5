/// `.layout [dock [HEIGHT] | HEIGHT | inline]`: where panes show on a terminal.
struct LayoutCommand: MetaCommand {
    let name = "layout"
    let usage = "?dock ?HEIGHT?|HEIGHT|inline?"
    let summary = "dock the panes at the top of the terminal (HEIGHT lines), or print them inline"
    let details = """
        .layout dock        panes docked at the top, as high as they need (up to half the screen)
        .layout HEIGHT      panes docked in HEIGHT lines (also .layout dock HEIGHT)
        .layout inline      panes printed after each statement, as in scripts
        .layout             shows the layout. Scripts always print panes inline.
        Each pane docked shows at least its title, column names and first row; panes go
        side by side when the terminal is wide, and the rule under the dock says how many
        found no room and which HEIGHT shows them.
        """

    static let maximumHeight = 500

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        arguments.isEmpty ? ["dock", "inline"] : []
    }

    /// The layout asked for; nil shows the current one.
    func parse(_ words: [String]) throws(Diagnostic) -> PaneLayout? {
        try expect(words, count: 0...2)
        guard let first = words.first?.lowercased() else { return nil }
        switch first {
        case "inline" where words.count == 1:
            return .inline
        case "dock":
            return .dock(height: try words.count == 2 ? height(words[1]) : nil)
        default:
            guard words.count == 1 else { throw usageError("too many arguments") }
            return .dock(height: try height(first))
        }
    }

    func run(_ layout: PaneLayout?, in scope: PaneScope) throws(Diagnostic) {
        guard let layout else {
            scope.output.append("layout: \(scope.paneBoard.layout)\n")
            return
        }
        scope.paneBoard.layout = layout
    }

    private func height(_ text: String) throws(Diagnostic) -> Int {
        guard let height = Int(text), (2...Self.maximumHeight).contains(height) else {
            throw usageError("the dock height is a number of lines from 2 to \(Self.maximumHeight), not \(text)")
        }
        return height
    }
}
