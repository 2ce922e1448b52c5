/// What happened to the panes since the front-end last asked, from
/// ``PaneBoard/drainEvents()``: the front-end repaints the panes named and prints trace lines.
///
///     for event in board.drainEvents() {
///         switch event {
///         case .refreshed(let id, _), .failed(let id, _): dirty.insert(id)
///         case .trace(let line): printAbovePrompt("-- trace: " + line)
///         }
///     }
public enum PaneEvent: Sendable, Equatable {
    /// A pane shows a new value.
    case refreshed(paneID: Int, cause: RefreshCause)
    /// A pane's query failed; the pane shows the error.
    case failed(paneID: Int, message: String)
    /// A line of `.events on`: a change, a commit and the panes it woke, a rollback.
    case trace(String)
    /// The main database file was deleted, or replaced by another (an app resetting its
    /// database), since the session opened it: the panes read the old file until the session
    /// opens the new one (`--follow` does; at the prompt, `.open`).
    case databaseReplaced
    /// An attached database file was deleted or replaced since it was attached: the panes
    /// read the old file until it is attached again (`--follow` does; at the prompt, DETACH
    /// and ATTACH).
    case attachedDatabaseReplaced(name: String, file: String)
}

/// Where panes show on a terminal: docked at the top of the screen, or printed inline after
/// each statement as scripts do (`.layout`).
public enum PaneLayout: Sendable, Equatable, CustomStringConvertible {
    /// A dock of `height` lines (nil: as many as the panes need, up to half the screen).
    case dock(height: Int?)
    case inline

    public var description: String {
        switch self {
        case .dock(let height?): "dock \(height)"
        case .dock(nil): "dock (automatic height)"
        case .inline: "inline"
        }
    }
}
