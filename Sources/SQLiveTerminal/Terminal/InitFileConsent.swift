import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Asks the person at the terminal whether a project's `.replrc` may run, before the line
/// editor starts: the question on standard output, one line of answer read from standard
/// input in the terminal's normal (cooked) mode.
///
///     let answer = InitFileConsent(waker: signals.waker).ask("Run ./.replrc? … [y]es / [n]o / [a]lways ")
///     // typed "a" and Enter: .always
///
/// Input typed before the question is discarded (`tcflush`). `y`/`yes` and `a`/`always`
/// (any case) consent; anything else, Enter alone, Ctrl-D, Ctrl-C
/// or a terminating signal is no. The answer is read byte by byte, so nothing typed after it
/// is taken from the line editor.
struct InitFileConsent {
    let waker: MainLoopWaker?

    func ask(_ question: String) -> ProjectInitFile.Answer {
        // Keys typed before the question (a command typed ahead while sqlive started, or
        // text pasted) must not answer it: what is pending on the terminal is dropped.
        tcflush(0, TCIFLUSH)
        TerminalOutput.write(question)
        guard let line = readAnswer() else {
            TerminalOutput.write("\n")
            return .no
        }
        switch line.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes": return .yes
        case "a", "always": return .always
        default: return .no
        }
    }

    /// The line typed, or nil at end of input or when a signal came first.
    private func readAnswer() -> String? {
        var bytes: [UInt8] = []
        while true {
            var watched = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
            if let waker {
                watched.append(pollfd(fd: waker.fileDescriptor, events: Int16(POLLIN), revents: 0))
            }
            if poll(&watched, nfds_t(watched.count), -1) < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if let waker, watched[1].revents != 0,
               waker.takeEvents().contains(where: { $0 == .interrupt || $0 == .stop }) {
                return nil
            }
            guard watched[0].revents != 0 else { continue }
            var byte: UInt8 = 0
            let count = read(0, &byte, 1)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return nil }
            if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
