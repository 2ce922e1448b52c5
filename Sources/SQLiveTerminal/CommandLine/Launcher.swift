import Foundation
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Starts a session from the command-line options and runs the input: arguments, files,
/// then standard input (the terminal front-end or a script).
struct Launcher {
    let options: LaunchOptions

    /// Runs, then ends the process with the status while the session is still referenced:
    /// tearing it down frees nothing the exit doesn't, and costs work on the way (GRDB's
    /// queue, deinitialized, removes its notification observers through a Foundation cast,
    /// a tenth of a short run's instructions).
    func runAndExit() -> Never {
        var keptAlive: [AnyObject] = []
        let status = run(keepingAlive: &keptAlive)
        withExtendedLifetime(keptAlive) { Glibc.exit(status) }
    }

    func run() -> Int32 {
        var keptAlive: [AnyObject] = []
        return run(keepingAlive: &keptAlive)
    }

    private func run(keepingAlive keptAlive: inout [AnyObject]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let facts = TerminalFacts.probe(environment: SessionEnvironment.processVariables)
        let isInteractive = !options.batch && facts.inputIsTerminal && facts.outputIsTerminal
        let size = facts.size
        let home = HomeFolder(environment: SessionEnvironment.processVariables)
        var environment = SessionEnvironment(
            isInteractive: isInteractive,
            terminalWidth: { size()?.columns },
            diagnosticPrinter: facts.diagnosticPrinter,
            // `sqlive … | head`: the reader is gone, so is our reason to run. Quietly, but
            // not as a success: what was left of the input never ran. 141 is what a process
            // killed by SIGPIPE reports, as sqlite3 is, so `set -o pipefail` sees the same.
            onBrokenPipe: { Glibc.exit(128 + SIGPIPE) },
            homeDirectory: home.path,
            outputIsTerminal: facts.outputIsTerminal)
        environment.terminalHeight = { size()?.rows }
        let batch = options.command.map { ("-c", $0) } + options.sql.map { ("argument", $0) }
        let runsBatch = !batch.isEmpty || options.file != nil
        var failedArgumentStatus: Int32?
        // A person at the prompt; `--follow` reads a script even from a terminal, then
        // follows: Ctrl-C ends it as it ends a script.
        let atPrompt = isInteractive && !runsBatch && !options.follow
        environment.panesRefreshWhenWaitedFor = !atPrompt
        environment.errorIsTerminal = facts.errorIsTerminal

        // A database another process holds locked now is opened when a unit first needs
        // it (sqlite3 opens lazily too): `.help` or `.mode` never wait for the lock.
        let connection: DatabaseConnection
        var deferredOpen: OpenOptions?
        // A file that is not there yet is made by opening it: the greeting says so.
        var opensNewDatabase = false
        // `--follow` on a file the app has not made yet waits for it (see ``FileArrival``).
        var awaitedFile: [UInt8]?
        do {
            let openOptions = try databaseOptions()
            opensNewDatabase = openOptions.namesMissingFile
            if options.follow { awaitedFile = openOptions.missingFile }
            // A URI naming a VFS not registered yet opens after `--cmd` and the init file,
            // where a `.load` may register it.
            let opensLater = openOptions.waitsForAnExtension && (!options.cmd.isEmpty || !options.noInit)
            // A replica that holds no transaction yet is waited for in the open (``ReplicaArrival``).
            var opened: DatabaseConnection?
            if opensLater || awaitedFile != nil {
                opened = nil
            } else if let url = options.replica {
                opened = try ReplicaArrival.waiting(for: url, follows: options.follow) { () throws(Diagnostic) in
                    try DatabaseConnection.openUnlessLocked(openOptions)
                }
            } else {
                opened = try DatabaseConnection.openUnlessLocked(openOptions)
            }
            if let opened {
                connection = opened
            } else {
                connection = try DatabaseConnection(OpenOptions(path: ":memory:", readonly: openOptions.readonly,
                                                                isSafe: openOptions.isSafe,
                                                                staysReadonly: openOptions.staysReadonly))
                deferredOpen = openOptions
            }
        } catch {
            FileHandleWriter.standardError(environment.diagnosticPrinter.render(error))
            return 1
        }

        let session = Session(
            connection: connection,
            settings: initialSettings(isTerminal: facts.outputIsTerminal),
            environment: environment,
            output: FileDescriptorTarget(fileDescriptor: 1),
            errorOutput: FileDescriptorTarget(fileDescriptor: 2))
        session.deferredOpen = deferredOpen
        keptAlive.append(session)

        let signals = watchSignals(for: session, atPrompt: atPrompt)
        if let signals { keptAlive.append(signals) }
        // Said only when a personal file would have been used: an init file or the history.
        let usesPersonalFiles = (!options.noInit && !options.safe && options.initFile == nil) || atPrompt
        if let problem = home.problem, usesPersonalFiles {
            session.warn(problem)
        }
        if let interrupter = signals?.interrupter {
            session.connectionDidChange = { interrupter.follow($0) }
        }
        if let awaitedFile, let status = waitForDatabaseFile(awaitedFile, in: session, signals: signals) {
            return status
        }

        runInitFiles(in: session, signals: signals, atPrompt: atPrompt)
        // As in sqlite3, an init file that fails with `.bail on` ends the run.
        if let status = session.quitRequested ?? (session.settings.bail && session.errorCount > 0 ? 1 : nil) {
            closeDatabase(of: session)
            return status
        }
        // Options given on the command line win over the init file's settings.
        applyCommandLineSettings(to: &session.settings)
        let startCommandsRan = runStartCommands(in: session, signals: signals)
        if let status = session.quitRequested ?? (startCommandsRan ? nil : 1) {
            closeDatabase(of: session)
            return status
        }
        session.startMainInput()

        if session.stopRequest.isTerminating {
            // A signal during the init file or the start commands: nothing else runs.
            session.stopRequest.noteSkippedInput()
        } else if runsBatch {
            signals?.interrupter.arm(session.connection)
            failedArgumentStatus = runBatch(batch, in: session)
        } else if atPrompt {
            TerminalFrontEnd(session: session, signals: signals, facts: facts, greets: !options.quiet,
                             opensNewDatabase: opensNewDatabase).run()
        } else {
            signals?.interrupter.arm(session.connection)
            var lines = StandardInputLines(waker: signals?.waker)
            let echoesPrompts = options.interactive && !options.batch
            if echoesPrompts { session.output.append(SQLiteLibrary.sqlite3Banner) }
            ScriptRunner(session: session, echoesPrompts: echoesPrompts).run(&lines, source: "stdin")
        }
        if options.follow, session.quitRequested == nil {
            if session.stopRequest.reason == nil, let status = follow(in: session, signals: signals) {
                closeDatabase(of: session)
                return status
            }
            if isCtrlCAsFollowingBegins(session.stopRequest) {
                closeDatabase(of: session)
                return 0
            }
        }
        if case .terminate(let signal) = session.stopRequest.reason {
            return Termination(session: session, signal: signal).finish()
        }
        closeDatabase(of: session)
        return session.quitRequested ?? failedArgumentStatus ?? (session.errorCount == 0 ? 0 : 1)
    }

    /// The database to open: `--replica`'s, with Litestream's VFS loaded first, or the file
    /// (or URI) given, after the `--load` extensions, whose VFS it may name; they load into
    /// its connection too.
    private func databaseOptions() throws(Diagnostic) -> OpenOptions {
        for path in options.load {
            try ExtensionPreload.load(path: path)
        }
        var openOptions: OpenOptions
        if let url = options.replica {
            LitestreamLogRoute.runAgainLoggingToStandardError()
            try LitestreamReplica.loadVFS(explicit: options.litestreamVFS, environment: SessionEnvironment.processVariables)
            openOptions = OpenOptions(replica: LitestreamReplica(url: url), isSafe: options.safe, staysReadonly: options.readonly)
        } else {
            openOptions = OpenOptions(path: options.database ?? ":memory:", readonly: options.readonly,
                                      isSafe: options.safe, staysReadonly: options.readonly)
        }
        openOptions.trustsSchema = options.trustedSchema
        // Into the database's connection too, for the functions they define there.
        openOptions.extensions = options.load.map { LoadableExtension(path: $0) }
        return openOptions
    }

    /// Closes the database on the way out, as sqlite3 does: a WAL database is checkpointed
    /// and its `-wal` and `-shm` files removed, and a transaction the input left open is
    /// rolled back, which stderr says (sqlite3 rolls it back silently).
    private func closeDatabase(of session: Session) {
        let cleanup = session.closeForExit()
        if cleanup.rolledBack {
            session.warn("the input ended inside a transaction: it was rolled back (end it with COMMIT to keep its changes)")
        }
        for problem in cleanup.problems {
            session.warn(problem)
        }
    }

    private func initialSettings(isTerminal: Bool) -> Settings {
        var settings = Settings()
        settings.setMode(isTerminal ? .box : .list)
        applyCommandLineSettings(to: &settings)
        return settings
    }

    private func applyCommandLineSettings(to settings: inout Settings) {
        if let mode = options.mode { DeferredOptions.setMode(mode, in: &settings) }
        if let headers = options.headers { settings.showHeaders = headers }
        if options.bail { settings.bail = true }
        if options.echo { settings.echo = true }
        if options.safe { settings.safeMode = true }
        if let nullValue = options.nullvalue { settings.nullValue = nullValue }
        if let separator = options.separator { settings.columnSeparator = separator }
        if let newline = options.newline { settings.rowSeparator = newline }
    }

    /// `--cmd` (sqlite3's `-cmd`): each runs as one line (``WholeTextLineSource``) before the input, which
    /// then runs as usual. False when one stopped the run (`.quit`, or an error under bail).
    private func runStartCommands(in session: Session, signals: SignalWatcher?) -> Bool {
        guard !options.cmd.isEmpty else { return true }
        signals?.interrupter.arm(session.connection)
        defer { signals?.interrupter.disarm() }
        let runner = ScriptRunner(session: session, isOneChunk: true, isCommandLineText: true)
        for command in options.cmd {
            // An output option given after a -cmd, applied in its turn.
            if DeferredOptions.apply(command, to: &session.settings) { continue }
            var lines = WholeTextLineSource(command)
            if !runner.run(&lines, source: "--cmd") { return false }
        }
        return true
    }

    /// `-c` commands and SQL arguments, then `-f FILE`, each as a one-line script. As in
    /// sqlite3, an SQL argument runs as one chunk, and the first argument that fails ends
    /// the run, with SQLite's result code as the exit status (19 for a constraint): the
    /// ones after it may depend on it. (`-c`, sqlive's own, goes on, as a script does.)
    /// Returns that status when an argument failed.
    private func runBatch(_ batch: [(source: String, text: String)], in session: Session) -> Int32? {
        for (index, (source, text)) in batch.enumerated() {
            let script = text.hasSuffix(";") || text.hasPrefix(".") ? text : text + ";"
            let errorsBefore = session.errorCount
            let runner = ScriptRunner(session: session, isOneChunk: source == "argument", isCommandLineText: source == "argument")
            // An SQL argument is one line, as sqlite3 reads it (see ``WholeTextLineSource``);
            // `-c`, sqlive's own, is a script.
            let wentOn: Bool
            if source == "argument" {
                var lines = WholeTextLineSource(script)
                wentOn = runner.run(&lines, source: source)
            } else {
                var lines = StringLineSource(script)
                wentOn = runner.run(&lines, source: source)
            }
            if source == "argument", session.errorCount > errorsBefore {
                return text.hasPrefix(".") ? nil : session.lastErrorStatus
            }
            if !wentOn {
                if session.stopRequest.reason != nil, index < batch.count - 1 || options.file != nil {
                    session.stopRequest.noteSkippedInput()
                }
                return nil
            }
        }
        let runner = ScriptRunner(session: session)
        guard let path = options.file else { return nil }
        do {
            var lines = try FileLineSource(path: path)
            runner.run(&lines, source: path)
        } catch {
            session.report(error)
        }
        return nil
    }
}

enum FileHandleWriter {
    static func standardError(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
