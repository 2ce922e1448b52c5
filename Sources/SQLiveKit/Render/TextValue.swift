#if canImport(Glibc)
import Glibc
#endif

/// Small helpers shared by renderers for turning SQLite text into output bytes.
enum TextValue {
    /// The bytes up to the first NUL: sqlite3 prints values with `%s`, which stops there.
    @inline(__always)
    static func untilNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let base = bytes.baseAddress, let nul = memchr(base, 0, bytes.count) else { return bytes }
        return UnsafeBufferPointer(start: base, count: UnsafeRawPointer(nul) - UnsafeRawPointer(base))
    }
}
