import Foundation
import GRDB

/// A sqlive session: the coordinator of one database connection, the settings, and the
/// outputs.
///
/// Front-ends (the terminal, the script runner, tests) feed it ``InputUnit``s with
/// ``run(_:)``; it hands statements to its ``SQLExecutor``, dispatches meta-commands, keeps
/// the panes up to date and reports errors. The state lives in parts it owns:
/// ``OutputRouter`` (where text goes), ``StatementRunner`` (the connection and what running
/// statements keeps), ``SQLExecutor`` (running statements and rendering their results),
/// ``ScriptState`` (failures, quit, `.read` depth) and the ``PaneBoard``. Meta-commands see
/// it through a scope (``CommandScope``) that names what they touch.
///
/// ## Threading
/// A session is used from one thread, the front-end's loop (debug builds check it in
/// ``run(_:)``). The only call allowed from elsewhere is ``interrupt()`` (a Ctrl-C handler),
/// which goes through SQLite's thread-safe `sqlite3_interrupt`. docs/CONCURRENCY.md has the
/// threads of the whole process and the order things happen in.
public final class Session {
    /// The thread the session belongs to (see Threading).
    let confinement = ThreadConfinement()
    /// The settings, shared with the command scopes that change them.
    let settingsStore: SettingsStore
    public var settings: Settings {
        // Read and changed in place, not copied: a statement reads several settings.
        _read { yield settingsStore.current }
        _modify { yield &settingsStore.current }
    }
    public let environment: SessionEnvironment
    public let commands: CommandRegistry

    /// Where text goes: results to standard output or a redirection's file, diagnostics and
    /// progress to standard error, in order.
    let outputs: OutputRouter
    /// Where results go: standard output, or a file while `.output`/`.once` is in force.
    public var output: OutputBuffer { outputs.results }
    /// Standard error (`.trace stderr` writes there).
    var errorOutput: OutputTarget { outputs.errors }

    /// The connection and what running statements keeps: parameters, the batch's held
    /// database, `.trace`, the last statement, a database still to open.
    let statements: StatementRunner
    /// Where diagnostics go, and the count of failures.
    let diagnostics: DiagnosticReporter
    /// The quit asked for, `.read`'s depth.
    var script = ScriptState()
    /// The connection's count of changed rows when the last unit was reported to the pane
    /// engine: a unit that fails after it moved kept some of its changes (``StatementRunner/totalChanges``).
    var changesAtLastReport: Int64?
    /// The live panes (`.pin`): their own connection, refreshed after the commits that touch
    /// what they read. The board gets the connection and the query compiler, nothing more.
    public private(set) lazy var paneBoard = PaneBoard(
        connection: connection,
        compiler: PaneCompiler { [statements] text, db throws(Diagnostic) in try statements.compileQuery(text, in: db) },
        isInteractive: environment.isInteractive,
        refreshesWhenWaitedFor: environment.panesRefreshWhenWaitedFor)
    /// Runs SQL and DSL statements and renders their results: the session hands it each
    /// statement unit, and commands that run a query reach it through ``DatabaseScope``.
    private(set) lazy var executor = SQLExecutor(statements: statements, settings: settingsStore, outputs: outputs,
                                                 environment: environment, diagnostics: diagnostics, observers: paneBoard)
    /// Ctrl-C or a terminating signal, asked from the signal queue (see ``StopRequest``).
    public let stopRequest = StopRequest()
    /// Told when the pager or the editor takes the terminal and gives it back (the dock).
    public weak var terminalHandover: TerminalHandover?

    public init(
        connection: DatabaseConnection,
        settings: Settings = Settings(),
        environment: SessionEnvironment = SessionEnvironment(),
        output: OutputTarget,
        errorOutput: OutputTarget,
        commands: CommandRegistry = .standard
    ) {
        self.statements = StatementRunner(connection: connection, stopRequest: stopRequest)
        self.settingsStore = SettingsStore(settings)
        self.environment = environment
        self.outputs = OutputRouter(output: output, errors: errorOutput, environment: environment, stopRequest: stopRequest)
        self.diagnostics = DiagnosticReporter(outputs: outputs, statements: statements, stopRequest: stopRequest,
                                              printer: environment.diagnosticPrinter)
        self.commands = commands
        statements.parametersDidChange = { [weak self] parameters in
            self?.paneBoard.parametersDidChange(parameters)
        }
    }

    /// The database connection (the statement runner's).
    public var connection: DatabaseConnection { statements.connection }
    /// The database to open when a unit first needs it (see ``StatementRunner/deferredOpen``):
    /// the launcher sets it when another process held the database locked at start.
    public var deferredOpen: OpenOptions? {
        get { statements.deferredOpen }
        set { statements.deferredOpen = newValue }
    }
    /// How many units failed since the session began: the exit status is 1 when not zero.
    public var errorCount: Int { diagnostics.errorCount }
    /// True while SQL given on the command line runs (an argument, `--cmd`): sqlite3 runs it
    /// without echoing it, and without `.changes` and `.timer` lines, as it runs no input line.
    public var runsCommandLineText = false
    /// The exit status sqlite3 gives a failed SQL argument: the SQLite primary result code of
    /// the last error (19 for a constraint), or 1 for any other error.
    public var lastErrorStatus: Int32 {
        guard case .sqlite(let code)? = diagnostics.lastErrorKind, code.primaryResultCode.rawValue != 0 else { return 1 }
        return code.primaryResultCode.rawValue
    }
    /// Set by `.quit` / `.exit`: the front-end stops reading input.
    public internal(set) var quitRequested: Int32? {
        get { script.quitRequested }
        set { script.quitRequested = newValue }
    }

    /// Runs one unit of input. Returns false when it failed (the error is already reported).
    @discardableResult
    public func run(_ unit: InputUnit) -> Bool {
        confinement.check()
        // What the last unit reported holds only until this one runs: its statements may
        // open or end a transaction, as may statements run outside units (a script's batch).
        paneBoard.unitWillRun()
        output.showsControlCharacters = outputs.showsControlCharacters
        if settings.echo, unit.echo != "", !runsCommandLineText {
            output.append(RawBytes.bytes(of: unit.echo ?? unit.text))
            output.append("\n")
        }
        let succeeded: Bool
        // Read with the statement, in its database access, when panes want it.
        var stateAfterSQL: StatementRunner.TransactionState?
        let recorder = paneBoard.engine?.recorder
        recorder?.statementWillRun()
        executor.unitWillRun(endsChunk: unit.endsChunk, talksToPerson: talksToPerson, reports: !runsCommandLineText)
        do throws(Diagnostic) {
            try openDeferredDatabase(for: unit)
            switch unit.kind {
            case .command:
                try presentingOutput { () throws(Diagnostic) in try commands.run(line: unit.text, in: parts) }
            case .sql:
                statements.lastStatement = unit.text
                let readersClosed = !paneBoard.panes.isEmpty && ExclusiveLocking.mayChangeJournalMode(unit.text)
                    && paneBoard.closeReadersForStatement()
                defer { if readersClosed { paneBoard.readersMayReopen() } }
                try runSQL(unit.text, readingStateInto: &stateAfterSQL)
            case .dsl:
                statements.lastStatement = unit.text
                try presentingOutput(showsElapsedTime: true) { () throws(Diagnostic) in try executor.runDSL(RawBytes.validText(unit.text)) }
            case .incompleteSQL:
                throw Diagnostic("incomplete SQL statement at end of input: \(unit.text.firstLineSummary)",
                                 hint: "end the statement with ;")
            }
            succeeded = true
        } catch {
            if let recorder {
                // No hook says whether SQLite kept what the statement changed before failing.
                let keptChanges = changesAtLastReport.map { statements.totalChanges != $0 } ?? true
                recorder.statementDidFail(transactionIsOpen: isInsideTransaction, keptChanges: keptChanges)
            }
            report(error, at: unit.location)
            succeeded = false
        }
        if succeeded, unit.kind == .sql, paneBoard.watchesLockingMode, ExclusiveLocking.mayChangeLockingMode(unit.text),
           let warning = paneBoard.lockingModeDidChange(exclusive: statements.holdsDatabasesExclusively()) {
            warn(warning)
        }
        let reported: UnitReport.Unit = switch unit.kind {
        case .sql: .statement(unit.text, verb: StatementImpact.verb(of: unit.text))
        case .command: .command
        default: .other
        }
        // With no pane yet, only a transaction that changes the schema matters to the panes:
        // one pinned in it compiles against a schema they do not read.
        let state = stateAfterSQL ?? (paneBoard.isActive || paneBoard.followsSchemaOfTransaction(after: reported, failed: !succeeded)
            ? stateForPanes() : nil)
        changesAtLastReport = state?.totalChanges
        paneBoard.unitDidEnd(UnitReport(unit: reported, isInsideTransaction: state?.isInsideTransaction,
                                        memorySchemaCookie: state?.schemaCookie))
        if unit.kind == .sql {
            // GRDB clears its cached schema when a statement changes it, but not when a
            // ROLLBACK (or a failure that ends the transaction) brings the old one back.
            var scanner = SQLWordScanner(unit.text)
            if !succeeded || scanner.leadingKeywordIs("ROLLBACK") {
                try? statements.withDatabase { $0.clearSchemaCache() }
            }
        }
        // `.once` holds for a whole line of input, as in sqlite3 (`.once f` then
        // `select 1; select 2;`: both go to the file). sqlite3 counts it down in meta-commands
        // and lines of input only: SQL from the command line (an argument, `-cmd`) after
        // `.once f` goes to the file too, up to the next meta-command.
        // A unit that fails ends its line too: the rest of the line does not run.
        let endsOnce = (unit.endsChunk || !succeeded) && (unit.kind == .command || !runsCommandLineText)
        if endsOnce, let failure = outputs.endOnceAfterItsUnit() { report(failure) }
        settlePanes()
        finishUnit(endsChunk: endsOnce)
        return succeeded
    }

    /// Runs an SQL unit. While panes are pinned in a script, the connection's state after it
    /// (what the unit's report tells the engine) is read in the statement's own access, set
    /// in `state` even when the statement fails: a second access for it cost about 3,000
    /// instructions a statement, a tenth of what a pane adds to a one-row write.
    private func runSQL(_ sql: String, readingStateInto state: inout StatementRunner.TransactionState?) throws(Diagnostic) {
        // Not at a terminal: there the output may go through a pager, whose wait and the
        // dock drawn again after it must not happen inside an access (the dock reads the
        // connection's state in accesses of its own). The cheap tests come first: a script
        // without panes runs its statements in a held access already, and `isActive` asks
        // the inbox under its lock (a thousand instructions a statement in the debug build).
        guard !statements.isHoldingDatabase, !environment.isInteractive, paneBoard.isActive else {
            return try presentingOutput(showsElapsedTime: true) { () throws(Diagnostic) in try executor.runSQL(sql) }
        }
        var failure: Diagnostic?
        statements.holdingDatabase {
            do throws(Diagnostic) {
                try presentingOutput(showsElapsedTime: true) { () throws(Diagnostic) in try executor.runSQL(sql) }
            } catch {
                failure = error
            }
            state = stateForPanes()
        }
        if let failure { throw failure }
    }

    /// What a unit's report tells the pane engine of the connection (in the access a script
    /// holds, if any).
    private func stateForPanes() -> StatementRunner.TransactionState {
        statements.transactionState(readingSchemaCookie: statements.connection.options.isInMemory)
    }

    /// Writes a diagnostic to stderr, after what stdout holds so the two stay in order; an
    /// error (not a warning) counts as a failure.
    public func report(_ diagnostic: Diagnostic, at location: SourceLocation? = nil) {
        diagnostics.report(diagnostic, at: location)
    }

    /// Writes a warning to stderr; it does not count as a failure.
    public func warn(_ message: String) {
        report(.warning(message))
    }

    /// The init file and `-cmd` commands have run: as in sqlite3, their failures (reported
    /// already) do not count toward the exit status, which says how the input went.
    public func startMainInput() {
        diagnostics.errorCount = 0
    }

    /// Interrupts the running statement. Safe to call from any thread.
    public func interrupt() {
        statements.interrupt()
    }

    /// Told, on the session's thread, when ``connection`` is replaced: the front-end's
    /// Ctrl-C handler follows it.
    public var connectionDidChange: ((DatabaseConnection) -> Void)?

    /// Replaces the database connection (`.open`, or a database opened late).
    func replaceConnection(_ newConnection: DatabaseConnection) {
        statements.replaceConnection(newConnection)
        paneBoard.connectionDidChange(to: newConnection)
        connectionDidChange?(newConnection)
    }

    /// The options the session's database was opened with: `--follow` opens the same file
    /// again after an app replaced it.
    public var databaseOptions: OpenOptions { statements.connection.options }

    /// Opens the session's database file again, as `.open` would with the same options: the
    /// file was deleted and made again (``PaneEvent/databaseReplaced``). The panes restart on
    /// the new file (cause `database opened`). The databases the old connection attached are
    /// attached again first: a pane reading one was "no such table" on the new file for good.
    public func reopenDatabase() throws(Diagnostic) {
        let attached = statements.connection.attachedFiles()
        let reopened = try statements.openConnection(databaseOptions)
        reopened.attach(attached)
        replaceConnection(reopened)
        statements.installStatementTrace()
    }

    /// Opens the database locked at start, waiting for the lock as any statement does,
    /// before the first unit that needs it (SQL, DSL, and commands but those that only
    /// change settings or print, such as `.help` and `.mode`).
    private func openDeferredDatabase(for unit: InputUnit) throws(Diagnostic) {
        // Asked of the runner first: reading `deferredOpen` through the session copies the
        // options, for every unit of a script.
        guard statements.hasDeferredOpen, let options = deferredOpen else { return }
        if unit.kind == .command {
            let name = CommandLineTokenizer.words(unit.text).first.map { String($0.dropFirst()) } ?? ""
            guard commands.command(named: name)?.needsDatabase ?? false else { return }
        }
        replaceConnection(try statements.openConnection(options))
        statements.installStatementTrace()
    }

    /// The one place typed queries become statements, SQL or DSL alike
    /// (``StatementRunner/compileQuery(_:in:)``): input whose first word is an SQL statement
    /// keyword is SQL, anything else is a DSL query. Nil when the text holds only comments.
    ///
    ///     try session.compileQuery("player.filter(score > 10)", in: db)
    public func compileQuery(_ text: String, in db: Database) throws(Diagnostic) -> Statement? {
        try statements.compileQuery(text, in: db)
    }

    /// True when the database has an open transaction (Ctrl-D asks before discarding it).
    public var isInsideTransaction: Bool {
        statements.isInsideTransaction
    }

    /// Ends a unit: writes what is buffered, ends a `.once` redirection, and reports output
    /// errors (a full disk, a closed pipe) once.
    private func finishUnit(endsChunk: Bool) {
        // A hot journal read during the unit, on this thread, may have named a file.
        if let refused = DeleteGuard.takeRefusal() { warn(DeleteGuard.warning(refusing: refused)) }
        if DeleteGuard.tookMovedDatabase() { warn(DeleteGuard.movedDatabaseWarning) }
        for end in outputs.endUnit(endsChunk: endsChunk) {
            switch end {
            case .brokenPipe: environment.onBrokenPipe()
            case .failed(let diagnostic): report(diagnostic)
            }
        }
    }
}

extension String {
    /// The first line, shortened, for messages that quote input.
    var firstLineSummary: String {
        let line = split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(60)) + "…" : line
    }
}
