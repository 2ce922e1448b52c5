extension Int {
    /// A Double made an Int that never traps: rounded, kept within `range`, and NaN taken as
    /// the range's lower end. `Int(_: Double)` stops the process on infinities, NaN and
    /// values beyond ±2⁶³, and charts compute with whatever numbers a query returns.
    ///
    ///     Int(clamping: 3.6, to: 0...10)            // 4
    ///     Int(clamping: .infinity, to: 0...10)      // 10
    ///     Int(clamping: .nan, to: 0...10)           // 0
    init(clamping value: Double, to range: ClosedRange<Int>) {
        guard !value.isNaN else {
            self = range.lowerBound
            return
        }
        let rounded = value.rounded()
        if rounded <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if rounded >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self = Int(rounded)
        }
    }
}
