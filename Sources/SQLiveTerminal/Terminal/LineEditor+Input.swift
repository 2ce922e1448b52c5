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
            if !lookahead.isEmpty {
                if let result = readKey(into: character) { return result }
                continue
            }
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
            if watched[0].revents != 0, let result = readKey(into: character) {
                return result
            }
        }
    }

    /// Reads a byte and hands libedit the character it completes, as ``readCharacter(into:)``
    /// returns it; nil while there is none yet (a character's first bytes, a paste marker).
    private func readKey(into character: UnsafeMutablePointer<wchar_t>) -> Int32? {
        switch readByte() {
        case .character(let value):
            if value == 0x1B, let starts = readPasteMarker() {
                isPasting = starts
                return nil
            }
            character.pointee = value
            return 1
        case .incomplete:
            return nil
        case .endOfInput:
            return 0
        case .failure:
            return -1
        }
    }

    /// After an ESC: true for the start of a paste (`[200~`), false for its end (`[201~`),
    /// nil for anything else, whose bytes stay to be read as keys (`[A` of Up, `b` of
    /// Alt-b). The terminal sends a marker in one piece; a lone ESC waits a tenth of a second.
    private func readPasteMarker() -> Bool? {
        let start = Array("[200~".utf8), end = Array("[201~".utf8)
        var bytes: [UInt8] = []
        while bytes.count < start.count, start.starts(with: bytes) || end.starts(with: bytes),
              let byte = nextByte(waitingMilliseconds: 100) {
            bytes.append(byte)
        }
        if bytes == start || bytes == end { return bytes == start }
        lookahead.insert(contentsOf: bytes, at: 0)
        return nil
    }

    /// The next byte of input, from the lookahead first; nil when none comes in time.
    private func nextByte(waitingMilliseconds timeout: Int32) -> UInt8? {
        if !lookahead.isEmpty { return lookahead.removeFirst() }
        var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&input, 1, timeout) > 0 else { return nil }
        var byte: UInt8 = 0
        return read(0, &byte, 1) == 1 ? byte : nil
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
        // What was typed ahead goes with the line, as the terminal drops it on Ctrl-C.
        lookahead.removeAll()
        isPasting = false
    }

    private enum ByteResult {
        case character(wchar_t)
        case incomplete
        case endOfInput
        case failure
    }

    private func readByte() -> ByteResult {
        var byte: CChar = 0
        if lookahead.isEmpty {
            let count = read(0, &byte, 1)
            if count == 0 { return .endOfInput }
            if count < 0 { return errno == EINTR || errno == EAGAIN ? .incomplete : .failure }
        } else {
            byte = CChar(bitPattern: lookahead.removeFirst())
        }
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
