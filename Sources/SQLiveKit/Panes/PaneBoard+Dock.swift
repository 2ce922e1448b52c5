import Foundation

extension PaneBoard {
    /// The height of the dock on a screen of `screenRows` rows: what `.layout` asks for, or
    /// what the panes need up to half the screen; 0 when panes print inline or there are none.
    ///
    ///     let height = board.dockHeight(screenRows: 40)   // e.g. 9
    public func dockHeight(screenRows: Int) -> Int {
        guard !panes.isEmpty, case .dock(let requested) = layout else { return 0 }
        let wanted = requested ?? PaneDockRenderer.neededHeight(for: panes)
        let limit = requested == nil ? screenRows / 2 : screenRows - 3
        return max(0, min(wanted, limit))
    }

    /// The dock's lines for the current panes (see ``PaneDockRenderer``).
    public func dockLines(width: Int, height: Int, usesColor: Bool = true) -> [String] {
        PaneDockRenderer(width: width, height: height, now: clock(), usesColor: usesColor,
                         nullValue: session?.settings.nullValue ?? "")
            .lines(for: panes)
    }

    /// When the dock must be drawn again to clear a highlight, if one is showing.
    public var nextRepaint: Date? {
        panes.compactMap { $0.lastChange?.time.addingTimeInterval(PaneDockRenderer.defaultHighlightDuration) }
            .filter { $0 > clock() }
            .min()
    }

    /// Notes that the dock shows every pane as it is now, so that `.layout inline` later
    /// prints only the changes made after it.
    public func markShownInDock() {
        for index in panes.indices {
            markPrinted(index)
        }
    }
}
