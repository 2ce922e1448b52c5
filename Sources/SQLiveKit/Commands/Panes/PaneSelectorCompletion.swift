/// Completion of the pane a command names: ids, names, and `all` where it is accepted.
enum PaneSelectorCompletion {
    static func candidates(in scope: PaneScope, includingAll: Bool) -> [String] {
        let panes = scope.paneBoard.panes
        return panes.map { String($0.id) } + panes.map(\.name) + (includingAll ? ["all"] : [])
    }
}
