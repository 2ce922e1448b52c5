import Foundation
import GRDB

/// The panes of a session: pinned queries kept up to date by GRDB's `ValueObservation`, the
/// causes of their refreshes, and the tools that show observation at work (`.trace`,
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
/// ## Threading
/// The board belongs to the front-end thread, like its ``Session``: every method is called
/// there. Observation runs elsewhere (GRDB's writer and reduce queues, the external watcher's
/// timer); what it produces goes into a locked ``PaneInbox``, and the inbox calls ``waker`` so
/// the front-end's loop calls ``drainEvents()``. The board never writes to the terminal.
///
/// ## Ordering
/// Each fetch gets a sequence number when it runs on the database connection, and every pane
/// remembers the number of the value it shows: a value that arrives after a newer one (from an
/// observation that was just restarted, say) is dropped and counted in ``Pane/staleCount``.
public final class PaneBoard {
    /// The session whose connection the panes read; the session owns the board.
    weak var session: Session?
    let inbox = PaneInbox()

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

    /// The connection the observations run on, and its change recorder.
    var binding: Binding?
    var cancellables: [Int: AnyDatabaseCancellable] = [:]
    /// Which pane each observation ever started belongs to, to count stale values.
    var tokenOwners: [ObservationToken: Int] = [:]
    /// The schema version seen last, to restart panes when it changes.
    var schemaVersion: SchemaVersion?
    /// Restarts waiting for the end of the user's transaction.
    var pendingRestarts: [Int: RefreshCause] = [:]
    var nextID = 1
    /// Events that happened on the front-end thread itself (a query that no longer compiles),
    /// returned by the next ``drainEvents()``.
    var localEvents: [PaneEvent] = []
    var externalSetting: ExternalSetting = .automatic
    var watcher: ExternalChangeWatcher?
    var traceRequested = false

    /// The connection observations run on, with the recorder added to it.
    struct Binding {
        let connection: DatabaseConnection
        let recorder: ChangeRecorder
    }

    init(session: Session) {
        self.session = session
    }

    /// Called by background work after it leaves something to drain: the terminal front-end
    /// sets it to write one byte to its wake-up pipe. Called from any thread.
    public var waker: (@Sendable () -> Void)? {
        get { inbox.waker }
        set { inbox.waker = newValue }
    }

    /// How many times pane queries ran (pins, refreshes, restarts) since the session began.
    public var fetchCount: Int { inbox.fetchCount }

    public func pane(id: Int) -> Pane? {
        panes.first { $0.id == id }
    }

    /// True once a change recorder (a GRDB transaction observer) watches the session's
    /// connection: statements must then run through GRDB so observers see them.
    var observesConnection: Bool {
        guard let binding, let session else { return false }
        return binding.connection === session.connection
    }

    /// True when there is something to watch or to print after a statement.
    var isActive: Bool {
        !panes.isEmpty || traceRequested || !inbox.isEmpty || !localEvents.isEmpty
    }

    /// Waits until every refresh that began has been delivered (scripts call it after each
    /// statement); false if that took longer than `timeout` seconds.
    public func waitUntilSettled(timeout: Double = 30) -> Bool {
        inbox.waitUntilSettled(timeout: timeout)
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
}

/// `PRAGMA schema_version` of the main and temp schemas: it changes with every schema change.
struct SchemaVersion: Equatable {
    var main: Int
    var temp: Int
}
