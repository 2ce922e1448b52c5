import Foundation

extension PaneBoard {
    /// The height of the dock on a screen of `screenRows` rows: what `.layout` asks for, or
    /// what the panes need (side by side when `screenColumns` has room) up to half the
    /// screen; 0 when panes print inline or there are none.
    ///
    ///     let height = board.dockHeight(screenRows: 40, screenColumns: 120)   // e.g. 9
    public func dockHeight(screenRows: Int, screenColumns: Int? = nil) -> Int {
        guard !panes.isEmpty, case .dock(let requested) = layout else { return 0 }
        let wanted = requested ?? PaneDockRenderer.neededHeight(for: panes, width: screenColumns)
        return max(0, min(wanted, requested == nil ? screenRows / 2 : Self.tallestDock(screenRows: screenRows)))
    }

    /// The tallest dock `.layout HEIGHT` gets: three rows are left to scroll in.
    static func tallestDock(screenRows: Int) -> Int {
        screenRows - 3
    }

    /// The dock's lines for the current panes (see ``PaneDockRenderer``).
    public func dockLines(width: Int, height: Int, usesColor: Bool = true, nullValue: String = "",
                          screenRows: Int? = nil) -> [String] {
        updateActivities()
        var renderer = PaneDockRenderer(width: width, height: height, now: clock(), usesColor: usesColor,
                                        nullValue: nullValue)
        renderer.maximumHeight = screenRows.map(Self.tallestDock)
        renderer.showsCommittedState = userIsInTransaction
        renderer.sourceStatus = connection.versionProbe.status
        return renderer.lines(for: panes)
    }

    /// Reads what each pane's refreshing is doing now, for the dock.
    func updateActivities() {
        for index in panes.indices {
            panes[index].activity = panes[index].token.flatMap { engine?.scheduler.activity(of: $0) } ?? .idle
        }
    }

    /// True while some pane's refresh runs or waits.
    public var isRefreshing: Bool {
        panes.contains { pane in
            guard let token = pane.token, let activity = engine?.scheduler.activity(of: token) else { return false }
            return activity != .idle
        }
    }

    /// When the dock must be drawn again: to clear a highlight, or to update the time a slow
    /// pane has been refreshing for.
    public var nextRepaint: Date? {
        let now = clock()
        let highlights = panes.compactMap { $0.lastChange?.time.addingTimeInterval(PaneDockRenderer.defaultHighlightDuration) }
        return (highlights + (isRefreshing ? [now.addingTimeInterval(0.25)] : [])).filter { $0 > now }.min()
    }

    /// Notes that the dock shows every pane as it is now, so that `.layout inline` later
    /// prints only the changes made after it.
    public func markShownInDock() {
        presentation.markShown(panes)
    }

    /// The panes to print as blocks now (scripts, `.layout inline`): see ``PanePresentation``.
    func takeBlocksToPrint() -> [PanePresentation.Block] {
        presentation.takeBlocks(of: panes)
    }
}
