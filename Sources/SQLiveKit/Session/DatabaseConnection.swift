import Foundation
import GRDB
import GRDBSQLite
import Synchronization
import CSQLiteShim

/// How to open a database: the path and the options given on the command line or to `.open`.
public struct OpenOptions: Sendable, Equatable {
    public var path: String
    public var readonly: Bool
    /// How long a statement waits for another connection's lock before failing.
    public var busyTimeout: TimeInterval
    /// `--safe`: the connection refuses ATTACH, file and extension functions, and more
    /// (``ConnectionHardening``); `.open` keeps it.
    public var isSafe: Bool
    /// `--readonly` on the command line: every database `.open` opens is read-only too.
    public var staysReadonly: Bool
    /// Set when the database is a Litestream replica read through its VFS (`--replica`):
    /// `path` is then the URI that opens it, and the connection is read-only.
    public var replica: LitestreamReplica?
    /// `--trusted-schema` (`.open --trusted-schema`): this database's schema may call
    /// functions SQLite does not mark harmless, as with `PRAGMA trusted_schema=1`, from the
    /// open on — before anything reads the schema. On SQLite 3.40 the JSON functions are not
    /// marked: a generated column of `json_extract` made the file impossible to open, and the
    /// pragma could not come first. Per database: `.open` of another file does not keep it.
    public var trustsSchema = false
    /// Extensions to load into the connection once it is open: those `--load` and a `.load`
    /// run before a deferred open loaded for the process first (``ExtensionPreload``).
    public var extensions: [LoadableExtension] = []

    public init(path: String, readonly: Bool = false, busyTimeout: TimeInterval = 5, isSafe: Bool = false,
                staysReadonly: Bool = false) {
        self.path = path
        self.readonly = readonly || staysReadonly
        self.busyTimeout = busyTimeout
        self.isSafe = isSafe
        self.staysReadonly = staysReadonly
    }

    /// A Litestream replica, opened read-only through the VFS (which must be loaded first:
    /// ``LitestreamReplica/loadVFS(explicit:environment:)``).
    public init(replica: LitestreamReplica, busyTimeout: TimeInterval = 5, isSafe: Bool = false, staysReadonly: Bool = false) {
        self.init(path: replica.sqliteName, readonly: true, busyTimeout: busyTimeout, isSafe: isSafe,
                  staysReadonly: staysReadonly)
        self.replica = replica
    }

    /// An empty path, `:memory:` or a URI for one (`file::memory:`) means a private in-memory
    /// database, as in sqlite3.
    public var isInMemory: Bool { path.isEmpty || path == ":memory:" || fileName.isPrivateMemoryURI }

    /// The name `.databases` and the prompt show.
    public var displayName: String { replica?.description ?? (isInMemory ? ":memory:" : path) }

    /// True when the URI names a VFS no extension has registered yet: a `.load` from
    /// `--cmd` or an init file may register it before the database opens.
    public var waitsForAnExtension: Bool {
        fileName.parameter("vfs").map { sqlite3_vfs_find($0) == nil } ?? false
    }

    /// The path or URI as sqlive reads it (``DatabaseFileName``).
    var fileName: DatabaseFileName { DatabaseFileName(path) }
}

/// The session's connection to one database file, through a GRDB `DatabaseQueue`.
///
/// Opening changes nothing in the file: no journal-mode switch, no tables, no pragmas that
/// persist. Connection settings follow the sqlite3 shell (foreign keys off, double-quoted
/// string literals accepted) so scripts behave as they do there.
///
/// An in-memory database is opened as `file:/sqlive-PID-N?vfs=memdb` (SQLite's `memdb` VFS):
/// still private to this process and gone when its last connection closes, but shareable, so
/// that the panes read it on a connection of their own (``openPaneReader()``).
public final class DatabaseConnection: Sendable {
    public let options: OpenOptions
    public let queue: DatabaseQueue
    /// What a statement does when the database is locked (``BusyPolicy``).
    let busyPolicy: BusyPolicy
    /// The name SQLite knows the database by: the path, or the shared in-memory URI.
    let sqlitePath: String
    /// The file name `PRAGMA database_list` reports for the main database of a shared
    /// in-memory database (`/sqlive-…`), which `.databases` shows as `""` like sqlite3.
    let memoryName: String?
    /// What tells, for a change source, that the database has a new committed state: the
    /// replicated transaction on a Litestream replica, `data_version` otherwise.
    let versionProbe: any ReplicaVersionProbe
    /// Keeps the statements sqlive runs for the panes out of `.trace` (``TraceMute``).
    let traceMute = TraceMute()

    /// Runs statements of sqlive's own on this connection, inside an access: out of `.trace`
    /// and out of `.log`.
    func ownStatements<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try traceMute.during { () throws(E) -> T in
            sqlive_mute_log_on_this_thread(1)
            defer { sqlive_mute_log_on_this_thread(0) }
            return try body()
        }
    }

    private init(options: OpenOptions, queue: DatabaseQueue, busyPolicy: BusyPolicy,
                 sqlitePath: String, memoryName: String?) {
        self.options = options
        self.queue = queue
        self.busyPolicy = busyPolicy
        self.sqlitePath = sqlitePath
        self.memoryName = memoryName
        self.versionProbe = ChangeProbe.for(options.fileName)
    }

    /// Opens the database; a wait for another process's lock at the open (GRDB reads the
    /// schema) ends when `stopRequest` is asked (``BusyPolicy``), which the connection keeps.
    public convenience init(_ options: OpenOptions, stopRequest: StopRequest? = nil) throws(Diagnostic) {
        switch Self.open(options, waitsForLocks: true, stopRequest: stopRequest) {
        case .success(let opened):
            self.init(options: options, queue: opened.queue, busyPolicy: opened.policy,
                      sqlitePath: opened.sqlitePath, memoryName: opened.memoryName)
        case .failure(.failed(let diagnostic)): throw diagnostic
        case .failure(.locked): throw Diagnostic("cannot open \(options.displayName): database is locked")
        }
    }

    /// Opens the database without waiting for another process's lock: nil when one holds
    /// it now, so the caller can open it later, when something needs it (sqlive starts, and
    /// `.help` runs, while another process writes). The busy timeout applies afterwards.
    public static func openUnlessLocked(_ options: OpenOptions) throws(Diagnostic) -> DatabaseConnection? {
        switch open(options, waitsForLocks: false) {
        case .success(let opened):
            return DatabaseConnection(options: options, queue: opened.queue, busyPolicy: opened.policy,
                                      sqlitePath: opened.sqlitePath, memoryName: opened.memoryName)
        case .failure(.locked): return nil
        case .failure(.failed(let diagnostic)): throw diagnostic
        }
    }

    private enum OpenFailure: Error {
        /// Another process holds a lock that keeps GRDB from reading the schema at open.
        case locked
        case failed(Diagnostic)
    }

    private struct Opened {
        var queue: DatabaseQueue
        var policy: BusyPolicy
        var sqlitePath: String
        var memoryName: String?
    }

    private static func open(_ options: OpenOptions, waitsForLocks: Bool,
                             stopRequest: StopRequest? = nil) -> Result<Opened, OpenFailure> {
        SQLiteProcessSettings.applyOnce()
        if let refusal = LitestreamReplica.refusal(of: options) {
            return .failure(.failed(refusal))
        }
        let policy = BusyPolicy(timeout: options.busyTimeout)
        policy.stopRequest = stopRequest
        var memoryName: String?
        var sqlitePath = options.fileName.sqliteName
        if options.isInMemory && SQLiteProcessSettings.applied {
            let name = "/sqlive-\(getpid())-\(memoryCounter.add(1, ordering: .relaxed).newValue)"
            memoryName = name
            sqlitePath = "file:\(name)?vfs=memdb"
        }
        var configuration = Configuration()
        configuration.readonly = options.readonly
        configuration.foreignKeysEnabled = false
        configuration.acceptsDoubleQuotedStringLiterals = true
        configuration.busyMode = .callback(policy.callback)
        // A shell runs `BEGIN;` and `COMMIT;` as separate inputs: transactions stay open
        // between database accesses, which GRDB otherwise stops the process for.
        configuration.allowsUnsafeTransactions = true
        configuration.label = "sqlive"
        let isSafe = options.isSafe
        let trustsSchema = options.trustsSchema
        configuration.prepareDatabase { db in
            ShellFunctions.install(in: db, safe: isSafe)
            try ConnectionHardening.apply(to: db, safe: isSafe, trustsSchema: trustsSchema)
        }
        do {
            let queue: DatabaseQueue
            if options.isInMemory {
                queue = memoryName == nil
                    ? try DatabaseQueue(configuration: configuration)
                    : try DatabaseQueue(path: sqlitePath, configuration: configuration)
            } else {
                try checkPath(options)
                // Opening reads the schema: without waiting, a lock held elsewhere is
                // reported as such, and the caller opens later.
                let path = sqlitePath
                queue = waitsForLocks
                    ? try DatabaseQueue(path: path, configuration: configuration)
                    : try policy.failingAtOnce { try DatabaseQueue(path: path, configuration: configuration) }
            }
            for loadable in options.extensions {
                try load(loadable, into: queue)
            }
            return .success(Opened(queue: queue, policy: policy, sqlitePath: sqlitePath, memoryName: memoryName))
        } catch let diagnostic as Diagnostic {
            return .failure(.failed(diagnostic))
        } catch {
            let diagnostic = Diagnostic(converting: error)
            if !waitsForLocks, case .sqlite(let code) = diagnostic.kind, code.primaryResultCode == .SQLITE_BUSY {
                return .failure(.locked)
            }
            if policy.takeAbandonedForStop() {
                return .failure(.failed(Diagnostic("interrupted", kind: .interrupted).prefixed("cannot open \(options.displayName): ")))
            }
            var failure = diagnostic.prefixed("cannot open \(options.displayName): ")
            if diagnostic.message.contains("unsafe use of"), !options.trustsSchema {
                failure.hint = Self.untrustedSchemaOpenHint
            }
            if let replica = options.replica, failure.hint == nil {
                failure.hint = replica.openFailureHint
            }
            return .failure(.failed(failure))
        }
    }

    /// Why a file whose schema calls a function not marked harmless does not open, and how
    /// to open one you trust.
    static let untrustedSchemaOpenHint = "sqlive reads a database's schema with PRAGMA trusted_schema off, and this one "
        + "calls a function SQLite does not mark harmless (on SQLite 3.40, json_extract and the other JSON functions); "
        + "for a database you trust: sqlive --trusted-schema FILE, or .open --trusted-schema FILE"

    /// Errors SQLite would report vaguely ("unable to open database file"), said plainly:
    /// checked on the local file the path or URI names, as the file system has its bytes.
    private static func checkPath(_ options: OpenOptions) throws(Diagnostic) {
        let name = options.fileName
        if let vfs = name.parameter("vfs"), sqlite3_vfs_find(vfs) == nil {
            // SQLite would say "SQL logic error".
            throw Diagnostic("cannot open \(options.displayName): no such vfs: \(vfs)",
                             hint: "the extension that provides this VFS must load before the database opens: "
                                + "sqlive --load EXT DATABASE (a .load after the open comes too late)")
        }
        guard let file = name.localFile else { return }
        if let problem = LocalFileCheck.problem(at: file, shown: options.displayName,
                                                readonly: options.readonly || name.asksReadOnly) {
            throw Diagnostic(problem)
        }
    }

    /// Sets how long statements wait for another connection's lock (`.timeout`).
    public func setBusyTimeout(milliseconds: Int32) {
        busyPolicy.timeout = Double(milliseconds) / 1000
    }

    /// Numbers the shared in-memory databases of this process.
    private static let memoryCounter = Atomic<Int>(0)

    /// A new read-only connection to the same database, for the panes: the same file (or the
    /// same shared in-memory database), `PRAGMA query_only` on, and a busy wait of its own
    /// that is short, since a pane waits for the user and never the reverse. Nil when the
    /// database cannot be shared (a private in-memory database). `trustedSchema` is the
    /// session's `PRAGMA trusted_schema`, set before anything reads the schema: opening reads
    /// it, and a schema that calls a function not marked harmless (a generated column of
    /// `json_extract` on this SQLite) is "malformed" with the setting off, so a session that
    /// had turned it on to make such a table could pin no pane at all.
    func openPaneReader(trustedSchema: Bool = false) throws -> DatabaseQueue? {
        guard !options.isInMemory || memoryName != nil else { return nil }
        var configuration = Configuration()
        // A read-write open of a read-write file: a read-only open of a WAL file needs its
        // -shm file to exist already. query_only keeps it from ever writing.
        configuration.readonly = options.readonly
        configuration.foreignKeysEnabled = false
        configuration.acceptsDoubleQuotedStringLiterals = true
        configuration.busyMode = .timeout(0.05)
        configuration.label = "sqlive.panes"
        let readonly = options.readonly
        let isSafe = options.isSafe
        configuration.prepareDatabase { db in
            // A pane's query is the user's SQL too: the same refusals as the session's own
            // connection (a tokenizer pointer set here would be called by a pane on an FTS table).
            try ConnectionHardening.apply(to: db, safe: isSafe)
            if trustedSchema { try db.execute(sql: "PRAGMA trusted_schema = 1") }
            if !readonly { try db.execute(sql: "PRAGMA query_only = 1") }
        }
        // Opening reads the schema: another process's commit on a rollback-journal file holds
        // it for a moment, longer than a read's 50 ms. A `.pin` (or `--follow`) beside an
        // app's commits failed about one time in twenty; the open is tried again for a while.
        // A shared in-memory database has no other process: its lock is the user's own
        // transaction, which no wait ends (a `.pin` inside one took 3 s, then waited for it).
        let deadline = Date().addingTimeInterval(options.isInMemory ? 0 : Self.readerOpenPatience)
        while true {
            do {
                return try DatabaseQueue(path: sqlitePath, configuration: configuration)
            } catch let error as DatabaseError
                        where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) && Date() < deadline {
                continue  // the attempt waited 50 ms for the lock already
            }
        }
    }

    /// How long opening a panes' connection waits for another process's lock.
    static let readerOpenPatience = 3.0

    /// Loads an SQLite extension (`.load`), with loading turned on only for this call and
    /// only for the C API.
    public func loadExtension(path: String, entryPoint: String?) throws(Diagnostic) {
        try Self.load(LoadableExtension(path: path, entryPoint: entryPoint), into: queue)
    }

    private static func load(_ loadable: LoadableExtension, into queue: DatabaseQueue) throws(Diagnostic) {
        let failure: String? = queue.inDatabase { db in
            var message: UnsafeMutablePointer<CChar>?
            // The path's own bytes, should it not be UTF-8 (``RawBytes``).
            let cPath = RawBytes.bytes(of: loadable.path).map { CChar(bitPattern: $0) } + [0]
            let code = sqlive_load_extension(UnsafeMutableRawPointer(db.sqliteConnection), cPath, loadable.entryPoint, &message)
            defer { sqlite3_free(message) }
            guard code != SQLITE_OK else { return nil }
            return message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        }
        if let failure {
            throw Diagnostic("cannot load \(loadable.path): \(failure)")
        }
    }


    /// Interrupts the statement running now, from any thread (Ctrl-C), and the panes' reads:
    /// a script runs its panes' frames on its own thread while it waits for them, and a
    /// signal must stop that wait as it stops a statement.
    public func interrupt() {
        busyPolicy.interrupt()
        queue.interrupt()
        _ = busyPolicy.yieldToWriter?()
    }
}
