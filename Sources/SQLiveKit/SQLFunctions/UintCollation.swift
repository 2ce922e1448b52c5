import Foundation
import GRDB
import GRDBSQLite

/// sqlite3's shell builds in SQLite's `uint` extension, the collation `uint`: text compared
/// byte by byte, except that runs of digits compare as the unsigned integers they write
/// (leading zeros ignored), so `a9` sorts before `a10`. The shell's `usleep(N)` comes along:
/// it waits N microseconds (to the millisecond below, as sqlite3 does) and returns N.
///
///     SELECT name FROM file ORDER BY name COLLATE uint;   -- x2.txt before x10.txt
enum UintCollation {
    static func install(in db: Database) {
        db.add(collation: DatabaseCollation("uint") { left, right in
            let order = compare(Array(left.utf8), Array(right.utf8))
            return order < 0 ? .orderedAscending : order > 0 ? .orderedDescending : .orderedSame
        })
        db.addShellFunction("usleep", argumentCount: 1) { values in
            let microseconds = Int32(truncatingIfNeeded: integer(values[0]))
            if microseconds >= 1000 { sqlite3_sleep(microseconds / 1000) }
            return Int64(microseconds)
        }
    }

    /// What sqlite3_value_int reads (before keeping the low 32 bits): an integer as is, a
    /// real truncated, text by its leading integer, anything else 0.
    static func integer(_ value: DatabaseValue) -> Int64 {
        switch value.storage {
        case .int64(let integer): return integer
        case .double(let double): return double.isFinite ? Int64(exactly: double.rounded(.towardZero)) ?? 0 : 0
        case .string(let text):
            var digits = Substring(text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            let negative = digits.first == "-"
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            var result: Int64 = 0
            for character in digits {
                guard let digit = character.wholeNumberValue, character.isASCII else { break }
                result = result &* 10 &+ Int64(digit)
            }
            return negative ? 0 &- result : result
        case .null, .blob: return 0
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Negative, zero or positive as the extension compares: digits against a non-digit as
    /// bytes; two runs of digits by value, then the rest.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            let difference = Int(a[i]) - Int(b[j])
            if isDigit(a[i]) {
                guard isDigit(b[j]) else { return difference }
                while i < a.count && a[i] == 0x30 { i += 1 }
                while j < b.count && b[j] == 0x30 { j += 1 }
                var k = 0
                while i + k < a.count && isDigit(a[i + k]) && j + k < b.count && isDigit(b[j + k]) { k += 1 }
                if i + k < a.count && isDigit(a[i + k]) { return 1 }
                if j + k < b.count && isDigit(b[j + k]) { return -1 }
                for offset in 0..<k where a[i + offset] != b[j + offset] {
                    return Int(a[i + offset]) - Int(b[j + offset])
                }
                i += k
                j += k
            } else if difference != 0 {
                return difference
            } else {
                i += 1
                j += 1
            }
        }
        return (a.count - i) - (b.count - j)
    }
}
