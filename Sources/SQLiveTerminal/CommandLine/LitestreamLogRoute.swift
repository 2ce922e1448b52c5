import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Litestream's VFS writes its log to standard output unless `LITESTREAM_LOG_FILE` names a
/// file: its errors (a poll that fails, again and again: benbjohnson/litestream#1460) came
/// out among the rows, and into whatever reads them (`sqlive --replica URL --follow | grep`).
///
/// The extension is a Go library, whose runtime reads the environment the process started
/// with, not the one `setenv` changes: set before the extension loads, the variable was not
/// seen. So `sqlive --replica URL` without it runs itself again, at once, with
/// `LITESTREAM_LOG_FILE=/dev/stderr` (before anything is read, written or opened); a value
/// the user set is kept. (`.open --replica` at the prompt comes too late for this: there the
/// log goes to the terminal.)
enum LitestreamLogRoute {
    static let variable = "LITESTREAM_LOG_FILE"

    /// Returns only when the variable is set already, or running again failed (the log then
    /// goes to standard output, as before).
    static func runAgainLoggingToStandardError() {
        guard getenv(variable) == nil else { return }
        setenv(variable, "/dev/stderr", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Not run again: the variable would only confuse programs sqlive starts.
        unsetenv(variable)
    }
}
