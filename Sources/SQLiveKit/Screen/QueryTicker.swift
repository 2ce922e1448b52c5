import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Shows how long a statement has been running once it passes a second, on one line of
/// standard error that it keeps rewriting: `running 3.2 s · Ctrl-C interrupts`.
///
///     let ticker = QueryTicker(fileDescriptor: 2, printer: DiagnosticPrinter(usesColor: true))
///     ticker.start()
///     …                 // the statement runs on this thread
///     ticker.stop()     // erases the line; nothing is written after this returns
///
/// The session's thread is inside SQLite while the statement runs, so a timer on a
/// background queue draws the line. It is the only writer of standard error meanwhile:
/// the session writes rows or diagnostics only after ``silence()`` or ``stop()``.
///
/// ## Mutable State
/// `state` is guarded by its mutex, held while the line is written, so that once
/// `silence()` or `stop()` returns no tick is half-way through a write.
final class QueryTicker: Sendable {
    private let fileDescriptor: Int32
    /// Draws the line as every progress line is drawn (dimmed on a colour terminal).
    private let printer: DiagnosticPrinter
    private let delay: Duration
    private let startTime = ContinuousClock.now
    private let state = Mutex(State())

    private struct State {
        var timer: DispatchSourceTimer?
        var isShowing = false
        /// Set once output reached the screen or the statement ended: no more drawing.
        var isQuiet = false
    }

    init(fileDescriptor: Int32, printer: DiagnosticPrinter, delay: Duration = .seconds(1)) {
        self.fileDescriptor = fileDescriptor
        self.printer = printer
        self.delay = delay
    }

    /// Starts the timer: the first line appears after the delay, then ten times a second.
    func start() {
        let delay = delay.components
        let delayNanoseconds = Int(delay.seconds) * 1_000_000_000 + Int(delay.attoseconds / 1_000_000_000)
        state.withLock { state in
            let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
            timer.schedule(deadline: .now() + .nanoseconds(delayNanoseconds), repeating: .milliseconds(100))
            timer.setEventHandler { [self] in tick() }
            state.timer = timer
            timer.resume()
        }
    }

    /// Erases the line and draws no more: output is about to reach the screen.
    func silence() {
        state.withLock { state in
            guard !state.isQuiet else { return }
            state.isQuiet = true
            if state.isShowing {
                write(printer.renderProgress(nil))
                state.isShowing = false
            }
        }
    }

    /// Silences the ticker and stops its timer.
    func stop() {
        silence()
        let timer = state.withLock { state in
            defer { state.timer = nil }
            return state.timer
        }
        timer?.cancel()
    }

    /// The line for an elapsed time: `running 3.2 s · Ctrl-C interrupts`, or `1:05` past a minute.
    static func line(elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let time: String
        if seconds < 60 {
            let tenths = Int(seconds * 10)
            time = "\(tenths / 10).\(tenths % 10) s"
        } else {
            let whole = Int(seconds)
            let remainder = whole % 60
            time = "\(whole / 60):\(remainder < 10 ? "0" : "")\(remainder)"
        }
        return "running \(time) · Ctrl-C interrupts"
    }

    private func tick() {
        state.withLock { state in
            guard !state.isQuiet else { return }
            write(printer.renderProgress(Self.line(elapsed: ContinuousClock.now - startTime), dimmed: true))
            state.isShowing = true
        }
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { try? FileDescriptorTarget(fileDescriptor: fileDescriptor).write(UnsafeRawBufferPointer($0)) }
    }
}
