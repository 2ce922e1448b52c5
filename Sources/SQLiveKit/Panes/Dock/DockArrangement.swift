/// Where the panes go in the dock: in columns side by side when the terminal is wide, each
/// pane with the lines it gets, and how many panes found no room.
///
/// Every pane shown gets at least its ``minimum`` (title, column names and first row); lines
/// left over go to the panes that have more rows. Among the column counts the width allows,
/// the one that hides the fewest panes wins, then the one that shows the most lines, then
/// the one with fewer columns (stacked panes read best).
///
///     // 10 panes of one row each (3 lines: title, names, row), 140 columns, 19 lines
///     let arrangement = DockArrangement(needs: Array(repeating: 3, count: 10),
///                                       minimums: Array(repeating: 3, count: 10),
///                                       width: 140, lines: 19)
///     arrangement.columns.count   // 2: five panes in each, 69 columns wide
///     arrangement.hiddenCount     // 0
struct DockArrangement: Equatable {
    /// One pane in a column: its index among the panes, and its lines (title included).
    struct Placement: Equatable {
        var pane: Int
        var lines: Int
    }

    /// Panes narrower than this would cut every value: below it they stack.
    static let minimumColumnWidth = 40
    /// The separator between two columns (`│`) is one character wide.
    static let separatorWidth = 1

    /// The columns, left to right, each its panes top to bottom, in pane order.
    private(set) var columns: [[Placement]] = []
    private(set) var columnWidth: Int
    /// The panes at the end that got no room.
    private(set) var hiddenCount = 0

    /// - Parameters:
    ///   - needs: each pane's lines with all its rows, title included.
    ///   - minimums: each pane's lines with its title, column names and first row.
    ///   - width: the dock's width.
    ///   - lines: the lines panes may use (the dock less its rule).
    init(needs: [Int], minimums: [Int], width: Int, lines: Int) {
        columnWidth = width
        let maximumColumns = max(1, min(needs.count, (width + Self.separatorWidth) / (Self.minimumColumnWidth + Self.separatorWidth)))
        var best: (score: [Int], arrangement: DockArrangement)?
        for count in 1...maximumColumns {
            let candidate = DockArrangement(columns: count, needs: needs, minimums: minimums, width: width, lines: lines)
            let shown = candidate.columns.joined().reduce(0) { $0 + min($1.lines, needs[$1.pane]) }
            // Lower is better, compared in order.
            let score = [candidate.hiddenCount, -shown, count]
            if best == nil || score.lexicographicallyPrecedes(best!.score) {
                best = (score, candidate)
            }
        }
        self = best?.arrangement ?? self
    }

    /// The panes in `count` columns.
    private init(columns count: Int, needs: [Int], minimums: [Int], width: Int, lines: Int) {
        columnWidth = max(1, (width - (count - 1) * Self.separatorWidth) / count)
        let indices = Array(needs.indices)
        // Everything, whole, in columns of about the same number of panes.
        let balanced = Self.balancedSplit(indices, into: count)
        if balanced.allSatisfy({ $0.reduce(0) { $0 + needs[$1] } <= lines }) {
            columns = balanced.map { $0.map { Placement(pane: $0, lines: needs[$0]) } }
            return
        }
        // Otherwise each pane's minimum, balanced when that fits, packed in order when not
        // (the panes that still find no room are hidden), and the lines left shared out.
        var groups = balanced
        if !balanced.allSatisfy({ $0.reduce(0) { $0 + minimums[$1] } <= lines }) {
            groups = Self.packed(indices, minimums: minimums, into: count, lines: lines)
        }
        hiddenCount = needs.count - groups.reduce(0) { $0 + $1.count }
        columns = groups.map { group in
            let used = group.reduce(0) { $0 + minimums[$1] }
            let extra = PaneDockRenderer.share(lines - used, among: group.map { needs[$0] - minimums[$0] })
            return zip(group, extra).map { Placement(pane: $0, lines: minimums[$0] + $1) }
        }
    }

    /// Splits in order into `count` groups whose sizes differ by one at most (the first
    /// ones larger).
    private static func balancedSplit(_ indices: [Int], into count: Int) -> [[Int]] {
        let size = (indices.count + count - 1) / count
        return stride(from: 0, to: indices.count, by: max(1, size)).map { Array(indices[$0..<min($0 + size, indices.count)]) }
    }

    /// Fills the columns in order, each until the next pane's minimum does not fit; the
    /// panes left over when the last column is full are not placed.
    private static func packed(_ indices: [Int], minimums: [Int], into count: Int, lines: Int) -> [[Int]] {
        var groups: [[Int]] = [[]]
        var used = 0
        for index in indices {
            if used + minimums[index] > lines {
                if groups.count == count { break }
                groups.append([])
                used = 0
                // A pane taller than a whole column is never placed.
                if minimums[index] > lines { break }
            }
            groups[groups.count - 1].append(index)
            used += minimums[index]
        }
        return groups.filter { !$0.isEmpty }
    }
}
