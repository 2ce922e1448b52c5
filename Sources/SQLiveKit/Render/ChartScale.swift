/// How values map to bar lengths: the columns left of the axis (for negative values) and
/// right of it, in proportion to the most negative and the most positive value.
///
///     let scale = ChartScale(values: [-5, 10], columns: 30)
///     scale.negativeColumns              // 10
///     scale.bar(for: 10)                 // (left: 0, rightEighths: 160): 20 full columns
///     scale.bar(for: -5)                 // (left: 10, rightEighths: 0)
struct ChartScale {
    let negativeColumns: Int
    let positiveColumns: Int
    private let minimum: Double
    private let maximum: Double

    init(values: [Double], columns: Int) {
        minimum = min(0, values.min() ?? 0)
        maximum = max(0, values.max() ?? 0)
        let span = maximum - minimum
        negativeColumns = span > 0 ? Int((Double(columns) * -minimum / span).rounded()) : 0
        positiveColumns = columns - negativeColumns
    }

    /// Full blocks left of the axis for a negative value; eighths of a block right of it
    /// for a positive one. Nothing for zero or a missing value.
    func bar(for value: Double?) -> (left: Int, rightEighths: Int) {
        guard let value else { return (0, 0) }
        if value < 0 {
            return (min(negativeColumns, Int((Double(negativeColumns) * value / minimum).rounded())), 0)
        }
        if value > 0 && maximum > 0 {
            return (0, Int((Double(positiveColumns * 8) * value / maximum).rounded()))
        }
        return (0, 0)
    }
}
