import Dispatch
import GRDB
import Synchronization

/// Notices commits made by other processes (another sqlite3 shell, an app writing the same
/// file), which GRDB cannot see, by polling `PRAGMA data_version` on a timer.
///
/// SQLite changes `data_version` on a connection when another connection committed to the
/// file since the connection last looked, and never for the connection's own commits. The
/// check runs on GRDB's writer queue (queued behind the user's statements, never blocking the
/// timer); when the value moved, the watcher posts ``PaneInbox/Item/externalChange`` and the
/// board re-runs the panes on the front-end thread with the cause "external change".
///
///     board.watcher = ExternalChangeWatcher(connection: connection, interval: 0.5, inbox: inbox)
///     // sqlite3 file.db "INSERT …"  →  within half a second: .externalChange in the inbox
///
/// The watcher stops when it is released.
final class ExternalChangeWatcher {
    let interval: Double
    let connection: DatabaseConnection
    private let timer: any DispatchSourceTimer

    init(connection: DatabaseConnection, interval: Double, inbox: PaneInbox) {
        self.interval = interval
        self.connection = connection
        let probe = DataVersionProbe(queue: connection.queue, inbox: inbox)
        probe.takeBaseline()
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "sqlive.external-changes"))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(5))
        timer.setEventHandler { probe.check() }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// Reads `.external` intervals: `500ms`, `2s`, `0.5` (seconds).
    static func parseInterval(_ text: String) -> Double? {
        let lowered = text.lowercased()
        let value: Double?
        if lowered.hasSuffix("ms") {
            value = Double(lowered.dropLast(2)).map { $0 / 1000 }
        } else if lowered.hasSuffix("s") {
            value = Double(lowered.dropLast())
        } else {
            value = Double(lowered)
        }
        guard let value, value >= 0.01, value <= 3600 else { return nil }
        return value
    }

    /// `500ms`, `2s`: an interval as `.external` shows it.
    static func format(_ interval: Double) -> String {
        if interval < 1 { return "\(Int((interval * 1000).rounded()))ms" }
        return interval == interval.rounded() ? "\(Int(interval))s" : "\(interval)s"
    }
}

/// The check itself, shared with the timer's handler.
private final class DataVersionProbe: Sendable {
    private let queue: DatabaseQueue
    private let inbox: PaneInbox

    // Guarded by the mutex: the last `data_version` read, and whether a check is queued on
    // the writer queue (a slow statement must not pile up checks behind it).
    private struct State {
        var version: Int?
        var isChecking = false
    }
    private let state = Mutex(State())

    init(queue: DatabaseQueue, inbox: PaneInbox) {
        self.queue = queue
        self.inbox = inbox
    }

    /// Reads the version now, so a commit made right after the watcher starts is noticed.
    func takeBaseline() {
        let version = try? queue.inDatabase(Self.dataVersion)
        state.withLock { $0.version = version }
    }

    func check() {
        let starts = state.withLock { state -> Bool in
            guard !state.isChecking else { return false }
            state.isChecking = true
            return true
        }
        guard starts else { return }
        queue.asyncUnsafeRead { [self] result in
            let version = (try? result.get()).flatMap { db in try? Self.dataVersion(db) }
            let changed = state.withLock { state -> Bool in
                defer { state.isChecking = false }
                guard let version else { return false }
                defer { state.version = version }
                return state.version.map { $0 != version } ?? false
            }
            if changed { inbox.post(.externalChange) }
        }
    }

    /// Nil inside the user's transaction: reading there would start a read transaction in
    /// it, holding a lock (and in WAL mode a snapshot) the user never asked for, so that the
    /// user's next write could not wait for another process's lock. The first check after
    /// the transaction ends sees the change.
    private static func dataVersion(_ db: Database) throws -> Int? {
        guard !db.isInsideTransaction else { return nil }
        return try Int.fetchOne(db, sql: "PRAGMA data_version")
    }
}
