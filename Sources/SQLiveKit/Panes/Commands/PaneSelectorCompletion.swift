/// Completion of the pane a command names: ids, names, and `all` where it is accepted.
enum PaneSelectorCompletion {
    static func candidates(in session: Session, includingAll: Bool) -> [String] {
        let panes = session.paneBoard.panes
        return panes.map { String($0.id) } + panes.map(\.name) + (includingAll ? ["all"] : [])
    }
}
