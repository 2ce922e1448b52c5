#if canImport(Glibc)
import Glibc
#endif

/// Stops the process on a broken invariant: libFuzzer sees the abort as a crash and keeps
/// the input that caused it.
///
///     fuzzCheck(units.count <= lines.count, "more units than lines")
public func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    fuzzFail(message())
}

/// Reports a broken invariant and aborts.
public func fuzzFail(_ message: String) -> Never {
    var text = "fuzz invariant broken: \(message)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}
