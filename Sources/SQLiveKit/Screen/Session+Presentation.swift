#if canImport(Glibc)
import Glibc
#endif

extension Session {
    /// Runs one unit with what a person at a terminal gets and a script never does: results
    /// taller than the screen go through the pager, and a statement running longer than a
    /// second shows its elapsed time on standard error (`showsElapsedTime`).
    ///
    /// Units nested in this one (`.read`, `.edit`) share its pager: the whole output of
    /// `.read report.sql` pages as one.
    func presentingOutput(showsElapsedTime: Bool = false, _ body: () throws(Diagnostic) -> Void) throws(Diagnostic) {
        guard environment.isInteractive else { return try body() }
        let screen: ScreenOutput?
        let ownsScreen: Bool
        if let outer = output.target as? ScreenOutput {
            screen = outer
            ownsScreen = false
        } else if !outputs.isRedirected {
            output.flush()
            let created = ScreenOutput(screen: output.target, errors: outputs.errors,
                                       pager: PagerSettings(settings: settings, environment: environment))
            created.onPagerQuit = { [connection] in connection.interrupt() }
            created.terminalHandover = terminalHandover
            output.target = created
            screen = created
            ownsScreen = true
        } else {
            screen = nil
            ownsScreen = false
        }

        let previousHook = screen?.beforeScreenWrite
        let ticker = showsElapsedTime && environment.errorIsTerminal
            ? QueryTicker(fileDescriptor: 2, printer: environment.diagnosticPrinter, delay: environment.progressDelay)
            : nil
        if let ticker {
            screen?.beforeScreenWrite = { ticker.silence() }
            ticker.start()
        }
        defer {
            ticker?.stop()
            if ticker != nil { screen?.beforeScreenWrite = previousHook }
            if ownsScreen, let screen {
                output.flush()
                let warnings = screen.finish()
                if output.target === screen { output.target = outputs.standardOutput }
                warnings.forEach(warn)
            }
        }
        do {
            try body()
        } catch where error.isInterruption && screen?.pagerQuit == true {
            // The person quit the pager, which interrupted the statement: nothing failed.
        }
    }
}

extension SessionEnvironment {
    /// `NO_COLOR` set turns colour off, for results, errors and the dock alike.
    public var prefersNoColor: Bool {
        Self.prefersNoColor(in: variables)
    }

    /// The one rule for `NO_COLOR`: set at all, even to the empty string, it turns colour
    /// off (an empty value is how some tools clear a variable they cannot unset).
    public static func prefersNoColor(in variables: [String: String]) -> Bool {
        variables["NO_COLOR"] != nil
    }
}
