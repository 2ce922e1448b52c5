/// Where a session's text goes, and in which order: results to standard output or to the
/// file `.output`, `.once` or `.export` names, and the diagnostics and progress lines the
/// one printer renders to standard error, after what the results hold so the two streams
/// stay in input order. The session owns one; it has state of its own (the redirection),
/// which nothing else changes.
///
///     let outputs = OutputRouter(output: stdout, errors: stderr, environment: environment)
///     try outputs.redirect(to: "report.txt", once: true)   // `.once report.txt`
///     outputs.results.append("1\n")                          // into report.txt
///     outputs.endUnit()                                      // the next unit is redirected…
///     outputs.endUnit()                                      // …and back to stdout after it
final class OutputRouter {
    /// Results: standard output, the file of a redirection, or the pager's screen.
    let results: OutputBuffer
    /// Standard output, kept to come back to after a redirection.
    let standardOutput: OutputTarget
    /// Standard error: diagnostics (through ``SessionEnvironment/diagnosticPrinter``),
    /// progress lines, `.trace stderr`.
    let errors: OutputTarget
    private(set) var redirection: OutputRedirection = .none
    private let environment: SessionEnvironment
    /// Ends the wait for the reader of a FIFO named as the output (Ctrl-C, SIGTERM).
    private let stopRequest: StopRequest

    init(output: OutputTarget, errors: OutputTarget, environment: SessionEnvironment, stopRequest: StopRequest) {
        self.standardOutput = output
        self.results = OutputBuffer(target: output)
        self.errors = errors
        self.environment = environment
        self.stopRequest = stopRequest
    }

    /// True while `.output` or `.once` sends results to a file.
    var isRedirected: Bool { !redirection.isNone }

    /// The name of the current output, for `.show`: `stdout` or the file's path.
    var name: String { redirection.displayName }

    /// Results go to a terminal (not a file, a pipe, `.output` or `.once`), whether or not
    /// it reports its size: control characters in them are made visible
    /// (``OutputBuffer/showsControlCharacters``).
    var showsControlCharacters: Bool {
        redirection.isNone && environment.outputIsTerminal
    }

    /// Colour is for people: only on a terminal, never into `.output`/`.once`/`.export`
    /// files or pipes, and never when `NO_COLOR` is set.
    var usesColor: Bool {
        showsControlCharacters && !environment.prefersNoColor
    }

    // MARK: - Redirection

    /// Sends results to a file from now on (`once`: for the next unit only).
    func redirect(to path: String, once: Bool) throws(Diagnostic) {
        let target = try openTarget(path)
        results.flush()
        results.target = target
        redirection = once ? .once(path: path, armed: false) : .file(path: path)
        results.showsControlCharacters = false
    }

    /// Sends results back to standard output; the error a write to the file met, if any.
    func endRedirection() -> Diagnostic? {
        results.flush()
        var writeError = results.takeError()
        if let command = results.target as? CommandOutput {
            // A program may stop reading before the end (`|head -1`): that is its choice.
            if (writeError as? OutputWriteError)?.isBrokenPipe == true { writeError = nil }
            command.finish()
        }
        let failure = writeError.map { Diagnostic("cannot write to \(redirection.displayName): \($0)", kind: .io) }
        results.target = standardOutput
        redirection = .none
        results.showsControlCharacters = showsControlCharacters
        return failure
    }

    /// Sends what `body` writes to a file, then back where results went before (the screen,
    /// or the file of `.output`): `.export`.
    func withFile(_ path: String, _ body: () throws(Diagnostic) -> Void) throws(Diagnostic) {
        let target = try openFile(path)
        results.flush()
        let savedTarget = results.target
        let savedRedirection = redirection
        results.target = target
        redirection = .file(path: path)
        var failure: Diagnostic?
        do {
            try body()
        } catch {
            failure = error
        }
        results.flush()
        let writeError = results.takeError()
        results.target = savedTarget
        redirection = savedRedirection
        if let failure { throw failure }
        if let writeError { throw Diagnostic("cannot write to \(path): \(writeError)", kind: .io) }
    }

    /// The file of a redirection, or with `|COMMAND` (as in sqlite3) a program reading it.
    private func openTarget(_ path: String) throws(Diagnostic) -> OutputTarget {
        if path.hasPrefix("|") {
            return try CommandOutput(shellCommand: String(path.dropFirst()), environment: environment.variables)
        }
        return try openFile(path)
    }

    private func openFile(_ path: String) throws(Diagnostic) -> FileDescriptorTarget {
        do {
            return try FileDescriptorTarget(path: path, stop: stopRequest)
        } catch {
            throw Diagnostic("cannot write to \(path): \(error)", kind: .io)
        }
    }

    // MARK: - The end of a unit

    /// What writing a unit's results met: nothing, a closed pipe, or another error.
    enum UnitEnd {
        case brokenPipe
        case failed(Diagnostic)
    }

    /// Ends a `.once` redirection once the unit it redirected has run, before the panes
    /// print their blocks: the file (or program) gets that unit's results only, as with
    /// sqlite3. The blocks of the panes the statement changed went into the file.
    func endOnceAfterItsUnit() -> Diagnostic? {
        guard case .once(_, true) = redirection else { return nil }
        return endRedirection()
    }

    /// Ends a unit: writes what is buffered, ends a `.once` redirection after the line of
    /// input it redirected (the unit that `endsChunk`), and says what the writes met.
    func endUnit(endsChunk: Bool = true) -> [UnitEnd] {
        var ends: [UnitEnd] = []
        results.flush()
        if let error = results.takeError() {
            let isBrokenPipe = (error as? OutputWriteError)?.isBrokenPipe == true
            if isBrokenPipe && results.target is CommandOutput {
                // The program stopped reading (`.once |head -1`): it has what it wanted.
            } else if isBrokenPipe, redirection.isNone {
                ends.append(.brokenPipe)
            } else {
                ends.append(.failed(Diagnostic("cannot write output: \(error)", kind: .io)))
            }
        }
        if case .once(let path, let armed) = redirection, endsChunk {
            if armed {
                if let failure = endRedirection() { ends.append(.failed(failure)) }
            } else {
                redirection = .once(path: path, armed: true)
            }
        }
        return ends
    }

    // MARK: - Standard error

    /// Standard error is a terminal: what a database controls and sqlive writes there (a
    /// log line, a traced statement) has its control characters made visible, as in
    /// diagnostics; a file or a pipe gets the bytes as they are.
    var errorsShowControlCharacters: Bool {
        environment.diagnosticPrinter.showsControlCharacters
    }

    /// Writes `.timer`'s line where sqlite3 writes it: with printf, to standard output
    /// whatever `.output` or `.once` says. Into the results when they go there (the screen,
    /// stdout), else straight to standard output; the file gets the results only.
    func writeTimerLine(_ text: String) {
        guard isRedirected else {
            results.append(text)
            return
        }
        var text = text
        text.withUTF8 { try? standardOutput.write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes rendered diagnostics to standard error, after what results hold; while the
    /// pager has the screen they wait for it to close (``ScreenOutput/deferError(_:)``).
    func writeToErrors(_ text: String) {
        results.flush()
        if (results.target as? ScreenOutput)?.deferError(text) == true { return }
        var text = text
        text.withUTF8 { try? errors.write(UnsafeRawBufferPointer($0)) }
    }

    /// Draws a progress line on standard error over the previous one, or erases it (nil),
    /// after the output held for the pager; never while the pager has the screen.
    func showProgress(_ line: String?) {
        if let screen = results.target as? ScreenOutput, !screen.allowsProgress() { return }
        var text = environment.diagnosticPrinter.renderProgress(line)
        text.withUTF8 { try? errors.write(UnsafeRawBufferPointer($0)) }
    }
}
