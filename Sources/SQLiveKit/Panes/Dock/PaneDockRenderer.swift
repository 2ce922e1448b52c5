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
///    `height = board.dockHeight(screenRows:screenColumns:)`, write ``scrollAway(rows:)`` of
///    the rows the dock will cover (so they reach the scrollback), then
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
///    write ``setScrollRegion(dockHeight:screenRows:)`` again (after ``scrollAway(rows:)``
///    when it grows) and repaint; on exit, or when the dock empties, write
///    ``resetScrollRegion``.
/// 5. Wrap each of these writes in ``synchronized(_:)``, so a terminal shows it whole.
public struct PaneDockRenderer {
    public var width: Int
    public var height: Int
    public var now: Date
    public var usesColor: Bool
    /// The text of NULL: `NULL` on a terminal (dimmed), `.nullvalue` when set.
    public var nullValue: String
    /// How long rows changed by a refresh stay highlighted.
    public var highlightDuration: TimeInterval
    /// Where the database the panes follow stands, when it says (a replica's transaction and
    /// lag): the rule shows it.
    var sourceStatus: String?
    /// The user has a transaction open: the panes show what is committed, and the rule says so.
    public var showsCommittedState = false
    /// The tallest dock `.layout` can ask for on this screen, for the advice on hidden
    /// panes; nil when unknown.
    public var maximumHeight: Int?

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
    /// separates it from the prompt. Each pane shown gets at least its title, column names
    /// and first row; panes go side by side when the terminal is wide enough for columns
    /// of ``DockArrangement/minimumColumnWidth``; the lines left are shared out. What does
    /// not fit is said: a pane's hidden rows in its last line or title, hidden panes in the
    /// rule.
    public func lines(for panes: [Pane]) -> [String] {
        guard height > 0 else { return [] }
        let available = height - 1
        let arrangement = DockArrangement(needs: panes.map { 1 + Self.bodyHeight(of: $0) },
                                          minimums: panes.map { 1 + Self.minimumBodyHeight(of: $0) },
                                          width: width, lines: available)
        let columns = arrangement.columns.map { column in
            column.flatMap { placement in
                block(of: panes[placement.pane], lines: placement.lines, width: arrangement.columnWidth)
            }
        }
        var lines: [String] = []
        for index in 0..<max(0, available) {
            guard columns.count > 1 else {
                lines.append(columns.first.flatMap { index < $0.count ? $0[index].render(usesColor: usesColor) : nil } ?? "")
                continue
            }
            var row = ""
            for (number, column) in columns.enumerated() {
                if number > 0 { row += separator }
                var line = index < column.count ? column[index] : DockLine(width: arrangement.columnWidth)
                if number < columns.count - 1 { line.pad() }
                row += line.render(usesColor: usesColor)
            }
            lines.append(row)
        }
        return lines + [rule(hiding: arrangement.hiddenCount, of: panes)]
    }

    /// The lines the panes would use with room for everything: titles, bodies and the rule,
    /// on a dock of `width` columns (side by side when that takes fewer lines); stacked
    /// when the width is not given.
    public static func neededHeight(for panes: [Pane], width: Int? = nil) -> Int {
        let needs = panes.map { 1 + bodyHeight(of: $0) }
        guard let width, !panes.isEmpty else { return needs.reduce(1, +) }
        // The smallest dock on which everything shows whole: stacked at most.
        let lines = smallestLines(in: (needs.max() ?? 0)...needs.reduce(0, +)) { lines in
            DockArrangement(needs: needs, minimums: needs, width: width, lines: lines).hiddenCount == 0
        }
        return (lines ?? needs.reduce(0, +)) + 1
    }

    /// The smallest count of lines in `range` for which `fits` holds, by bisection (more
    /// lines never hide more panes); nil when even the largest does not fit.
    static func smallestLines(in range: ClosedRange<Int>, fits: (Int) -> Bool) -> Int? {
        guard fits(range.upperBound) else { return nil }
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if fits(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The dock's last line: a rule, which says when the user's transaction is open and how
    /// many panes found no room.
    private func rule(hiding hidden: Int, of panes: [Pane]) -> String {
        var notes: [String] = []
        if hidden > 0 {
            let count = hidden == 1 ? "1 more pane hidden" : "\(hidden) more panes hidden"
            notes.append("\(count): " + roomAdvice(for: panes))
        }
        if showsCommittedState {
            notes.append("a transaction is open: panes show committed data")
        }
        if let sourceStatus {
            notes.append(sourceStatus)
        }
        var rule = DockLine(width: width)
        let text = notes.isEmpty ? "" : "── " + notes.joined(separator: " · ") + " "
        rule.append(text + String(repeating: "─", count: max(0, width - text.count)), style: .rule)
        return rule.render(usesColor: usesColor)
    }

    /// What shows the hidden panes: the height of dock that fits them all, when the screen
    /// has it.
    private func roomAdvice(for panes: [Pane]) -> String {
        let minimums = panes.map { 1 + Self.minimumBodyHeight(of: $0) }
        // Every pane stacked at its least always fits: the search ends there.
        let tallest = min(maximumHeight ?? Int.max, minimums.reduce(1, +))
        let lines = height <= tallest ? Self.smallestLines(in: height...tallest) { lines in
            DockArrangement(needs: minimums, minimums: minimums, width: width, lines: lines - 1).hiddenCount == 0
        } : nil
        return lines.map { ".layout \($0) shows them" } ?? "a taller terminal, or .unpin, shows them"
    }

    private var separator: String {
        usesColor ? DockLine.Style.rule.sgr + "│\u{1B}[0m" : "│"
    }

    // MARK: - Terminal sequences

    /// Confines scrolling to the rows below the dock (DECSTBM) and parks the cursor on the
    /// last row, where the prompt goes.
    public static func setScrollRegion(dockHeight: Int, screenRows: Int) -> String {
        "\u{1B}[\(dockHeight + 1);\(screenRows)r\u{1B}[\(screenRows);1H"
    }

    /// Scrolling over the whole screen again.
    public static let resetScrollRegion = "\u{1B}[r"

    /// Scrolls the text on `rows` up and off them, as output scrolls, so that it reaches the
    /// terminal's scrollback before a growing dock covers these rows: a scroll region of
    /// just those rows, then one line feed per row on its last one. A terminal keeps what
    /// scrolls off a region that starts on the first row (the first dock); tmux also keeps
    /// what scrolls off a region lower down (a dock that grows), where xterm drops it. The
    /// caller sets its own scroll region next (DECSTBM also moves the cursor home).
    public static func scrollAway(rows: ClosedRange<Int>) -> String {
        "\u{1B}[\(rows.lowerBound);\(rows.upperBound)r\u{1B}[\(rows.upperBound);1H"
            + String(repeating: "\n", count: rows.count)
    }

    /// `text` as one synchronized update (DEC private mode 2026): a terminal that supports
    /// it (kitty, WezTerm, iTerm2, foot, xterm.js) shows the whole change at once, without
    /// flicker; others ignore both sequences.
    public static func synchronized(_ text: String) -> String {
        beginSynchronizedUpdate + text + endSynchronizedUpdate
    }

    public static let beginSynchronizedUpdate = "\u{1B}[?2026h"
    public static let endSynchronizedUpdate = "\u{1B}[?2026l"

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

    /// The least a shown pane gets under its title: its error, or its column names and
    /// first row.
    private static func minimumBodyHeight(of pane: Pane) -> Int {
        min(bodyHeight(of: pane), 2)
    }

    /// One pane: its title, then its body in the lines left.
    private func block(of pane: Pane, lines: Int, width: Int) -> [DockLine] {
        guard lines > 0 else { return [] }
        let bodyLines = lines - 1
        let hiddenRows = pane.result.map { $0.rows.count - (bodyLines - 1) } ?? 0
        // Room for the names and one row but no note: the title counts the rows hidden.
        let hiddenInTitle = !pane.isFailed && bodyLines == 2 && hiddenRows > 0 ? hiddenRows : nil
        return [title(of: pane, width: width, hiddenRows: hiddenInTitle)] + body(of: pane, lines: bodyLines, width: width)
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

    private func title(of pane: Pane, width: Int, hiddenRows: Int?) -> DockLine {
        var essential = ["\(pane.id) \(pane.name)"]
        switch pane.status {
        case .failed: essential.append("error")
        case .paused: essential.append("paused")
        case .live: break
        }
        if let result = pane.result, !pane.isFailed {
            essential.append(result.rowCountText + (hiddenRows.map { " (\($0) hidden)" } ?? ""))
        }
        var optional = [pane.refreshCount == 1 ? "1 refresh" : "\(pane.refreshCount) refreshes"]
        if let time = pane.lastRefresh { optional.append(TimeOfDay.format(time)) }
        if let cause = pane.lastCause { optional.append(DockTitle.cause(cause)) }
        if isHighlighted(pane), let change = pane.lastChange, !change.diff.isEmpty {
            optional.append(change.diff.summary)
        }
        // What the pane is doing (stale, waiting) is status: it shows whatever is cut.
        let trailing = activityText(of: pane).map { [$0] } ?? []
        var line = DockLine(width: width)
        line.append(DockTitle.fitted(essential: essential, optional: optional, trailing: trailing, width: width), style: .title)
        line.pad(style: .title)
        return line
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

    private func body(of pane: Pane, lines budget: Int, width: Int) -> [DockLine] {
        guard budget > 0 else { return [] }
        if case .failed(let message) = pane.status {
            var line = DockLine(width: width)
            line.append("  error: \(message)", style: .error)
            return [line]
        }
        guard let result = pane.result, !result.rows.isEmpty else { return [] }
        let fits = budget > result.rows.count
        let more = result.hasMore ? "+" : ""
        // Names and one row at least (a pane shown always gets both: ``DockArrangement``);
        // a note of the rows left when there is a line for it.
        let rowCount = fits ? result.rows.count : max(1, budget - 2)
        let table = DockTable(result: result, rowCount: rowCount, nullValue: nullValue, width: width)
        let diff = isHighlighted(pane) ? pane.lastChange?.diff : nil
        var lines = [table.header(width: width)]
        for index in 0..<rowCount {
            lines.append(table.row(index, width: width, diff: diff))
        }
        let left = result.rows.count - rowCount
        if !fits, budget > 2 {
            var line = DockLine(width: width)
            line.append(left == 1 && !result.hasMore ? "  … 1 more row" : "  … \(left)\(more) more rows", style: .dim)
            lines.append(line)
        }
        return lines
    }
}
