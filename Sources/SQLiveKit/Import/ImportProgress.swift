/// The progress bar of a long `.import`, drawn on standard error once the import has taken
/// a second, then at most ten times a second:
///
///     importing big.csv [██████████░░░░░░░░░░]  52%  520,000 rows  36/69 MB  390,000 rows/s  ETA 1s
///
/// The importer calls ``update(rows:bytes:)`` every few thousand rows; it answers the line
/// to draw when it is time to draw one.
struct ImportProgress {
    let name: String
    let totalBytes: Int?
    let width: Int
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?
    /// A line is on the screen and must be erased before anything else is written.
    private(set) var isShowing = false

    /// How long the import runs before the first bar (``SessionEnvironment/progressDelay``).
    let delay: Duration
    static let interval = Duration.milliseconds(100)

    init(name: String, totalBytes: Int?, width: Int, delay: Duration = .seconds(1)) {
        self.name = name
        self.totalBytes = totalBytes
        self.width = max(40, width)
        self.delay = delay
    }

    /// The bar's line to draw now (over the previous one), or nil.
    mutating func update(rows: Int, bytes: Int) -> String? {
        let now = ContinuousClock.now
        guard now - start >= delay else { return nil }
        if let lastDraw, now - lastDraw < Self.interval { return nil }
        lastDraw = now
        isShowing = true
        return Self.line(name: name, rows: rows, bytes: bytes, totalBytes: totalBytes, elapsed: now - start, width: width)
    }

    /// True when a bar was shown and must now be erased.
    mutating func erase() -> Bool {
        defer { isShowing = false }
        return isShowing
    }

    /// The bar's line for these numbers, at most `width` columns.
    static func line(name: String, rows: Int, bytes: Int, totalBytes: Int?, elapsed: Duration, width: Int) -> String {
        let seconds = max(0.001, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        var parts = ["\(grouped(rows)) rows"]
        let rate = "\(grouped(Int(clamping: Double(rows) / seconds, to: 0...Int.max))) rows/s"
        guard let totalBytes, totalBytes > 0 else {
            let text = "importing \(name)  " + (parts + ["\(megabytes(bytes)) MB", rate]).joined(separator: "  ")
            return DisplayWidth.truncate(text, to: width - 1)
        }
        let fraction = min(1, Double(bytes) / Double(totalBytes))
        parts.insert("\(Int(clamping: (fraction * 100).rounded(.down), to: 0...100))%", at: 0)
        parts.append("\(megabytes(bytes))/\(megabytes(totalBytes)) MB")
        parts.append(rate)
        if fraction > 0 {
            // A sparse file of exabytes makes the first fraction tiny and the estimate huge.
            parts.append("ETA \(Int(clamping: (seconds * (1 - fraction) / fraction).rounded(.up), to: 0...Int.max))s")
        }
        let text = parts.joined(separator: "  ")
        // One column is kept free: a line that fills the width wraps on some terminals, and
        // the carriage return that redraws it would then leave its first half behind.
        let available = width - 1
        let nameColumns = min(24, available - DisplayWidth.of(text) - "importing  ".count)
        let head = nameColumns >= 8 ? "importing \(DisplayWidth.truncate(name, to: nameColumns)) " : "importing "
        let barWidth = min(30, available - DisplayWidth.of(head) - DisplayWidth.of(text) - 3)
        guard barWidth >= 10 else { return DisplayWidth.truncate(head + text, to: available) }
        let filled = Int(clamping: (fraction * Double(barWidth)).rounded(.down), to: 0...barWidth)
        return head + "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "]  " + text
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }

    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_000_000
        return value < 10 ? String(Double(Int(value * 10)) / 10) : String(Int(value))
    }
}
