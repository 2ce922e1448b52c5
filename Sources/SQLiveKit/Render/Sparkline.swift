/// A row of block characters whose heights follow a series of numbers: `▁▂▄█▆▃`.
///
///     Sparkline.render([1, 2, 4, 8, 6, 3])   // "▁▂▄█▆▃"
///     Sparkline.render([5, 5])               // "▄▄" (a flat series sits in the middle)
///
/// What `.chart` draws for a series of values too many for bars (see ``ChartRenderer``).
public enum Sparkline {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One character per value, the lowest value as `▁` and the highest as `█`. Values that
    /// are not finite sit in the middle and take no part in the scale.
    public static func render(_ values: [Double]) -> String {
        let finite = values.filter(\.isFinite)
        guard !values.isEmpty else { return "" }
        let low = finite.min() ?? 0
        let high = finite.max() ?? 0
        return String(values.map { value in
            guard high > low, value.isFinite else { return levels[3] }
            let position = ChartScale.position(of: value, from: low, to: high)
            return levels[Int(clamping: position * Double(levels.count - 1), to: 0...(levels.count - 1))]
        })
    }
}
