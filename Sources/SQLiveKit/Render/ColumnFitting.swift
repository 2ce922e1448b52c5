/// Narrows a grid's columns to fit a terminal. Numbers are never cut: a column whose values
/// are all numbers keeps its full width (its name included). Text columns give up space
/// first, the widest first, so short columns keep their full text and only long values are
/// cut with `…`. A text column is never narrowed below ``textFloor`` characters: when the
/// grid cannot fit even then, there is no fitting grid and the renderer shows one block per
/// row instead (``ExpandedRecords``).
///
///     ColumnFitting.fit([3, 40, 10], keeping: [false, false, false], terminalWidth: 40)  // [3, 17, 10]
///     ColumnFitting.fit([19, 40], keeping: [true, false], terminalWidth: 40)            // [19, 14]
///     ColumnFitting.fit([19, 40], keeping: [true, false], terminalWidth: 30)            // nil
///     ColumnFitting.fit([3, 40, 10], keeping: [false, false, false], terminalWidth: nil) // [3, 40, 10]
enum ColumnFitting {
    /// Text columns keep at least this many characters (fewer when their text is shorter):
    /// narrower, a column shows too little to be worth a grid.
    static let textFloor = 8

    /// The widths to draw columns of natural widths `natural` with, borders included in the
    /// budget; `keeping[i]` marks a column that must keep its natural width. Without a
    /// terminal, or when everything fits, the natural widths; nil when the grid cannot fit.
    static func fit(_ natural: [Int], keeping: [Bool], terminalWidth: Int?) -> [Int]? {
        guard let terminalWidth else { return natural }
        let available = terminalWidth - GridStyle.totalWidth(of: natural.map { _ in 0 })
        guard natural.reduce(0, +) > available else { return natural }
        let floors = natural.indices.map { keeping[$0] ? natural[$0] : min(natural[$0], textFloor) }
        guard floors.reduce(0, +) <= available else { return nil }

        // The largest cap on text columns that fits, by binary search: the sum grows with it.
        func widths(cap: Int) -> [Int] {
            natural.indices.map { keeping[$0] ? natural[$0] : max(floors[$0], min(natural[$0], cap)) }
        }
        var low = 1
        var high = natural.max() ?? 1
        while low < high {
            let cap = (low + high + 1) / 2
            if widths(cap: cap).reduce(0, +) <= available { low = cap } else { high = cap - 1 }
        }
        var fitted = widths(cap: low)
        // Hand out what the cap left over, one column each, to the widest columns it cut.
        var leftover = available - fitted.reduce(0, +)
        for index in natural.indices.sorted(by: { natural[$0] > natural[$1] })
        where leftover > 0 && fitted[index] < natural[index] {
            fitted[index] += 1
            leftover -= 1
        }
        return fitted
    }
}
