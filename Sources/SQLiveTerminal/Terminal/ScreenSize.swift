#if canImport(Glibc)
import Glibc
#endif

/// The size of the terminal on standard output, in character cells.
///
///     ScreenSize.current()   // ScreenSize(rows: 40, columns: 120)
///
/// Asked afresh whenever it matters (after each statement, on SIGWINCH): a resize may have
/// happened while a statement ran.
struct ScreenSize: Equatable, Sendable {
    var rows: Int
    var columns: Int

    /// The size now (`TIOCGWINSZ`), or nil when standard output is not a terminal or does
    /// not tell its size.
    static func current() -> ScreenSize? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return ScreenSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }
}
