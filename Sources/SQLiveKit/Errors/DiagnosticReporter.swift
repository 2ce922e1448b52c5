/// Writes diagnostics to standard error and counts the failures: the one place a session's
/// errors and warnings go out, for the session and for the command scopes that report.
///
/// A diagnostic is written after what standard output holds, so the two stay in order; an
/// error (not a warning or a notice) counts toward the exit status. Used on the session's
/// thread only (see ``Session``'s Threading).
final class DiagnosticReporter {
    private let outputs: OutputRouter
    /// For the hint of a write refused by a replica (the connection `.open` put in place).
    private let statements: StatementRunner
    private let stopRequest: StopRequest
    private let printer: DiagnosticPrinter
    /// How many units failed since the session began (or since the main input started).
    var errorCount = 0
    /// What the last error was (an SQLite result code, a usage error…).
    private(set) var lastErrorKind: Diagnostic.Kind?

    init(outputs: OutputRouter, statements: StatementRunner, stopRequest: StopRequest, printer: DiagnosticPrinter) {
        self.outputs = outputs
        self.statements = statements
        self.stopRequest = stopRequest
        self.printer = printer
    }

    /// Writes `diagnostic`, located at `location` when it says nowhere itself.
    func report(_ diagnostic: Diagnostic, at location: SourceLocation? = nil) {
        var diagnostic = diagnostic
        if diagnostic.location == nil, let location, !location.source.isEmpty {
            diagnostic.location = location
        }
        // A wait for another process's lock that a stop ended (``BusyPolicy``): SQLite
        // says "database is locked", but the statement was interrupted.
        if case .sqlite(let code) = diagnostic.kind, code.primaryResultCode == .SQLITE_BUSY,
           statements.connection.busyPolicy.takeAbandonedForStop() {
            diagnostic.message = "interrupted"
            diagnostic.kind = .interrupted
        }
        if diagnostic.severity == .error {
            errorCount += 1
            lastErrorKind = diagnostic.kind
        }
        if diagnostic.hint == nil, case .sqlite(let code) = diagnostic.kind, code.primaryResultCode == .SQLITE_READONLY,
           let replica = statements.connection.options.replica {
            diagnostic.hint = replica.writeRefusal
        }
        outputs.results.flush()
        // The process is ending: its one closing line says what was interrupted.
        if stopRequest.isTerminating, diagnostic.isInterruption { return stopRequest.noteStatementInterrupted() }
        outputs.writeToErrors(printer.render(diagnostic))
    }

    /// Writes a warning; it does not count as a failure.
    func warn(_ message: String) {
        report(.warning(message))
    }
}
