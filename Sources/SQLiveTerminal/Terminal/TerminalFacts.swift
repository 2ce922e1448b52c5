import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// What the process knows of its terminal, asked in one place: which standard streams are
/// terminals, the size of the one on standard output, and whether colour is wanted. The
/// launcher probes once and hands the answers on (to the session's environment, the
/// diagnostic printer, the dock); nothing else calls `isatty` or reads the size.
///
///     let facts = TerminalFacts.probe(environment: SessionEnvironment.processVariables)
///     facts.errorsUseColor   // stderr is a terminal and NO_COLOR is not set
///     facts.size()           // ScreenSize(rows: 40, columns: 120), asked afresh each time
struct TerminalFacts: Sendable {
    var inputIsTerminal: Bool
    var outputIsTerminal: Bool
    var errorIsTerminal: Bool
    /// `NO_COLOR` is set, even to the empty string: no colour anywhere (results, errors,
    /// the dock). See ``SessionEnvironment/prefersNoColor(in:)``.
    var prefersNoColor: Bool
    /// The size of the terminal on standard output now; nil when it is not a terminal or
    /// does not tell. A resize may happen at any time: ask when it matters.
    var size: @Sendable () -> ScreenSize?

    static func probe(environment: [String: String]) -> TerminalFacts {
        let outputIsTerminal = isatty(1) == 1
        let size: @Sendable () -> ScreenSize? = outputIsTerminal ? readSize : noSize
        return TerminalFacts(
            inputIsTerminal: isatty(0) == 1,
            outputIsTerminal: outputIsTerminal,
            errorIsTerminal: isatty(2) == 1,
            prefersNoColor: SessionEnvironment.prefersNoColor(in: environment),
            size: size)
    }

    @Sendable private static func readSize() -> ScreenSize? { ScreenSize.current() }
    @Sendable private static func noSize() -> ScreenSize? { nil }

    /// Errors and warnings on standard error are coloured.
    var errorsUseColor: Bool { errorIsTerminal && !prefersNoColor }

    /// The one printer of diagnostics for standard error as it is: colour when it is a
    /// terminal and `NO_COLOR` is unset, control characters made visible on a terminal.
    var diagnosticPrinter: DiagnosticPrinter {
        DiagnosticPrinter(usesColor: errorsUseColor, showsControlCharacters: errorIsTerminal)
    }

    /// The dock (only ever drawn on a terminal) is coloured.
    var dockUsesColor: Bool { !prefersNoColor }
}
