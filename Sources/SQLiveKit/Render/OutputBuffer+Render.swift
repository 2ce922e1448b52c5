/// Byte-level writes the renderers share, so no renderer makes a `String` per cell.
extension OutputBuffer {
    /// Appends `byte` `count` times (padding in grids); nothing when `count` is not positive.
    @inline(__always)
    func append(_ byte: UInt8, count: Int) {
        // A space is never made visible: filled in one go.
        if byte == UInt8(ascii: " ") { return appendUnfiltered(repeating: byte, count: count) }
        var remaining = count
        while remaining > 0 {
            append(byte)
            remaining -= 1
        }
    }

    /// Appends an integer in decimal, as C's `%lld` would.
    ///
    ///     output.appendDecimal(-42)   // "-42"
    func appendDecimal(_ value: Int64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            // The magnitude as unsigned, so Int64.min has one too.
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { append(UInt8(ascii: "-")) }
            append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
