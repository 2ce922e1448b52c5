import Foundation
import GRDB

/// The panes of a session: pinned queries kept equal to their query on the latest commit,
/// the causes of their refreshes, and the tools that show observation at work (`.trace`,
/// `.notify`, external changes).
///
/// ```swift
/// let board = session.paneBoard
/// let pane = try board.pin("SELECT name, score FROM player", name: "scores")
/// // … a commit touches player(name or score) …
/// board.drainEvents()          // [.refreshed(paneID: 1, cause: .changes("update player(score)[1]"))]
/// board.panes[0].result?.rows  // the fresh rows
/// ```
///
/// ## The engine, and its boundary
/// Changes come in: commits on the user's connection (a ``ChangeRecorder``, the one
/// transaction observer sqlive adds), `.notify`, other processes' commits
/// (``ExternalChangeWatcher``), and what the session says: a statement ran or failed, the
/// parameters changed, `.open` replaced the connection. Pane events go out:
/// ``drainEvents()``. Queries run on the panes' own connection, off the front-end thread,
/// in frames (``RefreshScheduler``); the board's only other dependencies are the user's
/// connection, for compiling, and the session's query compiler (``PaneCompiler``).
/// docs/PANES.md says what a pane promises.
///
/// ## Threading
/// The board belongs to the front-end thread, like its session: every method is called
/// there (debug builds check it in ``drainEvents()``; docs/CONCURRENCY.md). Background work leaves what it produces in a locked ``PaneInbox`` and calls
/// ``waker``, so the front-end's loop calls ``drainEvents()``. The board never writes to the
/// terminal.
///
/// ## Ordering
/// Frames come from one serial queue, in order. Each start of a pane's observation (pin,
/// restart) gets a new token, and values of a token the pane no longer uses are dropped and
/// counted in ``Pane/staleCount``.
public final class PaneBoard {
    let inbox = PaneInbox()
    /// The thread the board belongs to (see Threading).
    let confinement = ThreadConfinement()
    /// Turns pane text (SQL or DSL) into a statement on the user's connection.
    let compiler: PaneCompiler

    // MARK: - Mutable State
    //
    // All of it is touched on the front-end thread only (see Threading above).

    /// The panes, in id order.
    public internal(set) var panes: [Pane] = []
    /// Dock or inline, on a terminal (`.layout`). Scripts always print inline.
    public var layout: PaneLayout = .dock(height: nil)
    /// Set by a terminal front-end that draws the dock; until then panes print inline.
    public var dockIsAvailable = false
    /// The row limit of a pane pinned without `--rows`; a terminal front-end sets it to what
    /// fits on its screen.
    public var defaultRowLimit = 20
    /// The time of refreshes (tests set a fixed clock).
    public var clock: @Sendable () -> Date = { Date() }
    /// The engine's time, for throttling, the slow lane, preemption and retries (tests drive
    /// it by hand); taken when the engine starts.
    var engineClock: any PaneClock = SystemPaneClock()
    /// A person watches (a terminal): slow panes are throttled, and other processes' commits
    /// are watched for by default.
    let isInteractive: Bool

    /// The user's connection, which the session replaces on `.open`.
    var connection: DatabaseConnection
    /// The recorder, scheduler and watcher of the current connection, made at the first pin.
    var engine: PaneEngine?
    /// Whether the user's transaction was open at the end of the last unit, as the session
    /// reported it; nil when it did not say (no pane then) or the connection changed since.
    var reportedTransaction: Bool?
    /// The in-memory main database's schema cookie at the end of the last unit, as the
    /// session reported it with the above.
    var reportedMemorySchemaCookie: Int?
    /// Restarts waiting for the end of the user's transaction.
    var pendingRestarts: [Int: RefreshCause] = [:]
    /// The user's connection holds its databases exclusively (`PRAGMA locking_mode =
    /// EXCLUSIVE`): the panes' connections are closed until it is NORMAL again.
    var heldByExclusiveLocking = false
    var nextID = 1
    var nextToken: UInt64 = 0
    /// Which pane each token ever started belongs to, to count stale values.
    var tokenOwners: [ObservationToken: Int] = [:]
    /// Events that happened on the front-end thread itself (a query that no longer compiles),
    /// returned by the next ``drainEvents()``.
    var localEvents: [PaneEvent] = []
    var externalSetting: ExternalSetting = .automatic
    var traceRequested = false
    /// The `.parameter` values SQL panes bind.
    var parameters = ParameterStore()
    /// The user's attached databases as last mirrored on the reader.
    var mirroredAttachments: [AttachedDatabase] = []
    /// The recorder's commit count at the last schema check: a schema change with no commit
    /// of the user's since was another process's.
    var commitsAtSchemaCheck = 0
    /// A statement or command may have attached or detached a database since the last look.
    var attachmentsMayHaveChanged = true
    /// The in-memory main database's `schema_version` when a schema check was last asked for.
    var memorySchemaVersion: Int?
    /// The user ran CREATE, ALTER, VACUUM… since the last schema check.
    var localSchemaStatementSinceCheck = false
    /// The user's open transaction ran a schema statement: a query compiled now sees a schema
    /// the panes do not read, and may never read (ROLLBACK).
    var schemaChangedInTransaction = false
    /// The last compile saw that transaction's schema, the panes' readers being unable to
    /// show the committed one (``committedSchemaAccess(unless:startingEngine:_:)``), and the
    /// panes it did so for.
    var lastCompileSawTransactionSchema = false
    var panesCompiledOnTransactionSchema: Set<Int> = []
    /// A schema statement ran: it may have created or dropped a TEMP table or view that
    /// hides a pane's table from the session's queries (``checkPrivateSchema()``).
    var privateSchemaMayHaveChanged = false
    /// `temp.schema_version` of the user's connection when last looked at.
    var privateSchemaVersion: Int?
    /// The settings the panes' connections follow (``ReaderSettings``), and whether a PRAGMA
    /// may have changed them since the last look.
    var readerSettings = ReaderSettings()
    var readerSettingsMayHaveChanged = false
    /// `case_sensitive_like` as the user's PRAGMAs set it (SQLite cannot say).
    var userCaseSensitiveLike = false
    /// A script's frames run in the thread that waits for them to settle
    /// (``RefreshScheduler/runFramesInWaiter(_:)``); the dock's, and `--follow`'s, on their own.
    private(set) var framesRunInWaiter: Bool
    /// What each pane last showed, and what it must print next.
    var presentation = PanePresentation()
    /// How many pane values were applied since the session began.
    public internal(set) var fetchCount = 0

    init(connection: DatabaseConnection, compiler: PaneCompiler, isInteractive: Bool,
         refreshesWhenWaitedFor: Bool = false) {
        self.connection = connection
        self.compiler = compiler
        self.isInteractive = isInteractive
        framesRunInWaiter = refreshesWhenWaitedFor
    }

    /// Panes refresh by themselves from now on, not only while a script waits for them
    /// after a statement: `--follow`, which waits for changes instead.
    public func refreshesOnTheirOwn() {
        framesRunInWaiter = false
        engine?.scheduler.runFramesInWaiter(false)
    }

    /// Called by background work after it leaves something to drain: the terminal front-end
    /// sets it to write one byte to its wake-up pipe. Called from any thread.
    public var waker: (@Sendable () -> Void)? {
        get { inbox.waker }
        set { inbox.waker = newValue }
    }

    public func pane(id: Int) -> Pane? {
        panes.first { $0.id == id }
    }

    /// True once the change recorder watches the user's connection: statements must then run
    /// through GRDB so that it sees them.
    var observesConnection: Bool { engine != nil }

    /// True when there is something to watch or to print after a statement.
    var isActive: Bool {
        !panes.isEmpty || traceRequested || !inbox.isEmpty || !localEvents.isEmpty
    }

    /// Waits until every refresh that is due has been delivered (scripts call it after each
    /// statement); false if that took longer than `timeout` seconds. Panes waiting for a lock
    /// the user's own transaction holds count as settled: they refresh when it ends.
    public func waitUntilSettled(timeout: Double = 30, stop: () -> Bool = { false }) -> Bool {
        guard let engine else { return true }
        return engine.scheduler.waitUntilSettled(timeout: timeout, acceptingBlocked: userIsInTransaction, stop: stop)
    }

    /// True when some refresh is due that the user's transaction does not hold back, or
    /// something waits in the inbox.
    var hasWorkDue: Bool {
        guard let engine else { return false }
        return Self.workIsDue(schedulerHasWork: { engine.scheduler.hasWork }, inboxIsEmpty: { inbox.isEmpty },
                              userIsInTransaction: { userIsInTransaction })
    }

    /// Whether work is due, from the scheduler's state and the inbox, in this order. A lane
    /// posts its frame to the inbox before it goes idle, so an idle scheduler, then an empty
    /// inbox, mean that no frame is on its way. Looked at the other way round, a frame posted
    /// between the two looks was missed: the script printed its panes without it, a pane
    /// restarted by a schema change showed no rows (beside CPU hogs, about one run in a
    /// hundred of the differential tester).
    static func workIsDue(schedulerHasWork: () -> Bool, inboxIsEmpty: () -> Bool,
                          userIsInTransaction: () -> Bool) -> Bool {
        let schedulerIsBusy = schedulerHasWork()
        if !inboxIsEmpty() { return true }
        return schedulerIsBusy && !userIsInTransaction()
    }

    /// The indexes of the panes a `.unpin`/`.refresh`/… argument names: an id, a name, or
    /// `all` (nil argument: all panes).
    func indexes(matching selector: String?, for command: String) throws(Diagnostic) -> [Int] {
        guard let selector, selector.lowercased() != "all" else {
            return Array(panes.indices)
        }
        if let id = Int(selector), let index = panes.firstIndex(where: { $0.id == id }) {
            return [index]
        }
        if let index = panes.firstIndex(where: { $0.name.lowercased() == selector.lowercased() }) {
            return [index]
        }
        let known = panes.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")
        throw Diagnostic("\(command): no pane \(selector)",
                         hint: panes.isEmpty ? "no pane is pinned: .pin QUERY pins one" : "panes: \(known)")
    }

    /// The index of the one pane an argument names.
    func index(matching selector: String, for command: String) throws(Diagnostic) -> Int {
        guard selector.lowercased() != "all" else {
            throw Diagnostic("\(command): name one pane by its id or name, not all")
        }
        return try indexes(matching: selector, for: command)[0]
    }

    /// The user has a transaction open: panes show what is committed, and what depends on
    /// the user's schema waits for its end. As the session last reported it
    /// (``unitDidEnd(_:)``), or asked of the connection when no report is current.
    public var userIsInTransaction: Bool {
        reportedTransaction ?? connection.queue.inDatabase { $0.isInsideTransaction }
    }

    /// A unit starts: the last report no longer holds (the engine asks the connection until
    /// this unit's report).
    func unitWillRun() {
        reportedTransaction = nil
        reportedMemorySchemaCookie = nil
    }

    /// The session ran a unit: what it reports replaces what the engine would otherwise ask
    /// the user's connection, until the next unit starts.
    func unitDidEnd(_ report: UnitReport) {
        reportedTransaction = report.isInsideTransaction
        if report.isInsideTransaction == false { schemaChangedInTransaction = false }
        reportedMemorySchemaCookie = report.memorySchemaCookie
        switch report.unit {
        case .statement(let text, let verb): statementDidRun(text, verb: verb)
        case .command: commandDidRun()
        case .other: break
        }
    }
}

/// Compiles a pane's text, SQL or DSL, into a statement on the user's connection: the
/// session's one entry point for query text (``Session/compileQuery(_:in:)``).
struct PaneCompiler {
    var compile: (String, Database) throws(Diagnostic) -> Statement?
}

/// The parts of the pane engine bound to one user connection.
struct PaneEngine {
    let recorder: ChangeRecorder
    let scheduler: RefreshScheduler
    /// Nil for an in-memory database: no other process writes to it.
    let watcher: ExternalChangeWatcher?
}
