import Foundation
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Starts a session from the command-line options and runs the input: arguments, files,
/// then standard input (the terminal front-end or a script).
struct Launcher {
    let options: SQLive

    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let isInteractive = isatty(0) == 1 && isatty(1) == 1
        var environment = SessionEnvironment(
            isInteractive: isInteractive,
            terminalWidth: { TerminalSize.columns(of: 1) },
            diagnosticPrinter: DiagnosticPrinter(usesColor: isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil),
            // `sqlive … | head`: the reader is gone, so is our reason to run.
            onBrokenPipe: { Glibc.exit(0) })
        environment.terminalHeight = { TerminalSize.rows(of: 1) }

        let connection: DatabaseConnection
        do {
            connection = try DatabaseConnection(OpenOptions(
                path: options.database ?? ":memory:", readonly: options.readonly, forbidsAttach: options.safe))
        } catch {
            FileHandleWriter.standardError(environment.diagnosticPrinter.render(error))
            return 1
        }

        let session = Session(
            connection: connection,
            settings: initialSettings(isTerminal: isatty(1) == 1),
            environment: environment,
            output: FileDescriptorTarget(fileDescriptor: 1),
            errorOutput: FileDescriptorTarget(fileDescriptor: 2))

        runInitFile(in: session)
        if let status = session.quitRequested { return status }
        // Options given on the command line win over the init file's settings.
        applyCommandLineSettings(to: &session.settings)

        let batch = options.command.map { ("-c", $0) } + options.sql.map { ("argument", $0) }
        if !batch.isEmpty || options.file != nil {
            runBatch(batch, in: session)
        } else if isInteractive {
            TerminalFrontEnd(session: session).run()
        } else if var lines = FileLineSource(fileDescriptor: 0) {
            ScriptRunner(session: session).run(&lines, source: "stdin")
        }
        return session.quitRequested ?? (session.errorCount == 0 ? 0 : 1)
    }

    private func initialSettings(isTerminal: Bool) -> Settings {
        var settings = Settings()
        settings.setMode(isTerminal ? .box : .list)
        applyCommandLineSettings(to: &settings)
        return settings
    }

    private func applyCommandLineSettings(to settings: inout Settings) {
        if let mode = options.mode { settings.setCommandLineMode(mode) }
        if let headers = options.headers { settings.showHeaders = headers }
        if options.bail { settings.bail = true }
        if options.echo { settings.echo = true }
        if options.safe { settings.safeMode = true }
    }

    /// Runs `--init FILE`, or `~/.replrc` when it exists. Never a `.replrc` of the current
    /// folder: a file someone else put there could run anything.
    private func runInitFile(in session: Session) {
        // --safe is for untrusted databases and shared sessions: no init file runs.
        guard !options.noInit, !options.safe else { return }
        let path: String
        if let initFile = options.initFile {
            path = initFile
        } else {
            path = (session.environment.homeDirectory as NSString).appendingPathComponent(".replrc")
            guard FileManager.default.fileExists(atPath: path) else { return }
        }
        do {
            var lines = try FileLineSource(path: path)
            ScriptRunner(session: session).run(&lines, source: path)
        } catch {
            session.report(error)
        }
    }

    /// `-c` commands and SQL arguments, then `-f FILE`, each as a one-line script.
    private func runBatch(_ batch: [(source: String, text: String)], in session: Session) {
        let runner = ScriptRunner(session: session)
        for (source, text) in batch {
            var lines = StringLineSource(text.hasSuffix(";") || text.hasPrefix(".") ? text : text + ";")
            if !runner.run(&lines, source: source) { return }
        }
        guard let path = options.file else { return }
        do {
            var lines = try FileLineSource(path: path)
            runner.run(&lines, source: path)
        } catch {
            session.report(error)
        }
    }
}

enum FileHandleWriter {
    static func standardError(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}

enum TerminalSize {
    /// The width of the terminal on a file descriptor, or nil when it is not a terminal.
    static func columns(of fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard isatty(fileDescriptor) == 1, ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return Int(size.ws_col)
    }

    /// The height of the terminal on a file descriptor, or nil when it is not a terminal.
    static func rows(of fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard isatty(fileDescriptor) == 1, ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else {
            return nil
        }
        return Int(size.ws_row)
    }
}
