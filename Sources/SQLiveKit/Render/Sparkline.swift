/// A row of block characters whose heights follow a series of numbers: `▁▂▄█▆▃`.
///
///     Sparkline.render([1, 2, 4, 8, 6, 3])   // "▁▂▄█▆▃"
///     Sparkline.render([5, 5])               // "▄▄" (a flat series sits in the middle)
///
/// Public so a live pane can draw the history of a value it keeps (`.pin --chart`).
public enum Sparkline {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One character per value, the lowest value as `▁` and the highest as `█`.
    public static func render(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(values.map { value in
            guard span > 0 else { return levels[3] }
            let level = Int(((value - low) / span * Double(levels.count - 1)).rounded())
            return levels[min(max(level, 0), levels.count - 1)]
        })
    }
}
