import Foundation
import GRDB

/// sqlite3's shell builds in SQLite's `ieee754` extension, which shows a REAL as the exact
/// integers it is made of: `ieee754(47.49)` is `ieee754(6683623321994527,-47)`, that is
/// 6683623321994527 × 2⁻⁴⁷. sqlive adds the same functions with the same results:
/// `ieee754(X)`, `ieee754(M,E)`, `ieee754_mantissa(X)`, `ieee754_exponent(X)`,
/// `ieee754_to_blob(X)` and `ieee754_from_blob(B)` (eight bytes, big-endian).
enum IEEE754Functions {
    static func install(in db: Database) {
        db.addShellFunction("ieee754", argumentCount: 1, reach: .harmless) { values in
            guard let (mantissa, exponent) = parts(values[0]) else { return nil }
            return "ieee754(\(mantissa),\(exponent))"
        }
        db.addShellFunction("ieee754_mantissa", argumentCount: 1, reach: .harmless) { values in
            parts(values[0])?.mantissa
        }
        db.addShellFunction("ieee754_exponent", argumentCount: 1, reach: .harmless) { values in
            parts(values[0])?.exponent
        }
        db.addShellFunction("ieee754", argumentCount: 2, reach: .harmless) { values in
            guard let mantissa = Int64.fromDatabaseValue(values[0]), let exponent = Int64.fromDatabaseValue(values[1]) else {
                return nil
            }
            return double(mantissa: mantissa, exponent: exponent)
        }
        db.addShellFunction("ieee754_to_blob", argumentCount: 1, reach: .harmless) { values in
            guard let number = Double.fromDatabaseValue(values[0]) else { return nil }
            return withUnsafeBytes(of: number.bitPattern.bigEndian) { Data($0) }
        }
        db.addShellFunction("ieee754_from_blob", argumentCount: 1, reach: .harmless) { values in
            guard case .blob(let data) = values[0].storage, data.count == 8 else { return nil }
            return Double(bitPattern: data.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
    }

    /// The smallest odd mantissa and its power of two, as the extension computes them: a
    /// negative zero comes out as `ieee754(1,-3071)`, as it does in sqlite3. A blob of eight
    /// bytes is read as a big-endian double.
    static func parts(_ value: DatabaseValue) -> (mantissa: Int64, exponent: Int64)? {
        var number: Double
        switch value.storage {
        case .null: return nil
        case .blob(let data) where data.count == 8:
            number = Double(bitPattern: data.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        default: number = Double.fromDatabaseValue(value) ?? 0
        }
        let negative = number < 0
        if negative { number = -number }
        let bits = Int64(bitPattern: number.bitPattern)
        guard bits != 0 else { return (0, -1075) }
        var exponent = bits >> 52
        var mantissa = bits & ((1 << 52) - 1)
        if exponent == 0 { mantissa <<= 1 } else { mantissa |= 1 << 52 }
        while exponent < 1075 && mantissa > 0 && mantissa & 1 == 0 {
            mantissa >>= 1
            exponent += 1
        }
        return (negative ? -mantissa : mantissa, exponent - 1075)
    }

    /// M × 2^E as the nearest REAL the extension builds (no rounding: bits beyond 53 are dropped).
    static func double(mantissa: Int64, exponent: Int64) -> Double {
        var m = mantissa
        var e = max(-10_000, min(10_000, exponent))
        var negative = false
        if m < 0 {
            negative = true
            m = m &* -1
            if m < 0 { return 0 }
        } else if m == 0 && e > -1000 && e < 1000 {
            return 0
        }
        while (m >> 32) & 0xFFE0_0000 != 0 { m >>= 1; e += 1 }
        while m != 0 && (m >> 32) & 0xFFF0_0000 == 0 { m <<= 1; e -= 1 }
        e += 1075
        if e <= 0 {
            m = 1 - e >= 64 ? 0 : m >> (1 - e)
            e = 0
        } else if e > 0x7FF {
            e = 0x7FF
        }
        var bits = UInt64(bitPattern: m & ((1 << 52) - 1)) | UInt64(e) << 52
        if negative { bits |= 1 << 63 }
        return Double(bitPattern: bits)
    }
}
