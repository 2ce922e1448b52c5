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
/// Lines are cut at `\n` from a 64 KiB buffer and decoded as ``FileLineSource`` decodes
/// them (a NUL byte becomes U+FFFD, so SQLite reports it instead of silently cutting the line).
final class StandardInputLines: LineSource {
    private let waker: MainLoopWaker?
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    /// The bytes of `buffer` not yet handed out.
    private var start = 0
    private var end = 0
    /// The start of a line that runs past the end of the buffer.
    private var partial: [UInt8] = []
    private var isFinished = false

    /// Reads file descriptor 0; without a waker, reads block as usual.
    init(waker: MainLoopWaker?) {
        self.waker = waker
    }

    func nextLine() -> String? {
        while true {
            if let newline = buffer.withUnsafeBytes({ bytes -> Int? in
                guard start < end, let base = bytes.baseAddress,
                      let found = memchr(base + start, 0x0A, end - start) else { return nil }
                return base.distance(to: UnsafeRawPointer(found))
            }) {
                defer { start = newline + 1 }
                return takeLine(upTo: newline)
            }
            partial.append(contentsOf: buffer[start..<end])
            start = 0
            end = 0
            guard !isFinished, fill() else {
                isFinished = true
                guard !partial.isEmpty else { return nil }
                return takeLine(upTo: 0)
            }
        }
    }

    /// The line made of `partial` and the buffer up to `index`; empties `partial`. A line
    /// inside the buffer (the common case) is decoded in place, without a copy.
    private func takeLine(upTo index: Int) -> String {
        let lineEnd = max(start, index)
        guard !partial.isEmpty else {
            return buffer.withUnsafeBufferPointer { FileLineSource.line(from: UnsafeBufferPointer(rebasing: $0[start..<lineEnd])) }
        }
        defer { partial.removeAll(keepingCapacity: true) }
        partial.append(contentsOf: buffer[start..<lineEnd])
        return partial.withUnsafeBufferPointer(FileLineSource.line(from:))
    }

    /// Reads more bytes into the empty buffer; false at end of input, on an error, or when
    /// a signal asks to stop.
    private func fill() -> Bool {
        while true {
            if let waker {
                var watched = [
                    pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: waker.fileDescriptor, events: Int16(POLLIN), revents: 0),
                ]
                if poll(&watched, nfds_t(watched.count), -1) < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if watched[1].revents != 0, waker.takeEvents().contains(.stop) { return false }
                if watched[0].revents == 0 { continue }
            }
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return false }
            end = count
            return true
        }
    }
}
