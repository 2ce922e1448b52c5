import FuzzSupport
import GRDB
import SQLiveKit

/// Fuzzes `regexp()` and `regexpi()`: the first byte chooses which, the input up to the first
/// NUL is the pattern and the rest (at most 512 bytes, so a pattern of 100,000 steps still
/// matches within the time limit) the text.
///
/// Invariants: a pattern either compiles or fails with the extension's kind of message (no
/// crash, no unbounded memory: repeats are bounded by the compiled size, nesting by depth);
/// a match is 0 or 1; a pattern with no special character matches exactly when the text
/// contains it (`instr`), in both functions for ASCII letters' case as they fold it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegexp(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let function = input.choose(from: ["regexp", "regexpi"])
    let bytes = input.remainingBytes
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let pattern = String(decoding: bytes[..<split], as: UTF8.self)
    let text = String(decoding: bytes[min(split + 1, bytes.count)...].prefix(512), as: UTF8.self)
    let fuzz: FuzzSession
    do {
        fuzz = try FuzzSession()
    } catch {
        fuzzFail("cannot create the session: \(error)")
    }
    let result: Int?
    do {
        result = try fuzz.inDatabase { db in
            try Int.fetchOne(db, sql: "SELECT \(function)(?, ?)", arguments: [pattern, text])
        }
    } catch let error as DatabaseError {
        fuzzCheck(error.message?.isEmpty == false, "a pattern failed without a message")
        return 0
    } catch {
        fuzzFail("regexp failed with \(error)")
    }
    fuzzCheck(result == 0 || result == 1, "\(function) gave \(String(describing: result))")
    let special = Set("\\()*.+?[]$^{}|".utf8)
    if !pattern.isEmpty, !pattern.utf8.contains(where: { special.contains($0) || $0 >= 0x80 }),
       !text.utf8.contains(where: { $0 == 0 || $0 >= 0x80 }) {
        // regexpi folds ASCII letters only; both are ASCII here.
        let fold: (UInt8) -> UInt8 = { function == "regexpi" && $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        let needle = pattern.utf8.map(fold), haystack = text.utf8.map(fold)
        let contains = haystack.count >= needle.count
            && (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
        fuzzCheck((result == 1) == contains, "\(function)(\(pattern.debugDescription), \(text.debugDescription)) is \(String(describing: result))")
    }
    return 0
}
