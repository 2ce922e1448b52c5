import FuzzSupport
import SQLiveKit

/// Fuzzes `.width`: the input's first line is its arguments (numbers of any size and sign,
/// hex, multipliers, junk), then a result is drawn in column, box and table modes with
/// values of every storage class, wide characters and line breaks.
///
/// Invariants: `.width` either takes the widths (each at most 100,000 wide) or refuses with
/// an error; with widths up to 1,000 (wider ones only pad, slowly under the sanitizer) a
/// result is drawn in column mode, at least its header, rule and row, and in the grid modes
/// without error; the session survives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWidth(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).remainingText
    let arguments = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
    let fuzz: FuzzSession
    do {
        fuzz = try FuzzSession()
    } catch {
        fuzzFail("cannot create the session: \(error)")
    }
    fuzz.run(".width \(arguments)\n")
    let taken = fuzz.session.errorCount == 0
    // A warning (a word taken as 0, as sqlite3 takes it) may come before the error.
    fuzzCheck(taken || fuzz.errors.text.contains("error: "), "a refused width said: \(fuzz.errors.text)")
    let widths = fuzz.session.settings.columnWidths
    fuzzCheck(widths.allSatisfy { $0.magnitude <= 100_000 }, "widths beyond the limit were taken: \(widths)")
    // Lines of 100,000 spaces are right but slow under the sanitizer: drawn for narrow widths.
    guard widths.allSatisfy({ $0.magnitude <= 1_000 }) else { return 0 }
    fuzz.run(".mode column\nSELECT 1 AS a, -2.5 AS b, 'text' AS c, NULL AS d, x'00ff' AS e, '漢字' AS f;\n")
    fuzzCheck(fuzz.errors.bytes.isEmpty, "column mode failed: \(fuzz.errors.text)")
    if taken {
        let lines = fuzz.output.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        fuzzCheck(lines.count >= 3, "column mode drew \(lines.count) lines")
        fuzzCheck(fuzz.output.bytes.count < 8 * 100_000 * 6, "column mode drew \(fuzz.output.bytes.count) bytes")
    }
    for mode in ["box", "table", "markdown"] {
        fuzz.run(".mode \(mode)\nSELECT 'a' || char(10) || 'b' AS x, 42 AS y;\n")
        fuzzCheck(fuzz.errors.bytes.isEmpty, "\(mode) mode failed: \(fuzz.errors.text)")
    }
    return 0
}
