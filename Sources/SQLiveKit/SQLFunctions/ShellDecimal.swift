/// A decimal number of any length, as the `decimal` functions sqlite3's shell builds in
/// compute it: digits, how many of them are after the point, and a sign. The arithmetic
/// and the text are made to give sqlite3's bytes, quirks included (`decimal_mul('0','-1')`
/// is `-0`, trailing zeros are kept by `decimal()` and trimmed by `decimal_mul` only down to
/// the shorter fraction of its operands).
///
///     ShellDecimal("0.5")!.times(ShellDecimal("2")!)?.text   // "1"
///     ShellDecimal("1.50")!.times(ShellDecimal("2.0")!)?.text   // "3.0"
struct ShellDecimal {
    /// Most significant first, 0…9 each.
    var digits: [Int8]
    /// How many of ``digits`` are after the point.
    var fraction: Int
    var negative: Bool

    /// Reads `[+-]digits[.digits][e[+-]N]` after leading spaces; leading zeros are dropped.
    /// Nil for text that is not such a number.
    init?(_ text: String) {
        var bytes = Substring(text).utf8.drop { $0 == 0x20 || (0x09...0x0D).contains($0) }
        digits = []
        fraction = 0
        negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        else if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        bytes = bytes.drop { $0 == UInt8(ascii: "0") }
        var pointAfter: Int?
        var exponent = 0
        var rest = bytes[...]
        while let byte = rest.first {
            rest = rest.dropFirst()
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(Int8(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "."): pointAfter = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard let value = Int(String(decoding: rest, as: UTF8.self).trimmingPrefix("+")) else { return nil }
                exponent = max(-100_000, min(100_000, value))
                rest = rest.suffix(0)
            default: return nil
            }
        }
        if let pointAfter { fraction = digits.count - pointAfter }
        shift(by: exponent)
    }

    /// Moves the point `exponent` places to the right (left when negative).
    private mutating func shift(by exponent: Int) {
        if exponent > 0 {
            let moved = min(exponent, fraction)
            fraction -= moved
            digits += Array(repeating: 0, count: exponent - moved)
        } else if exponent < 0 {
            var left = -exponent
            let whole = digits.count - fraction - 1
            if whole > 0 {
                let moved = min(whole, left)
                fraction += moved
                left -= moved
            }
            if left > 0 {
                digits = Array(repeating: 0, count: left) + digits
                fraction += left
            }
        }
    }

    /// The text sqlite3 gives: a leading `0` before a bare fraction, no other leading zeros.
    var text: String {
        var result = ""
        let isZero = digits.isEmpty || (digits.count == 1 && digits[0] == 0)
        if negative && !isZero { result += "-" }
        var whole = digits.count - fraction
        var index = 0
        if whole <= 0 { result += "0" }
        while whole > 1 && digits[index] == 0 { index += 1; whole -= 1 }
        while whole > 0 { result.append(Character(String(digits[index]))); index += 1; whole -= 1 }
        if fraction > 0 {
            result += "."
            while index < digits.count { result.append(Character(String(digits[index]))); index += 1 }
        }
        return result
    }

    /// The product, with as many trailing fraction zeros trimmed as the shorter operand
    /// fraction allows.
    /// The product, digit by digit: time grows with the product of the lengths (two numbers
    /// of 200,000 digits take minutes), so `isInterrupted` is asked now and then, and nil
    /// returned when it says to stop.
    func times(_ other: ShellDecimal, isInterrupted: () -> Bool = { false }) -> ShellDecimal? {
        var accumulator = [Int](repeating: 0, count: digits.count + other.digits.count + 2)
        var work = 0
        for i in stride(from: digits.count - 1, through: 0, by: -1) {
            work += other.digits.count
            if work >= 1 << 20 {
                work = 0
                if isInterrupted() { return nil }
            }
            let factor = Int(digits[i])
            var carry = 0
            var k = i + other.digits.count + 2
            for j in stride(from: other.digits.count - 1, through: 0, by: -1) {
                let x = accumulator[k] + factor * Int(other.digits[j]) + carry
                accumulator[k] = x % 10
                carry = x / 10
                k -= 1
            }
            let x = accumulator[k] + carry
            accumulator[k] = x % 10
            accumulator[k - 1] += x / 10
        }
        var product = ShellDecimal(digits: accumulator.map { Int8($0) }, fraction: fraction + other.fraction,
                                   negative: negative != other.negative)
        let smallest = min(fraction, other.fraction)
        while product.fraction > smallest, product.digits.last == 0 {
            product.fraction -= 1
            product.digits.removeLast()
        }
        return product
    }

    /// The sum: both operands widened to the same digits, then added or subtracted.
    func plus(_ other: ShellDecimal) -> ShellDecimal {
        var whole = digits.count - fraction
        if whole > 0 && digits.first == 0 { whole -= 1 }
        whole = max(whole, other.digits.count - other.fraction)
        let width = max(fraction, other.fraction)
        let count = whole + width + 1
        let left = widened(to: count, fraction: width)
        let right = other.widened(to: count, fraction: width)
        var result = ShellDecimal(digits: Array(repeating: 0, count: count), fraction: width, negative: negative)
        if negative == other.negative {
            var carry: Int8 = 0
            for index in stride(from: count - 1, through: 0, by: -1) {
                let x = left[index] + right[index] + carry
                (result.digits[index], carry) = x >= 10 ? (x - 10, 1) : (x, 0)
            }
        } else {
            let (larger, smaller) = left.lexicographicallyPrecedes(right) ? (right, left) : (left, right)
            if left.lexicographicallyPrecedes(right) { result.negative.toggle() }
            var borrow: Int8 = 0
            for index in stride(from: count - 1, through: 0, by: -1) {
                let x = larger[index] - smaller[index] - borrow
                (result.digits[index], borrow) = x < 0 ? (x + 10, 1) : (x, 0)
            }
        }
        return result
    }

    func minus(_ other: ShellDecimal) -> ShellDecimal {
        var negated = other
        negated.negative.toggle()
        return plus(negated)
    }

    /// -1, 0 or 1, comparing as sqlite3's `decimal_cmp` does.
    func compare(_ other: ShellDecimal) -> Int {
        if negative != other.negative { return negative ? -1 : 1 }
        let (a, b) = negative ? (other, self) : (self, other)
        let wholeA = a.digits.count - a.fraction
        let wholeB = b.digits.count - b.fraction
        if wholeA != wholeB { return wholeA < wholeB ? -1 : 1 }
        let common = min(a.digits.count, b.digits.count)
        for index in 0..<common where a.digits[index] != b.digits[index] {
            return a.digits[index] < b.digits[index] ? -1 : 1
        }
        return a.digits.count == b.digits.count ? 0 : (a.digits.count < b.digits.count ? -1 : 1)
    }

    /// The digits with zeros added in front and behind, to `count` digits of which
    /// `fraction` after the point.
    private func widened(to count: Int, fraction newFraction: Int) -> [Int8] {
        let addedFraction = newFraction - fraction
        let addedWhole = count - digits.count - addedFraction
        return Array(repeating: 0, count: addedWhole) + digits + Array(repeating: 0, count: addedFraction)
    }

    private init(digits: [Int8], fraction: Int, negative: Bool) {
        self.digits = digits
        self.fraction = fraction
        self.negative = negative
    }
}
