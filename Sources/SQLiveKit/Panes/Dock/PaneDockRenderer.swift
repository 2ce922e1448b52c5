import Foundation

/// Lays out the dock of panes at the top of a terminal as lines of text, and makes the escape
/// sequences that put them on screen. Pure: the same panes, size and time give the same lines.
///
/// ```swift
/// let renderer = PaneDockRenderer(width: 80, height: 8, now: Date())
/// let lines = renderer.lines(for: board.panes)
/// // 1 scores · 2 rows · 3 refreshes · 14:03:27 · update player(score)[1] · ~1
/// //   name     score
/// // ~ Arthur      30
/// //   Barbara     20
/// // ────────────────────────────────────────────
/// ```
///
/// ## How the terminal front-end uses it
/// All of this happens on the front-end's own thread, in its libedit loop:
/// 1. When panes exist and ``PaneBoard/layout`` is a dock, take
///    `height = board.dockHeight(screenRows:)` and write
///    ``setScrollRegion(dockHeight:screenRows:)``: DECSTBM keeps the prompt and output
///    scrolling below the dock, and the sequence parks the cursor at the bottom (DECSTBM homes
///    it). Set `board.dockIsAvailable = true` so statements no longer print panes inline, and
///    set `board.waker` to write one byte to the loop's wake-up pipe.
/// 2. When the pipe is readable, and after each statement (`Session.run` has settled the
///    panes by then): `board.drainEvents()`, print `.trace` lines above the prompt, then write
///    ``repaint(_:)`` of `board.dockLines(width:height:)` in one `write(2)`: it saves the
///    cursor (ESC 7), rewrites each dock row, and restores it (ESC 8), so the line being
///    edited is not disturbed and libedit need not know.
/// 3. Highlights of changed rows last ``highlightDuration``: poll with a timeout until
///    `board.nextRepaint` and repaint then, to clear them.
/// 4. On SIGWINCH, and when the dock height changes (panes pinned or unpinned, `.layout`),
///    write ``setScrollRegion(dockHeight:screenRows:)`` again and repaint; on exit, or when
///    the dock empties, write ``resetScrollRegion``.
public struct PaneDockRenderer {
    public var width: Int
    public var height: Int
    public var now: Date
    public var usesColor: Bool
    /// The text of NULL (`.nullvalue`).
    public var nullValue: String
    /// How long rows changed by a refresh stay highlighted.
    public var highlightDuration: TimeInterval
    /// The user has a transaction open: the panes show what is committed, and the rule says so.
    public var showsCommittedState = false

    public static let defaultHighlightDuration: TimeInterval = 3

    public init(width: Int, height: Int, now: Date, usesColor: Bool = true, nullValue: String = "",
                highlightDuration: TimeInterval = PaneDockRenderer.defaultHighlightDuration) {
        self.width = width
        self.height = height
        self.now = now
        self.usesColor = usesColor
        self.nullValue = nullValue
        self.highlightDuration = highlightDuration
    }

    /// The dock: `height` lines, each at most `width` columns, the last a rule that
    /// separates it from the prompt. Panes share the lines fairly; one that gets fewer lines
    /// than its rows ends with how many it hides.
    public func lines(for panes: [Pane]) -> [String] {
        guard height > 0 else { return [] }
        var lines: [String] = []
        let available = height - 1
        if available > 0 {
            let shown = panes.count > available ? Array(panes.prefix(available - 1)) : panes
            let moreLine = shown.count < panes.count ? 1 : 0
            let budgets = Self.share(available - shown.count - moreLine, among: shown.map(Self.bodyHeight))
            for (pane, budget) in zip(shown, budgets) {
                lines.append(title(of: pane))
                lines += body(of: pane, lines: budget)
            }
            if shown.count < panes.count {
                var more = DockLine(width: width)
                more.append("… \(panes.count - shown.count) more panes (.layout HEIGHT makes room)", style: .dim)
                lines.append(more.render(usesColor: usesColor))
            }
        }
        while lines.count < available { lines.append("") }
        var rule = DockLine(width: width)
        if showsCommittedState {
            let note = "── a transaction is open: panes show committed data "
            rule.append(note + String(repeating: "─", count: max(0, width - note.count)), style: .rule)
        } else {
            rule.append(String(repeating: "─", count: width), style: .rule)
        }
        return lines + [rule.render(usesColor: usesColor)]
    }

    /// The lines the panes would use with room for everything: titles, bodies and the rule.
    public static func neededHeight(for panes: [Pane]) -> Int {
        panes.reduce(1) { $0 + 1 + bodyHeight(of: $1) }
    }

    // MARK: - Terminal sequences

    /// Confines scrolling to the rows below the dock (DECSTBM) and parks the cursor on the
    /// last row, where the prompt goes.
    public static func setScrollRegion(dockHeight: Int, screenRows: Int) -> String {
        "\u{1B}[\(dockHeight + 1);\(screenRows)r\u{1B}[\(screenRows);1H"
    }

    /// Scrolling over the whole screen again.
    public static let resetScrollRegion = "\u{1B}[r"

    /// Rewrites the dock's rows without moving the cursor: save, each row cleared and
    /// written, restore.
    public static func repaint(_ lines: [String], firstRow: Int = 1) -> String {
        var text = "\u{1B}7"
        for (offset, line) in lines.enumerated() {
            text += "\u{1B}[\(firstRow + offset);1H\u{1B}[2K" + line
        }
        return text + "\u{1B}8"
    }

    // MARK: - Layout

    private static func bodyHeight(of pane: Pane) -> Int {
        if pane.isFailed { return 1 }
        guard let result = pane.result, !result.rows.isEmpty else { return 0 }
        return 1 + result.rows.count
    }

    /// Splits `lines` among needs: everyone gets an equal share, and what a pane does not
    /// need goes to the next ones, in order.
    static func share(_ lines: Int, among needs: [Int]) -> [Int] {
        var budgets = Array(repeating: 0, count: needs.count)
        var left = max(0, lines)
        while left > 0 {
            let hungry = needs.indices.filter { budgets[$0] < needs[$0] }
            if hungry.isEmpty { break }
            let share = max(1, left / hungry.count)
            for index in hungry where left > 0 {
                let given = min(share, needs[index] - budgets[index], left)
                budgets[index] += given
                left -= given
            }
        }
        return budgets
    }

    private func isHighlighted(_ pane: Pane) -> Bool {
        guard let change = pane.lastChange else { return false }
        return now.timeIntervalSince(change.time) < highlightDuration
    }

    private func title(of pane: Pane) -> String {
        var parts = ["\(pane.id) \(pane.name)"]
        switch pane.status {
        case .failed: parts.append("error")
        case .paused: parts.append("paused")
        case .live: break
        }
        if let result = pane.result, !pane.isFailed { parts.append(result.rowCountText) }
        parts.append(pane.refreshCount == 1 ? "1 refresh" : "\(pane.refreshCount) refreshes")
        if let time = pane.lastRefresh { parts.append(TimeOfDay.format(time)) }
        if let cause = pane.lastCause { parts.append(cause.description) }
        if let activity = activityText(of: pane) { parts.append(activity) }
        if isHighlighted(pane), let change = pane.lastChange, !change.diff.isEmpty {
            parts.append(change.diff.summary)
        }
        var line = DockLine(width: width)
        line.append(parts.joined(separator: " · "), style: .title)
        line.pad(style: .title)
        return line.render(usesColor: usesColor)
    }

    /// What a slow or waiting pane is doing, and how long its query took when that is long
    /// enough to notice.
    private func activityText(of pane: Pane) -> String? {
        let took = pane.timing.last.flatMap { $0 >= Self.noticeableDuration ? "took \(Self.format($0))" : nil }
        switch pane.activity {
        case .idle:
            return took
        case .refreshing(let since):
            let running = now.timeIntervalSince(since)
            guard running >= Self.noticeableDuration else { return took }
            return "refreshing \(Self.format(running))" + (took.map { " (last \($0))" } ?? "")
        case .throttled(let until):
            return "stale, next refresh in \(Self.format(max(0, until.timeIntervalSince(now))))" + (took.map { " (\($0))" } ?? "")
        case .waitingForLock:
            return "stale, waiting for the database lock"
        }
    }

    /// Refreshes shorter than this are not worth a word in the title.
    static let noticeableDuration = 0.1

    /// `0.4s`, `12s`.
    static func format(_ seconds: Double) -> String {
        seconds < 10 ? String(format: "%.1fs", seconds) : "\(Int(seconds.rounded()))s"
    }

    private func body(of pane: Pane, lines budget: Int) -> [String] {
        guard budget > 0 else { return [] }
        if case .failed(let message) = pane.status {
            var line = DockLine(width: width)
            line.append("  error: \(message)", style: .error)
            return [line.render(usesColor: usesColor)]
        }
        guard let result = pane.result, !result.rows.isEmpty else { return [] }
        let fits = budget > result.rows.count
        let more = result.hasMore ? "+" : ""
        var lines: [String] = []
        if budget == 1 && !fits {
            var line = DockLine(width: width)
            line.append("  … \(result.rows.count)\(more) rows (.layout HEIGHT makes room)", style: .dim)
            return [line.render(usesColor: usesColor)]
        }
        let rowCount = fits ? result.rows.count : budget - 2
        let table = DockTable(result: result, rowCount: rowCount, nullValue: nullValue)
        let diff = isHighlighted(pane) ? pane.lastChange?.diff : nil
        lines.append(table.header(width: width).render(usesColor: usesColor))
        for index in 0..<rowCount {
            lines.append(table.row(index, width: width, diff: diff).render(usesColor: usesColor))
        }
        if !fits {
            var line = DockLine(width: width)
            line.append("  … \(result.rows.count - rowCount)\(more) more rows", style: .dim)
            lines.append(line.render(usesColor: usesColor))
        }
        return lines
    }
}
