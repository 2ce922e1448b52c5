import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// The lines of standard input in batch mode, read so that a signal can end the wait.
///
/// A script piped in by another program (`producer | sqlive app.db`) may leave sqlive
/// waiting for the next line for as long as the producer likes. SIGTERM must still end the
/// process then, but the signal queue can't unblock a `read` the main thread is stuck in.
/// So each read is preceded by a `poll()` on standard input and the ``MainLoopWaker``'s
/// pipe: when the waker says stop, the input ends as if the file had.
///
///     var lines = StandardInputLines(waker: signals.waker)
///     ScriptRunner(session: session).run(&lines, source: "stdin")
///
/// Lines are cut and checked by a ``LineAssembler``, as ``FileLineSource`` does (a NUL byte
/// becomes U+FFFD, so SQLite reports it instead of silently cutting the line; input that
/// is not text is refused).
final class StandardInputLines: LineSource {
    private let waker: MainLoopWaker?
    private var assembler = LineAssembler(source: "stdin")

    /// Reads file descriptor 0; without a waker, reads block as usual.
    init(waker: MainLoopWaker?) {
        self.waker = waker
    }

    func nextLine() -> String? {
        assembler.nextLine(fill: fill)
    }

    var readFailure: Diagnostic? { assembler.failure }

    /// Reads more bytes into `buffer`; 0 at end of input, on an error, or when a signal
    /// asks to stop.
    private func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            if let waker {
                var watched = [
                    pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: waker.fileDescriptor, events: Int16(POLLIN), revents: 0),
                ]
                if poll(&watched, nfds_t(watched.count), -1) < 0 {
                    if errno == EINTR { continue }
                    return 0
                }
                if watched[1].revents != 0, waker.takeEvents().contains(.stop) { return 0 }
                if watched[0].revents == 0 { continue }
            }
            let count = read(0, buffer.baseAddress, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return max(count, 0)
        }
    }
}
