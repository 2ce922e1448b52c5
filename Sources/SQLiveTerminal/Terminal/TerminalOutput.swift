import SQLiveKit

/// Writes to the terminal with `write(2)` on standard output: escape sequences and text go
/// out in the order written, with nothing buffered by stdio to interleave with libedit's own
/// stream (libedit flushes its stream after each redraw).
///
///     TerminalOutput.write("\u{1B}7\u{1B}[1;1H\u{1B}[2K1 scores · 2 rows\u{1B}8")
///
/// Main thread only, like every terminal write: one call is one `write`, as far as the
/// terminal accepts it, so a repaint is never split by another writer of ours.
enum TerminalOutput {
    static func write(_ text: String) {
        var text = text
        // Errors are dropped: a terminal that is gone ends the session through SIGHUP.
        text.withUTF8 { try? FileDescriptorTarget(fileDescriptor: 1).write(UnsafeRawBufferPointer($0)) }
    }
}
