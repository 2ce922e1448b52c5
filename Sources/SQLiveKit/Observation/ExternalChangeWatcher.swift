import Dispatch
import GRDB
import Synchronization

/// Notices commits made by other processes (another sqlite3 shell, an app writing the same
/// file), which no hook of this connection reports, by polling `PRAGMA data_version` of every
/// database of the user's connection (attached files included) on a timer.
///
/// SQLite changes a connection's `data_version` when another connection committed since the
/// connection last looked, and never for its own commits; the panes' reader never writes. So
/// a change read on the user's connection is another process's commit. The watcher keeps one
/// baseline for the connection's whole life, taken before the first pane's first fetch:
/// changing the interval, or turning `.external` off and on, never loses a commit made
/// meanwhile — the next check compares with what was seen last.
///
/// A check runs on the user's connection's queue, behind the user's statements, and never
/// waits for a lock: when another process holds the database, it fails at once and the next
/// tick tries again (``BusyPolicy/failingAtOnce(_:)``). Inside the user's transaction it reads
/// nothing (that would start a read transaction the user did not ask for).
///
///     let watcher = ExternalChangeWatcher(connection: connection, inbox: inbox)
///     watcher.interval = 0.025
///     // sqlite3 file.db "INSERT …"  →  within 25 ms: .externalChange in the inbox
final class ExternalChangeWatcher: Sendable {
    let connection: DatabaseConnection
    private let inbox: PaneInbox

    // Guarded by `state`: the versions seen last, whether a check is queued (a slow statement
    // must not pile checks up behind it), and the timer.
    private struct State {
        var versions: [String: Int]?
        var isChecking = false
        var interval: Double?
        var timer: (any DispatchSourceTimer)?
    }
    private let state = Mutex(State())

    init(connection: DatabaseConnection, inbox: PaneInbox) {
        self.connection = connection
        self.inbox = inbox
        let baseline = Self.read(connection)
        state.withLock { $0.versions = baseline }
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    /// How often to check; nil stops checking (the baseline stays).
    var interval: Double? {
        get { state.withLock { $0.interval } }
        set {
            state.withLock { state in
                guard state.interval != newValue else { return }
                state.interval = newValue
                state.timer?.cancel()
                state.timer = nil
                guard let newValue else { return }
                let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "sqlive.external-changes"))
                timer.schedule(deadline: .now() + newValue, repeating: newValue, leeway: .milliseconds(2))
                timer.setEventHandler { [weak self] in self?.check() }
                timer.resume()
                state.timer = timer
            }
        }
    }

    /// Compares `data_version` with what was seen last, now (the timer calls it too).
    func check() {
        let starts = state.withLock { state -> Bool in
            guard !state.isChecking else { return false }
            state.isChecking = true
            return true
        }
        guard starts else { return }
        let policy = connection.busyPolicy
        let probe = connection.versionProbe
        connection.queue.asyncUnsafeRead { [self] result in
            let versions = (try? result.get()).flatMap { db in
                policy.failingAtOnce { Self.dataVersions(db, probe: probe) }
            }
            let changed = state.withLock { state -> Bool in
                defer { state.isChecking = false }
                guard let versions else { return false }
                defer { state.versions = versions }
                // A database attached or detached since is no commit of another process.
                guard let seen = state.versions else { return false }
                return versions.contains { name, version in seen[name].map { $0 != version } ?? false }
            }
            if changed {
                // GRDB's cached view of the schema may be another process's past.
                (try? result.get())?.clearSchemaCache()
                inbox.post(.externalChange)
            }
        }
    }

    /// The versions now, read synchronously (the baseline).
    private static func read(_ connection: DatabaseConnection) -> [String: Int]? {
        connection.queue.inDatabase { db in
            connection.busyPolicy.failingAtOnce { dataVersions(db, probe: connection.versionProbe) }
        }
    }

    /// `data_version` of every database with a file, by name; nil inside the user's
    /// transaction or when a lock kept it from being read.
    private static func dataVersions(_ db: Database, probe: any ReplicaVersionProbe) -> [String: Int]? {
        guard !db.isInsideTransaction else { return nil }
        do {
            var versions: [String: Int] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT name, file FROM pragma_database_list")) {
                let name: String = row["name"]
                let file: String = row["file"] ?? ""
                guard name != "temp", !file.isEmpty || name == "main" else { continue }
                // data_version, or a replica's transaction (``ReplicaVersionProbe``).
                versions[name] = try probe.version(of: name, in: db)
            }
            return versions
        } catch {
            return nil
        }
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
