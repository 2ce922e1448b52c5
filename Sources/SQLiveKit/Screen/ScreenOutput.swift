/// Standard output while a person is watching, for one unit of input (a statement or a
/// command): holds a result back until it is known to fit the screen, and sends it to the
/// pager as soon as it is known not to.
///
/// Held output is bounded: one screenful, or ``holdLimit`` bytes of escape-heavy text.
/// Past that, everything streams: what was held, then each block as it comes, to the pager.
///
///     let screen = ScreenOutput(screen: stdout, errors: stderr, pager: settings)
///     buffer.target = screen
///     …                       // renderers write rows
///     buffer.flush()
///     screen.finish()         // shows a short result, or waits for the pager to close
final class ScreenOutput: OutputTarget {
    /// Written before anything reaches the terminal: the elapsed-time ticker erases its line.
    var beforeScreenWrite: (() -> Void)?
    /// Called once when the pager quits before reading everything (the user pressed `q`):
    /// the session interrupts the statement that is still producing rows.
    var onPagerQuit: (() -> Void)?
    /// Told when the pager takes the screen and when it exits, to draw the dock again.
    weak var terminalHandover: TerminalHandover?

    /// The pager's reader went away; what is still written is dropped.
    private(set) var pagerQuit = false

    private let screen: OutputTarget
    private let errors: OutputTarget
    private let pager: PagerSettings?
    private var state: State
    private var held: [UInt8] = []
    private var counter: ScreenRowCounter
    /// Diagnostics that arrived while the pager had the screen, shown when it is closed.
    private var deferredErrors: [UInt8] = []
    private var warnings: [String] = []

    /// More held bytes than this go to the pager even if they might fit (colour escapes).
    static let holdLimit = 1 << 20

    private enum State {
        /// Collecting output that may still fit.
        case holding
        /// Writing straight to the screen: it fits, or there is no pager.
        case passing
        /// The pager has the screen and reads what we write.
        case paging(ChildProcess)
    }

    init(screen: OutputTarget, errors: OutputTarget, pager: PagerSettings?) {
        self.screen = screen
        self.errors = errors
        self.pager = pager
        self.state = pager == nil ? .passing : .holding
        self.counter = ScreenRowCounter(columns: pager?.columns ?? 80)
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        switch state {
        case .passing:
            beforeScreenWrite?()
            try screen.write(bytes)
        case .paging(let child):
            writeToPager(child, bytes)
        case .holding:
            held.append(contentsOf: bytes)
            counter.feed(bytes)
            if let pager, counter.rowsUsed > pager.rowsThatFit || held.count > Self.holdLimit {
                try startPager(pager)
            }
        }
    }

    /// Ends the unit: shows what was held, or closes the pager's input and waits for the
    /// person to quit it. Then the diagnostics that waited for the screen. Returns warnings
    /// for the session to print (a pager that could not start).
    func finish() -> [String] {
        switch state {
        case .holding:
            state = .passing
            beforeScreenWrite?()
            writeHeld(to: screen)
        case .paging(let child):
            _ = child.wait()
            terminalHandover?.didGetTerminalBack()
            state = .passing
        case .passing:
            break
        }
        if !deferredErrors.isEmpty {
            deferredErrors.withUnsafeBytes { try? errors.write($0) }
            deferredErrors.removeAll()
        }
        defer { warnings.removeAll() }
        return warnings
    }

    /// Before a diagnostic is written to standard error: held output is shown first so the
    /// two stay in order (and the rest of the unit goes straight to the screen). While the
    /// pager has the screen, the text waits for it to close; returns true when it did.
    func deferError(_ text: String) -> Bool {
        switch state {
        case .holding:
            passHeldOutput()
            return false
        case .paging:
            deferredErrors.append(contentsOf: text.utf8)
            return true
        case .passing:
            return false
        }
    }

    /// Before a progress line is drawn on standard error: held output is shown first, as
    /// for a diagnostic. False while the pager has the screen: progress is not drawn then
    /// (it would be erased anyway, and must not wait for the pager to close).
    func allowsProgress() -> Bool {
        switch state {
        case .holding:
            passHeldOutput()
            return true
        case .paging:
            return false
        case .passing:
            return true
        }
    }

    private func passHeldOutput() {
        state = .passing
        beforeScreenWrite?()
        writeHeld(to: screen)
    }

    private func startPager(_ pager: PagerSettings) throws {
        beforeScreenWrite?()
        guard ChildProcess.commandExists(pager.command, path: pager.environment["PATH"]) else {
            warnings.append("the pager \"\(pager.command)\" was not found; set $PAGER, or .pager off")
            state = .passing
            writeHeld(to: screen)
            return
        }
        let child: ChildProcess
        terminalHandover?.willHandTerminalOver()
        do {
            child = try ChildProcess(shellCommand: pager.command, environment: pager.environment, feedsInput: true)
        } catch {
            terminalHandover?.didGetTerminalBack()
            warnings.append(error.message)
            state = .passing
            writeHeld(to: screen)
            return
        }
        state = .paging(child)
        held.withUnsafeBytes { writeToPager(child, $0) }
        held = []
    }

    private func writeToPager(_ child: ChildProcess, _ bytes: UnsafeRawBufferPointer) {
        guard !pagerQuit, let input = child.input else { return }
        do {
            try input.write(bytes)
        } catch {
            // The person quit the pager: stop the statement, drop the rest quietly.
            pagerQuit = true
            child.closeInput()
            onPagerQuit?()
        }
    }

    /// A terminal that refuses bytes has nothing better to show the error on: they are dropped.
    private func writeHeld(to target: OutputTarget) {
        guard !held.isEmpty else { return }
        held.withUnsafeBytes { try? target.write($0) }
        held = []
    }
}
