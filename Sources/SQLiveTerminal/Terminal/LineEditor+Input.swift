import Foundation
import CEditLine
#if canImport(Glibc)
import Glibc
#endif

extension LineEditor {
    /// libedit's read function (`EL_GETCFN`): waits for a key or a main-loop event.
    ///
    /// `poll()` watches standard input and the waker's pipe. Events are handled here, on the
    /// main thread, while `el_gets` waits: a resize redraws the line, Ctrl-C cancels it
    /// (returning -1 with `EINTR` makes `el_gets` give up the line), a repaint goes to the
    /// delegate, which `poll()` also wakes up at its ``LineEditorDelegate/nextRepaint``. A
    /// key is read one byte at a time and decoded in the terminal's locale.
    ///
    /// - Returns: 1 with a character, 0 at end of input, -1 when the line is cancelled or
    ///   reading failed.
    func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        while true {
            var watched = [
                pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                pollfd(fd: waker.fileDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&watched, nfds_t(watched.count), pollTimeout())
            if ready < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if ready == 0 {
                delegate?.lineEditorShouldRepaint(self)
                continue
            }
            if watched[1].revents != 0 {
                switch handleEvents() {
                case .cancel:
                    cancelLine()
                    errno = EINTR
                    return -1
                case .stop:
                    errno = EINTR
                    return -1
                case .none:
                    break
                }
            }
            if watched[0].revents != 0 {
                switch readByte() {
                case .character(let value):
                    character.pointee = value
                    return 1
                case .incomplete:
                    continue
                case .endOfInput:
                    return 0
                case .failure:
                    return -1
                }
            }
        }
    }

    /// Milliseconds until the delegate's next repaint is due (rounded up, so the repaint
    /// finds it due), or -1 to wait for input or an event only.
    private func pollTimeout() -> Int32 {
        guard let due = delegate?.nextRepaint else { return -1 }
        let milliseconds = (due.timeIntervalSinceNow * 1000).rounded(.up)
        return Int32(min(max(milliseconds, 0), 60_000))
    }

    /// What the waiting events ask of the line being read.
    private enum EventOutcome {
        case none
        /// Ctrl-C: drop the line.
        case cancel
        /// A terminating signal: give up reading, the process ends.
        case stop
    }

    /// Handles the waiting events. Repaint requests that piled up are carried out once,
    /// after the rest.
    private func handleEvents() -> EventOutcome {
        var outcome = EventOutcome.none
        var repaints = false
        for event in waker.takeEvents() {
            switch event {
            case .stop:
                return .stop
            case .interrupt:
                outcome = .cancel
            case .resize:
                redrawAfterResize()
            case .suspend:
                suspend()
            case .repaint:
                repaints = true
            }
        }
        if repaints {
            delegate?.lineEditorShouldRepaint(self)
        }
        return outcome
    }

    /// Ctrl-C at the prompt: `^C` after the line, which stays on screen as typed, and the
    /// cursor on the next line for a fresh prompt.
    private func cancelLine() {
        moveToEndOfText()
        write("^C\r\n")
        isCancelling = true
    }

    private enum ByteResult {
        case character(wchar_t)
        case incomplete
        case endOfInput
        case failure
    }

    private func readByte() -> ByteResult {
        var byte: CChar = 0
        let count = read(0, &byte, 1)
        if count == 0 { return .endOfInput }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? .incomplete : .failure }
        var value: wchar_t = 0
        // size_t is imported as Int: -2 is "more bytes to come", -1 "not a character".
        switch mbrtowc(&value, &byte, 1, &decoderState) {
        case -2:
            return .incomplete
        case -1:
            // Not a character in this locale: drop the byte and start afresh.
            decoderState = mbstate_t()
            return .incomplete
        default:
            return .character(value)
        }
    }
}
