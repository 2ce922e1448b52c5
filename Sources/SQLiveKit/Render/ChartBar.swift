import Foundation

/// One bar of a chart: its label, its value as a number (nil when not numeric), and the
/// value as the result shows it.
struct ChartBar {
    var label: String
    var value: Double?
    var valueText: String

    /// A cell as a number: integers, finite reals, and text that reads as a finite number
    /// (CSV imports leave numbers as text). NULL, blobs, other text and infinite reals
    /// (`9e999`) are not numbers a chart can draw: their bars stay empty.
    static func number<Row: ResultRow>(in row: Row, at index: Int) -> Double? {
        switch row.storageClass(at: index) {
        case .integer: return Double(row.int64(at: index))
        case .real:
            let number = row.double(at: index)
            return number.isFinite ? number : nil
        case .text:
            let text = row.withText(at: index) { String(decoding: $0, as: UTF8.self) }
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else { return nil }
            return number
        case .null, .blob: return nil
        }
    }

    /// A number for a chart's notes: integers without a fraction, others as short as exact.
    ///
    ///     ChartBar.format(42)    // "42"
    ///     ChartBar.format(0.1)   // "0.1"
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
