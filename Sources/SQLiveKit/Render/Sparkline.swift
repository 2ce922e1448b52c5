/// A row of block characters whose heights follow a series of numbers: `▁▂▄█▆▃`.
///
///     Sparkline.render([1, 2, 4, 8, 6, 3])   // "▁▂▄█▆▃"
///     Sparkline.render([5, 5])               // "▄▄" (a flat series sits in the middle)
///
/// Public so a live pane can draw the history of a value it keeps (`.pin --chart`).
public enum Sparkline {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One character per value, the lowest value as `▁` and the highest as `█`. Values that
    /// are not finite sit in the middle and take no part in the scale.
    public static func render(_ values: [Double]) -> String {
        let finite = values.filter(\.isFinite)
        guard !values.isEmpty else { return "" }
        let low = finite.min() ?? 0
        let high = finite.max() ?? 0
        // Halved, so that the span of ±1e308 does not overflow to infinity.
        let halfSpan = high / 2 - low / 2
        return String(values.map { value in
            guard halfSpan > 0, value.isFinite else { return levels[3] }
            let position = (value / 2 - low / 2) / halfSpan
            return levels[Int(clamping: position * Double(levels.count - 1), to: 0...(levels.count - 1))]
        })
    }
}
