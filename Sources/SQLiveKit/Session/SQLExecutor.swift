import GRDB
import GRDBSQLite

/// Runs queries as typed queries run: SQL and DSL statements from the prompt, from scripts
/// and from the commands that run a query (`.chart`, `.sql`, `.explain`), with `.parameter`
/// values bound, rows rendered in the current mode, `.eqp` plans, and the `.timer` and
/// `.changes` reports. The session builds one and hands each statement unit to it; commands
/// reach it through ``DatabaseScope``.
///
/// It holds only what running a statement uses: the statement runner (the connection,
/// parameters, the `.trace` hook, the held database), the settings, the outputs, the
/// environment renderers read, diagnostics for warnings, and the pane board's two hooks
/// (``StatementObservers``). Never the session.
///
/// ## Threading
/// The session's thread only, like the session that owns it.
final class SQLExecutor {
    /// The connection and what running statements keeps.
    let statements: StatementRunner
    /// Where results go, and standard error.
    let outputs: OutputRouter
    let store: SettingsStore
    let environment: SessionEnvironment
    let diagnostics: DiagnosticReporter
    /// The live panes, as far as running a statement concerns them.
    let observers: any StatementObservers
    /// False while a statement runs that another of its input chunk follows: `.changes`
    /// and `.timer` report once a chunk, as sqlite3 does (``InputUnit/endsChunk``).
    var unitEndsChunk = true
    /// The `.timer` clock of the chunk running, started at its first statement.
    var chunkClock: ResourceClock?
    /// The unit running was typed by a person who reads its results on the terminal: writes
    /// get a note of the rows they changed (``reportChanges(of:in:)``).
    var talksToPerson = false
    /// False for SQL given on the command line: sqlite3 prints no `.timer` or `.changes`
    /// line for it.
    var reportsTimerAndChanges = true

    init(statements: StatementRunner, settings: SettingsStore, outputs: OutputRouter, environment: SessionEnvironment,
         diagnostics: DiagnosticReporter, observers: any StatementObservers) {
        self.statements = statements
        self.store = settings
        self.outputs = outputs
        self.environment = environment
        self.diagnostics = diagnostics
        self.observers = observers
    }

    /// The settings, read in place: a statement reads several of them.
    var settings: Settings {
        _read { yield store.current }
    }

    /// A unit of input starts: what it reports depends on whether another statement of its
    /// chunk follows, and on who reads its results.
    func unitWillRun(endsChunk: Bool, talksToPerson: Bool, reports: Bool = true) {
        unitEndsChunk = endsChunk
        self.talksToPerson = talksToPerson
        reportsTimerAndChanges = reports
    }

    /// A command changed the schema (a restore, a migration): the panes compile again with
    /// the cause "schema change". Completion needs nothing: it reads the schema when asked.
    func schemaDidChange() {
        observers.schemaChangedLocally()
    }

    /// After a statement without result columns, at a terminal: the count of the rows it
    /// changed, when it is an INSERT, REPLACE, UPDATE or DELETE (SQL, or a DSL mutation GRDB
    /// generated). `sql` is asked for only when a person reads the note: GRDB makes a
    /// statement's text anew each time it is asked, a cost per statement in scripts.
    func reportChanges(of sql: @autoclosure () -> String, in db: Database) {
        guard talksToPerson, let note = ChangeNote.text(verb: StatementImpact.verb(of: sql()),
                                                         changes: sqlite3_changes64(db.sqliteConnection)) else { return }
        outputs.results.append(note)
    }
}

/// What running a statement asks of the live panes: whether GRDB observes the connection
/// (then statements go through GRDB, which tells the observers), and a schema changed by a
/// command. The pane board is the one implementation; a narrow protocol keeps the
/// executor from reaching the rest of the board.
protocol StatementObservers: AnyObject {
    /// True when a GRDB observer watches the connection.
    var observesConnection: Bool { get }
    /// A command changed the schema: the panes compile again.
    func schemaChangedLocally()
    /// The executor steps `statement` now (nil: it is done); see ``ChangeRecorder/stepping(_:)``.
    func stepping(_ statement: SQLiteStatement?)
}

extension PaneBoard: StatementObservers {}
