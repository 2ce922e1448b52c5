/// What each pane last showed the user, and what it has to show next: the one owner of
/// "printed" and "shown" for panes, whether they print inline as blocks (scripts,
/// `.layout inline`) or show in a dock.
///
/// A refresh leaves its cause here; a block is printed only when what the pane shows (its
/// rows or its error) differs from what was printed or docked last, and then names every
/// cause since.
///
///     presentation.noteRefresh(of: 1, cause: .changes(summary))
///     presentation.takeBlocks(of: board.panes)   // [(pane 1, "update player(score)[1]")]
///     presentation.markShown(board.panes)        // the dock painted them all
struct PanePresentation {
    /// What a pane shows: its rows or its error.
    struct Shown: Equatable {
        var result: PaneResult?
        var error: String?

        init(_ pane: Pane) {
            if case .failed(let message) = pane.status {
                result = nil
                error = message
            } else {
                result = pane.result
                error = nil
            }
        }
    }

    /// A pane to print as a block, with the causes of its refreshes since the last one.
    struct Block {
        var pane: Pane
        var causes: String
        /// Why the block shows no committed rows yet (``PaneBoard/waitNote(for:)``).
        var note: String?
    }

    private var unprintedCauses: [Int: [RefreshCause]] = [:]
    private var lastShown: [Int: Shown] = [:]

    /// A pane refreshed (or failed) with this cause.
    mutating func noteRefresh(of paneID: Int, cause: RefreshCause) {
        unprintedCauses[paneID, default: []].append(cause)
    }

    /// The panes whose shown value changed since it was last printed or docked, in id order,
    /// each with its causes; they count as printed after. Refreshes that left a pane as it
    /// was are not news: their causes are dropped.
    mutating func takeBlocks(of panes: [Pane]) -> [Block] {
        guard !unprintedCauses.isEmpty else { return [] }
        // Only the panes that refreshed are looked at: with a hundred panes pinned, a write
        // wakes one, and walking them all cost more than printing its block.
        let refreshed = unprintedCauses.keys.compactMap { id in panes.firstIndex { $0.id == id } }.sorted()
        var blocks: [Block] = []
        for index in refreshed {
            let pane = panes[index]
            guard let causes = unprintedCauses.removeValue(forKey: pane.id), !causes.isEmpty else { continue }
            let shown = Shown(pane)
            guard shown != lastShown[pane.id] else { continue }
            lastShown[pane.id] = shown
            blocks.append(Block(pane: pane, causes: Self.describe(causes)))
        }
        return blocks
    }

    /// The causes of a block, each said once, in order (most blocks have one).
    private static func describe(_ causes: [RefreshCause]) -> String {
        if causes.count == 1 { return causes[0].description }
        var unique: [String] = []
        for cause in causes.map(\.description) where !unique.contains(cause) { unique.append(cause) }
        return unique.joined(separator: "; ")
    }

    /// The dock shows every pane as it is now: `.layout inline` later prints only the
    /// changes made after.
    mutating func markShown(_ panes: [Pane]) {
        for pane in panes {
            lastShown[pane.id] = Shown(pane)
            unprintedCauses.removeValue(forKey: pane.id)
        }
    }

    /// The pane's next refresh prints a block, whatever it shows.
    mutating func forgetShown(_ paneID: Int) {
        lastShown.removeValue(forKey: paneID)
    }

    mutating func forget(_ paneID: Int) {
        unprintedCauses.removeValue(forKey: paneID)
        lastShown.removeValue(forKey: paneID)
    }
}
