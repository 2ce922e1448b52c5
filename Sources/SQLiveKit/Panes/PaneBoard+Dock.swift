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

    /// Why a pane does not show the committed state yet, for `.pane` and a block printed
    /// before its first read: `not read yet: …` (no rows) or `stale: …` (a refresh waits). Nil
    /// when it shows it, or is merely refreshing.
    ///
    /// On an in-memory database the user's write transaction holds the database itself: the
    /// panes' connection cannot read the committed state until it ends (a pane pinned then
    /// printed a header and no rows, and `.pane` showed rows from before a `.parameter set`
    /// as if they were current).
    func waitNote(for pane: Pane) -> String? {
        if pane.isFailed {
            // Pinned inside a transaction that changed the schema, the query compiled against
            // the transaction's schema: its error may not be the committed state's.
            guard pendingRestarts[pane.id] != nil, schemaChangedInTransaction, userIsInTransaction,
                  panesCompiledOnTransactionSchema.contains(pane.id) else { return nil }
            return "not read yet: the query compiled against the open transaction's schema; "
                + "the pane compiles again against the committed one when the transaction ends"
        }
        guard pane.status != .paused else { return nil }
        let activity = pane.token.flatMap { engine?.scheduler.activity(of: $0) } ?? .idle
        let waits = pendingRestarts[pane.id] != nil || activity != .idle
        guard waits || pane.result == nil else { return nil }
        let state = pane.result == nil ? "not read yet" : "stale"
        if connection.options.isInMemory && userIsInTransaction {
            return "\(state): the open transaction holds the in-memory database, and panes read "
                + "the committed state on a connection of their own: they read when it ends"
        }
        if activity == .waitingForLock { return "\(state): waiting for the database lock" }
        return nil
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
        var blocks = presentation.takeBlocks(of: panes)
        for index in blocks.indices where blocks[index].pane.result == nil {
            blocks[index].note = waitNote(for: blocks[index].pane)
            // A block that says its pane waits is not the pane's last word: its next refresh
            // prints a block even when it shows the same (an error compiled against an
            // in-memory transaction's schema, then again after ROLLBACK).
            if blocks[index].note != nil { presentation.forgetShown(blocks[index].pane.id) }
        }
        return blocks
    }
}
