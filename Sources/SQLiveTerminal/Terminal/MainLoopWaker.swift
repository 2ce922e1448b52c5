import Synchronization
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Something that happened away from the main thread and that the main loop must handle.
enum MainLoopEvent: Sendable, Equatable {
    /// Ctrl-C at the prompt: drop the line being typed.
    case interrupt
    /// The terminal changed size.
    case resize
    /// Ctrl-Z (SIGTSTP) at the prompt: give the terminal back to the shell and stop.
    case suspend
    /// Panes have news (a refresh, a trace line): the dock must be drawn again.
    case repaint
    /// A signal (SIGTERM, SIGHUP) ends the process: stop reading input.
    case stop
}

/// The seam through which background work reaches the main loop: any thread posts an event,
/// the main thread, blocked in `poll()` on ``fileDescriptor`` while the user types, wakes up
/// and takes the events in order.
///
///     let waker = try MainLoopWaker()
///     DispatchQueue.global().async { waker.post(.resize) }
///     // main thread, when poll() says waker.fileDescriptor is readable:
///     waker.takeEvents()   // [.resize]
///
/// Only the main thread writes to the terminal or calls libedit; a posted event is how other
/// threads ask it to.
final class MainLoopWaker: Sendable {
    /// Watched by the main loop's `poll()`: readable when events are waiting.
    let fileDescriptor: Int32
    private let writeEnd: Int32

    // MARK: - Mutable State
    //
    // The queue of posted events, appended to by any thread (signal handlers, observation
    // callbacks) and emptied by the main thread. The mutex guards it; the pipe only carries
    // wake-ups, one byte per post, so a full pipe loses nothing but redundant bytes.
    private let events = Mutex<[MainLoopEvent]>([])

    init() throws(Diagnostic) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw Diagnostic("cannot create the terminal's wake-up pipe: \(String(cString: strerror(errno)))")
        }
        // Neither end may block: the reader drains until empty, a writer never waits.
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(fileDescriptor)
        close(writeEnd)
    }

    /// Queues an event and wakes the main loop. Safe from any thread.
    func post(_ event: MainLoopEvent) {
        events.withLock { $0.append(event) }
        var byte: UInt8 = 1
        // EAGAIN means the pipe is full of wake-ups already: nothing is lost.
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe and returns the events posted since the last call, oldest first.
    /// Main thread only.
    func takeEvents() -> [MainLoopEvent] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(fileDescriptor, &buffer, buffer.count) > 0 {}
        // Drained before taking: an event posted in between leaves a byte behind, which at
        // worst wakes the loop once more for nothing.
        return events.withLock { queued in
            defer { queued.removeAll() }
            return queued
        }
    }
}
