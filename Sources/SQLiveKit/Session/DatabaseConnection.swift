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

    public init(path: String, readonly: Bool = false, busyTimeout: TimeInterval = 5, isSafe: Bool = false,
                staysReadonly: Bool = false) {
        self.path = path
        self.readonly = readonly || staysReadonly
        self.busyTimeout = busyTimeout
        self.isSafe = isSafe
        self.staysReadonly = staysReadonly
    }

    /// An empty path or `:memory:` means a private in-memory database, as in sqlite3.
    public var isInMemory: Bool { path.isEmpty || path == ":memory:" }

    /// The name `.databases` and the prompt show.
    public var displayName: String { isInMemory ? ":memory:" : path }
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

    public init(_ options: OpenOptions) throws(Diagnostic) {
        SQLiteProcessSettings.applyOnce()
        self.options = options
        busyPolicy = BusyPolicy(timeout: options.busyTimeout)
        if options.isInMemory && SQLiteProcessSettings.applied {
            let name = "/sqlive-\(getpid())-\(Self.memoryCounter.add(1, ordering: .relaxed).newValue)"
            memoryName = name
            sqlitePath = "file:\(name)?vfs=memdb"
        } else {
            memoryName = nil
            sqlitePath = options.path
        }
        var configuration = Configuration()
        configuration.readonly = options.readonly
        configuration.foreignKeysEnabled = false
        configuration.acceptsDoubleQuotedStringLiterals = true
        configuration.busyMode = .callback(busyPolicy.callback)
        // A shell runs `BEGIN;` and `COMMIT;` as separate inputs: transactions stay open
        // between database accesses, which GRDB otherwise stops the process for.
        configuration.allowsUnsafeTransactions = true
        configuration.label = "sqlive"
        let isSafe = options.isSafe
        configuration.prepareDatabase { db in
            try ConnectionHardening.apply(to: db, safe: isSafe)
        }
        do {
            if options.isInMemory {
                queue = memoryName == nil
                    ? try DatabaseQueue(configuration: configuration)
                    : try DatabaseQueue(path: sqlitePath, configuration: configuration)
            } else {
                try Self.checkPath(options)
                queue = try DatabaseQueue(path: options.path, configuration: configuration)
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch let error as DatabaseError {
            throw Diagnostic("cannot open \(options.path): \(error.message ?? error.description)")
        } catch {
            throw Diagnostic("cannot open \(options.path): \(error)")
        }
    }

    /// Errors SQLite would report vaguely ("unable to open database file"), said plainly.
    private static func checkPath(_ options: OpenOptions) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: options.path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw Diagnostic("cannot open \(options.path): it is a directory, not a database file")
        }
        if !exists {
            if options.readonly {
                throw Diagnostic("cannot open \(options.path): no such file (and --readonly does not create one)")
            }
            let folder = (options.path as NSString).deletingLastPathComponent
            let parent = folder.isEmpty ? "." : folder
            if !FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) || !isDirectory.boolValue {
                throw Diagnostic("cannot open \(options.path): the folder \(parent) does not exist")
            }
        } else if !options.readonly && !FileManager.default.isWritableFile(atPath: options.path) {
            throw Diagnostic("cannot open \(options.path): the file is not writable (use --readonly to read it)",
                             hint: nil)
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
    /// database cannot be shared (a private in-memory database).
    func openPaneReader() throws -> DatabaseQueue? {
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
            if !readonly { try db.execute(sql: "PRAGMA query_only = 1") }
        }
        return try DatabaseQueue(path: sqlitePath, configuration: configuration)
    }

    /// Loads an SQLite extension (`.load`), with loading turned on only for this call and
    /// only for the C API.
    public func loadExtension(path: String, entryPoint: String?) throws(Diagnostic) {
        let failure: String? = queue.inDatabase { db in
            var message: UnsafeMutablePointer<CChar>?
            let code = sqlive_load_extension(UnsafeMutableRawPointer(db.sqliteConnection), path, entryPoint, &message)
            defer { sqlite3_free(message) }
            guard code != SQLITE_OK else { return nil }
            return message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        }
        if let failure {
            throw Diagnostic("cannot load \(path): \(failure)")
        }
    }

    /// Interrupts the statement running now, from any thread (Ctrl-C).
    public func interrupt() {
        queue.interrupt()
    }
}
