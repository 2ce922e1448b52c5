/// Narrows a grid's columns to fit a terminal: the widest columns give up space first, so
/// short columns keep their full text and only the long values are cut with `…`.
///
///     ColumnFitting.fit([3, 40, 10], terminalWidth: 40)   // [3, 17, 10]
///     ColumnFitting.fit([3, 40, 10], terminalWidth: nil)  // [3, 40, 10]
enum ColumnFitting {
    /// The widths to draw columns of natural widths `natural` with, borders included in the
    /// budget. Without a terminal, or when everything fits, the natural widths. A column
    /// never goes below one character; when even that is too wide the grid overflows.
    static func fit(_ natural: [Int], terminalWidth: Int?) -> [Int] {
        guard let terminalWidth else { return natural }
        let available = terminalWidth - GridStyle.totalWidth(of: natural.map { _ in 0 })
        guard natural.reduce(0, +) > available else { return natural }
        guard available > natural.count else { return natural.map { min($0, 1) } }

        // The largest cap that fits, by binary search: sum(min(width, cap)) grows with cap.
        var low = 1
        var high = natural.max() ?? 1
        while low < high {
            let cap = (low + high + 1) / 2
            if cappedSum(natural, cap) <= available { low = cap } else { high = cap - 1 }
        }
        var widths = natural.map { min($0, low) }
        // Hand out what the cap left over, one column each, to the widest columns it cut.
        var leftover = available - widths.reduce(0, +)
        for index in natural.indices.sorted(by: { natural[$0] > natural[$1] }) where leftover > 0 && natural[index] > low {
            widths[index] += 1
            leftover -= 1
        }
        return widths
    }

    private static func cappedSum(_ widths: [Int], _ cap: Int) -> Int {
        widths.reduce(0) { $0 + min($1, cap) }
    }
}
