import Dispatch
import GRDB
import GRDBSQLite
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
/// waits for a lock: when another process holds the database, it fails at once
/// (``BusyPolicy/failingAtOnce(_:)``). The files moved, so a commit may be behind that lock
/// (an app that commits, then holds `BEGIN EXCLUSIVE`): when the next tick finds the lock
/// still taken over files that did not move since, every pane is woken all the same, and its
/// frame waits for the lock, which the dock says, instead of showing the old rows as current
/// until a later check can read (``LockedLook/wakesThePanesWhenHeld``).
///
/// It takes a lock only when something may have changed: the files' headers, sizes and
/// modification times (and a WAL file's WAL-index header) are compared first, without a lock
/// (``FileFingerprint``), so an idle watcher never holds a lock a watched app's commit could
/// meet, and costs a few system calls a tick.
///
/// Inside the user's transaction the user's connection must not read (that would start a
/// read transaction the user did not ask for, and it sees its own snapshot); another
/// process's commits then are noticed on a connection of the watcher's own (``SideReader``):
/// no commit of the user's can happen while the transaction is open, so a change it sees is
/// another process's.
///
///     let watcher = ExternalChangeWatcher(connection: connection, inbox: inbox, sink: scheduler) { recorder.commitCount }
///     watcher.interval = 0.025
///     // sqlite3 file.db "INSERT …"  →  within 25 ms: .externalChange in the inbox
final class ExternalChangeWatcher: Sendable {
    let connection: DatabaseConnection
    private let inbox: PaneInbox
    /// The engine: another process's commit makes every pane stale, and the schema is looked
    /// at in the same frame — no trip through the front-end thread.
    private let sink: any PaneChangeSink

    // Guarded by `state`: the versions seen last, whether a check is queued (a slow statement
    // must not pile checks up behind it), the timer, the files' lock-free fingerprints as of
    // the last locked read, and the side reader's baseline inside the user's transaction.
    private struct State {
        var versions: [String: Int]?
        var isChecking = false
        var interval: Double?
        var timer: (any DispatchSourceTimer)?
        var files: [String] = []
        var fingerprints: [FileFingerprint]?
        /// The side reader's `data_version`, and the user's commit count when it was read: a
        /// commit of the user's since moves it too, so the baseline is then taken again.
        var sideVersion: (version: Int, userCommits: Int)?
        /// How many checks ran (timer ticks and calls), the evidence tests wait for.
        var checks = 0
        /// The files as a timer's look found them when a lock kept it from reading: the next
        /// look that finds them the same and the lock still taken wakes the panes.
        var lockedFingerprints: [FileFingerprint]??
        /// The main database file was found deleted or replaced, and said (once).
        var sawReplacement = false
        /// The attached files found deleted or replaced, and said (once each, until the
        /// user attaches or detaches), as "name file".
        var movedAttachments: Set<String> = []
    }
    private let side: SideReader
    /// How many transactions the user's connection committed (``ChangeRecorder/commitCount``).
    private let userCommits: @Sendable () -> Int
    private let state = Mutex(State())

    init(connection: DatabaseConnection, inbox: PaneInbox, sink: any PaneChangeSink,
         userCommits: @escaping @Sendable () -> Int) {
        self.connection = connection
        self.inbox = inbox
        self.sink = sink
        self.userCommits = userCommits
        side = SideReader(path: connection.sqlitePath)
        let baseline = Self.read(connection)
        let sideBaseline = side.dataVersion().map { ($0, userCommits()) }
        state.withLock { state in
            state.sideVersion = sideBaseline
            state.versions = baseline?.versions
            state.files = baseline?.files ?? []
            // None: fingerprints taken after the read could already hold a commit made
            // since, which no check would then look for. The first check reads with a lock.
            state.fingerprints = nil
        }
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

    /// The user attached or detached a database: which files to watch is read again now, so
    /// that another process's commit to a file attached after the first pin is seen (its
    /// fingerprint was never taken: nothing moved in the files watched, and no check read
    /// again). What was seen of the databases known before is kept: a commit to them since
    /// the last check is still found, by the next check, which reads with a lock.
    func databasesDidChange() {
        let read = Self.read(connection)
        state.withLock { state in
            state.fingerprints = nil
            state.movedAttachments.removeAll()
            guard let read else { return }
            state.files = read.files
            guard let seen = state.versions else { return }
            state.versions = read.versions.reduce(into: [:]) { kept, entry in
                kept[entry.key] = seen[entry.key] ?? entry.value
            }
        }
    }

    /// How many checks ran so far.
    var checkCount: Int { state.withLock { $0.checks } }

    /// Compares `data_version` with what was seen last, now (the timer calls it too).
    func check() {
        guard startsCheck(unlessOneRuns: true) else { return }
        connection.queue.asyncUnsafeRead { [self] result in
            guard let db = try? result.get() else {
                state.withLock { $0.isChecking = false }
                return
            }
            _ = connection.ownStatements { examine(db, whenLocked: .wakesThePanesWhenHeld) }
        }
    }

    /// Looks for another process's commit now, on the calling thread (the session's, between
    /// two statements; frames woken by the user's commit may have read past such a commit,
    /// and only a refresh of every pane makes them one state again). True when one was
    /// found: every pane was woken.
    ///
    /// `wakingIfUnreadable`: when another process's lock keeps the versions from being read,
    /// every pane is woken as if a commit was found (a frame that read past one would
    /// otherwise print beside panes from before it: in rollback-journal mode a writer busy
    /// in a loop holds the lock often enough). The frames then wait for the lock.
    func checkNow(wakingIfUnreadable: Bool = false) -> Bool {
        guard startsCheck(unlessOneRuns: false) else { return false }
        return connection.queue.inDatabase { db in
            connection.ownStatements { examine(db, whenLocked: wakingIfUnreadable ? .wakesThePanes : .tellsNothing) }
        }
    }

    /// Counts a check, and starts it unless nothing moved in any file since the last locked
    /// read (then no lock is taken) or, `unlessOneRuns`, another check is under way (a look
    /// between statements does not skip one: the timer's may end after it).
    private func startsCheck(unlessOneRuns: Bool) -> Bool {
        // The files are looked at outside the lock: whatever a look at a file costs, the lock
        // (which the exit waits for) is never held meanwhile.
        let (files, known) = state.withLock { ($0.files, $0.fingerprints) }
        let current = known == nil ? nil : FileFingerprint.take(files)
        return state.withLock { state -> Bool in
            state.checks += 1
            if unlessOneRuns && state.isChecking { return false }
            if let fingerprints = state.fingerprints, state.files == files, fingerprints == current {
                return false
            }
            state.isChecking = true
            return true
        }
    }

    /// What a look does when another process's lock keeps `data_version` from being read.
    enum LockedLook {
        /// Nothing: the next look tries again.
        case tellsNothing
        /// Every pane is woken as if a commit was found (the look after a statement).
        case wakesThePanes
        /// Every pane is woken when the next look finds the files as they were and the lock
        /// still taken: an app that committed, then holds `BEGIN EXCLUSIVE`. A commit's own
        /// lock, a few milliseconds, is waited out by the next tick as before: woken at
        /// once, the panes read as soon as each commit let go, and met the app's next COMMIT
        /// more often (an app without a busy timeout got "database is locked" more often).
        case wakesThePanesWhenHeld
    }

    /// Compares what the connection sees with what was seen last; on another process's
    /// commit, wakes every pane. Ends the check. On the connection's queue.
    private func examine(_ db: Database, whenLocked: LockedLook) -> Bool {
        // A file deleted and made again (an app's reset) moves the fingerprints; its commits
        // are not this connection's to see: the front-end is told, once, to open it again.
        if Self.mainFileMoved(db) {
            let files = state.withLock { $0.files }
            let fingerprints = FileFingerprint.take(files)
            let isNews = state.withLock { state -> Bool in
                state.isChecking = false
                // Looked at again only when the new file moves (no check each tick).
                state.fingerprints = state.files == files ? fingerprints : nil
                defer { state.sawReplacement = true }
                return !state.sawReplacement
            }
            if isNews { inbox.post(.databaseReplaced) }
            return false
        }
        // An attached file replaced the same way: the main database's commits are still
        // watched, and the panes on the attachment read its old file until it is attached again.
        postMovedAttachments(db)
        let changed = db.isInsideTransaction
            ? sideReaderSawCommit()
            : userConnectionSawCommit(db, policy: connection.busyPolicy, whenLocked: whenLocked)
        guard changed else { return false }
        // GRDB's cached view of the schema may be another process's past.
        db.clearSchemaCache()
        let probe = connection.versionProbe
        let main = state.withLock { $0.versions?["main"] }
        // The board restarts the panes whose query did not compile, and traces it.
        // Posted before the frames are woken, so that it always comes before the
        // schema change a frame may find: a pane failing on a dropped table then
        // fails once, not again when this arrives after.
        inbox.post(.externalChange)
        sink.receive(.anything(main.map(probe.cause(afterSeeing:)) ?? .externalChange,
                               readerMustSee: main.flatMap(probe.readerCondition(afterSeeing:))))
        return true
    }

    /// True when the file at the main database's path is not the one the connection has
    /// open: deleted, or another file in its place (SQLite's own test, a `stat`).
    static func mainFileMoved(_ db: Database) -> Bool {
        guard let connection = db.sqliteConnection else { return false }
        var moved: Int32 = 0
        return sqlite3_file_control(connection, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0
    }

    /// Says, once each, which attached files are not the ones the connection has open any more.
    private func postMovedAttachments(_ db: Database) {
        guard let connection = db.sqliteConnection,
              let attached = try? AttachedDatabase.list(in: db) else { return }
        for database in attached where !database.file.isEmpty {
            var moved: Int32 = 0
            guard sqlite3_file_control(connection, database.name, SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK,
                  moved != 0 else { continue }
            let isNews = state.withLock { $0.movedAttachments.insert(database.name + " " + database.file).inserted }
            if isNews { inbox.post(.attachedDatabaseReplaced(name: database.name, file: database.file)) }
        }
    }

    /// Outside the user's transaction: the user's connection's `data_version`s. A read that a
    /// lock kept from happening counts as a commit as `whenLocked` says.
    private func userConnectionSawCommit(_ db: Database, policy: BusyPolicy, whenLocked: LockedLook) -> Bool {
        // Taken before the read: a commit after it moves them, and the next check reads.
        // (Taken after, they could hold a commit the read did not see, and no later check
        // would look for it.)
        let filesBefore = state.withLock { $0.files }
        let fingerprints = FileFingerprint.take(filesBefore)
        let read = policy.failingAtOnce { Self.dataVersions(db, probe: connection.versionProbe) }
        let commits = userCommits()
        let sideVersion = read == nil ? nil : side.dataVersion().map { ($0, commits) }
        return state.withLock { state -> Bool in
            defer { state.isChecking = false }
            guard let read else {
                let wakes: Bool
                switch whenLocked {
                case .tellsNothing: wakes = false
                case .wakesThePanes: wakes = true
                case .wakesThePanesWhenHeld:
                    wakes = state.lockedFingerprints.map { $0 == fingerprints } ?? false
                    state.lockedFingerprints = wakes ? nil : fingerprints
                }
                // Woken once for this move of the files: the frame waits for the lock and
                // reads the latest state; a later move (the holder's COMMIT) checks again.
                if wakes && state.files == filesBefore { state.fingerprints = fingerprints }
                return wakes
            }
            state.lockedFingerprints = nil
            defer {
                state.versions = read.versions
                state.files = read.files
                state.fingerprints = read.files == filesBefore ? fingerprints : nil
                state.sideVersion = sideVersion
            }
            // A database attached or detached since is no commit of another process.
            guard let seen = state.versions else { return false }
            return read.versions.contains { name, version in seen[name].map { $0 != version } ?? false }
        }
    }

    /// Inside the user's transaction: the side reader's `data_version` of the main database,
    /// against what it read last (the user cannot commit while the transaction is open, and a
    /// baseline read before one of the user's commits is not compared).
    private func sideReaderSawCommit() -> Bool {
        let commits = userCommits()
        let version = side.dataVersion()
        return state.withLock { state -> Bool in
            defer { state.isChecking = false }
            guard let version else { return false }
            defer { state.sideVersion = (version, commits) }
            guard let seen = state.sideVersion, seen.userCommits == commits else { return false }
            return seen.version != version
        }
    }

    /// The versions now and the files they belong to, read synchronously (the baseline).
    private static func read(_ connection: DatabaseConnection) -> (versions: [String: Int], files: [String])? {
        connection.queue.inDatabase { db in
            connection.ownStatements {
                connection.busyPolicy.failingAtOnce { dataVersions(db, probe: connection.versionProbe) }
            }
        }
    }

    /// `data_version` of every database with a file, by name, and the files; nil inside the
    /// user's transaction or when a lock kept it from being read.
    private static func dataVersions(_ db: Database, probe: any ReplicaVersionProbe)
        -> (versions: [String: Int], files: [String])? {
        guard !db.isInsideTransaction else { return nil }
        do {
            var versions: [String: Int] = [:]
            var files: [String] = []
            for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT name, file FROM pragma_database_list")) {
                let name: String = row["name"]
                let file: String = row["file"] ?? ""
                guard !PrivateDatabase.isPrivate(name, file: file, db: db) else { continue }
                // data_version, or a replica's transaction (``ReplicaVersionProbe``).
                versions[name] = try probe.version(of: name, in: db)
                files.append(file)
            }
            return (versions, files)
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
