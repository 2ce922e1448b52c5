/// How values map to bar lengths: the columns left of the axis (for negative values) and
/// right of it, in proportion to the most negative and the most positive value.
///
///     let scale = ChartScale(values: [-5, 10], columns: 30)
///     scale.negativeColumns              // 10
///     scale.bar(for: 10)                 // (left: 0, rightEighths: 160): 20 full columns
///     scale.bar(for: -5)                 // (left: 10, rightEighths: 0)
///
/// Values are any finite doubles, up to ±1.8e308: every ratio is computed so that no
/// intermediate overflows (`1e308 - -1e308` would be infinite, and infinity over infinity
/// is NaN), and every length is clamped to the columns there are.
struct ChartScale {
    let negativeColumns: Int
    let positiveColumns: Int
    private let minimum: Double
    private let maximum: Double

    init(values: [Double], columns: Int) {
        let finite = values.filter(\.isFinite)
        minimum = min(0, finite.min() ?? 0)
        maximum = max(0, finite.max() ?? 0)
        let negativeShare = maximum > minimum ? Self.position(of: 0, from: minimum, to: maximum) : 0
        negativeColumns = Int(clamping: Double(columns) * negativeShare, to: 0...columns)
        positiveColumns = columns - negativeColumns
    }

    /// Full blocks left of the axis for a negative value; eighths of a block right of it
    /// for a positive one. Nothing for zero, a missing value, or one that is not finite.
    func bar(for value: Double?) -> (left: Int, rightEighths: Int) {
        guard let value, value.isFinite else { return (0, 0) }
        if value < 0 && minimum < 0 {
            return (Int(clamping: Double(negativeColumns) * (value / minimum), to: 0...negativeColumns), 0)
        }
        if value > 0 && maximum > 0 {
            let eighths = positiveColumns * 8
            return (0, Int(clamping: Double(eighths) * (value / maximum), to: 0...eighths))
        }
        return (0, 0)
    }

    /// Where `value` lies between `low` and `high` (low < high), from 0 to 1. When the span
    /// overflows (`1e308 - -1e308`) the halves are used instead, whose span is finite; tiny
    /// spans are not halved, since halving 4.9e-324 gives 0.
    static func position(of value: Double, from low: Double, to high: Double) -> Double {
        let span = high - low
        if span.isFinite {
            return (value - low) / span
        }
        return (value / 2 - low / 2) / (high / 2 - low / 2)
    }
}
