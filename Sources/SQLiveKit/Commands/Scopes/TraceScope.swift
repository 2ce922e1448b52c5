/// The view of `.trace` and `.log`, which hand SQLite a callback that writes for as long as
/// it stays installed: the results output and standard error to write to, the session's
/// thread (the log's callback writes on it only), the statement trace of the connection,
/// what `--safe` allows, diagnostics, and the stop request (a FIFO named as the file is
/// waited for until a reader or a stop comes). No settings to change, no statements to
/// run, no redirection.
struct TraceScope: CommandScope {
    /// Where results go (`.trace stdout` writes there, between results).
    let output: OutputBuffer
    /// The session's thread.
    let thread: ThreadConfinement
    let files: FilePolicy
    let diagnostics: DiagnosticReporter
    /// Ends the wait for the reader of a FIFO named as the trace's or the log's file.
    let stopRequest: StopRequest
    private let outputs: OutputRouter
    private let statements: StatementRunner

    static let capabilities: Set<Capability> = [.output, .diagnostics, .tracing, .files]

    static func scope(of parts: SessionParts) -> TraceScope {
        TraceScope(output: parts.output, thread: parts.confinement, files: parts.files, diagnostics: parts.diagnostics,
                   stopRequest: parts.stopRequest, outputs: parts.outputs, statements: parts.statements)
    }

    /// Standard error, for a trace written there.
    var errorOutput: OutputTarget { outputs.errors }

    /// True when standard error is a terminal (``OutputRouter/errorsShowControlCharacters``).
    var errorsShowControlCharacters: Bool { outputs.errorsShowControlCharacters }

    /// Writes log lines to standard error, after the results written before them; on a
    /// terminal with their control characters made visible (a name SQLite quotes, or the
    /// message a view passes to `sqlite_log()`, comes from the file).
    func writeToErrors(_ text: String) {
        outputs.writeToErrors(errorsShowControlCharacters ? VisibleControlCharacters.of(text) : text)
    }

    /// Puts `trace` in place of the connection's statement trace (nil: no trace).
    func replaceStatementTrace(with trace: StatementTrace?) {
        // The hook leaves the old trace before it is released.
        let previous = statements.statementTrace
        statements.statementTrace = trace
        statements.installStatementTrace()
        withExtendedLifetime(previous) {}
    }

    func report(_ diagnostic: Diagnostic) {
        diagnostics.report(diagnostic)
    }

    func warn(_ message: String) {
        diagnostics.warn(message)
    }
}
