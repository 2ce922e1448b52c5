import Foundation

/// What a session knows of the world around it: whether a person is at a terminal, how wide
/// it is, where the home folder is. Front-ends fill it in; tests pass their own.
public struct SessionEnvironment: Sendable {
    /// Standard input and output are both terminals.
    public var isInteractive: Bool
    /// The terminal's width in columns, asked each time (it changes on resize); nil when
    /// output is not a terminal, or is one that does not say its size (`script`, a serial
    /// console, a CI pty reporting 0×0).
    public var terminalWidth: @Sendable () -> Int?
    /// Standard output is a terminal, sized or not: what decides that control characters in
    /// values are made visible and that colour may be used (never the size, which a
    /// terminal may not report).
    public var outputIsTerminal: Bool
    public var diagnosticPrinter: DiagnosticPrinter
    /// Called when standard output is a pipe that was closed (`sqlive … | head`).
    public var onBrokenPipe: @Sendable () -> Void
    /// The person's home folder, nil when `HOME` is unusable (``HomeFolder``): then no
    /// personal file is read or written.
    public var homeDirectory: String?
    /// The front-end runs a script: it waits for the panes to settle after each statement,
    /// and their frames run then, on its thread (``PaneBoard/refreshesOnTheirOwn()`` for
    /// `--follow` after the script). At the prompt, frames run on the panes' own threads.
    public var panesRefreshWhenWaitedFor = false
    /// Standard error is a terminal (a statement's elapsed-time ticker goes there).
    public var errorIsTerminal = false
    /// The terminal's height in rows, asked each time; nil when output is not a terminal.
    public var terminalHeight: @Sendable () -> Int? = { nil }
    /// The process environment (`PAGER`, `EDITOR`, `NO_COLOR`, …); tests set their own.
    public var variables: [String: String] = Self.processVariables

    /// The process's environment, read once from `environ` (the first of two equal names
    /// wins, as with `getenv`): Foundation's `ProcessInfo.environment` cost a tenth of a short
    /// run's start-up each time, and start-up asked for it four times. Each entry is split at
    /// its first `=` byte, as `getenv` does (a search by Character cost 6,000 instructions an
    /// entry).
    public static let processVariables: [String: String] = {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            if let equals = strchr(pointer, 0x3D) {
                let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: equals - pointer), as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(cString: equals + 1)
                }
            }
            entry += 1
        }
        return variables
    }()

    /// How long work runs before it shows progress (an import's bar, a migration's line, a
    /// statement's elapsed time): 1 s, or `SQLIVE_PROGRESS_DELAY` seconds (as git's
    /// `GIT_PROGRESS_DELAY`; tests set 0 to see progress without slow work).
    public var progressDelay: Duration {
        guard let text = variables["SQLIVE_PROGRESS_DELAY"], let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            return .seconds(1)
        }
        return .milliseconds(Int(min(seconds, 86_400) * 1000))
    }

    public init(
        isInteractive: Bool = false,
        terminalWidth: @escaping @Sendable () -> Int? = { nil },
        diagnosticPrinter: DiagnosticPrinter = DiagnosticPrinter(),
        onBrokenPipe: @escaping @Sendable () -> Void = {},
        homeDirectory: String? = HomeFolder(environment: processVariables).path,
        outputIsTerminal: Bool? = nil
    ) {
        self.isInteractive = isInteractive
        self.terminalWidth = terminalWidth
        // Tests that fake a terminal give its width; the front-end says it outright.
        self.outputIsTerminal = outputIsTerminal ?? (terminalWidth() != nil)
        self.diagnosticPrinter = diagnosticPrinter
        self.onBrokenPipe = onBrokenPipe
        self.homeDirectory = homeDirectory
    }
}
