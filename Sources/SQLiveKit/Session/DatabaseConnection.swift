import Foundation
import GRDB
import GRDBSQLite
import CSQLiteShim

/// How to open a database: the path and the options given on the command line or to `.open`.
public struct OpenOptions: Sendable, Equatable {
    public var path: String
    public var readonly: Bool
    /// How long a statement waits for another connection's lock before failing.
    public var busyTimeout: TimeInterval
    /// `--safe`: the connection refuses ATTACH (extension loading is off unless `.load`).
    public var forbidsAttach: Bool

    public init(path: String, readonly: Bool = false, busyTimeout: TimeInterval = 5, forbidsAttach: Bool = false) {
        self.path = path
        self.readonly = readonly
        self.busyTimeout = busyTimeout
        self.forbidsAttach = forbidsAttach
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
public final class DatabaseConnection: Sendable {
    public let options: OpenOptions
    public let queue: DatabaseQueue

    private init(options: OpenOptions, queue: DatabaseQueue) {
        self.options = options
        self.queue = queue
    }

    public convenience init(_ options: OpenOptions) throws(Diagnostic) {
        switch Self.openQueue(options, waitsForLocks: true) {
        case .success(let queue): self.init(options: options, queue: queue)
        case .failure(.failed(let diagnostic)): throw diagnostic
        case .failure(.locked): throw Diagnostic("cannot open \(options.path): database is locked")
        }
    }

    /// Opens the database without waiting for another process's lock: nil when one holds
    /// it now, so the caller can open it later, when something needs it (sqlive starts, and
    /// `.help` runs, while another process writes). The busy timeout applies afterwards.
    public static func openUnlessLocked(_ options: OpenOptions) throws(Diagnostic) -> DatabaseConnection? {
        switch openQueue(options, waitsForLocks: false) {
        case .success(let queue):
            let connection = DatabaseConnection(options: options, queue: queue)
            connection.setBusyTimeout(milliseconds: Int32(options.busyTimeout * 1000))
            return connection
        case .failure(.locked): return nil
        case .failure(.failed(let diagnostic)): throw diagnostic
        }
    }

    private enum OpenFailure: Error {
        /// Another process holds a lock that keeps GRDB from reading the schema at open.
        case locked
        case failed(Diagnostic)
    }

    private static func openQueue(_ options: OpenOptions, waitsForLocks: Bool) -> Result<DatabaseQueue, OpenFailure> {
        SQLiteProcessSettings.applyOnce()
        var configuration = Configuration()
        configuration.readonly = options.readonly
        configuration.foreignKeysEnabled = false
        configuration.acceptsDoubleQuotedStringLiterals = true
        configuration.busyMode = waitsForLocks ? .timeout(options.busyTimeout) : .immediateError
        // A shell runs `BEGIN;` and `COMMIT;` as separate inputs: transactions stay open
        // between database accesses, which GRDB otherwise stops the process for.
        configuration.allowsUnsafeTransactions = true
        configuration.label = "sqlive"
        let safe = options.forbidsAttach
        configuration.prepareDatabase { db in
            ShellFunctions.install(in: db, safe: safe)
            // SQLite has no switch for ATTACH; a limit of zero attached databases is one.
            if safe { sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_ATTACHED, 0) }
        }
        do {
            if options.isInMemory {
                return .success(try DatabaseQueue(configuration: configuration))
            }
            try checkPath(options)
            return .success(try DatabaseQueue(path: options.path, configuration: configuration))
        } catch let diagnostic as Diagnostic {
            return .failure(.failed(diagnostic))
        } catch let error as DatabaseError {
            if !waitsForLocks && error.resultCode.primaryResultCode == .SQLITE_BUSY { return .failure(.locked) }
            return .failure(.failed(Diagnostic("cannot open \(options.path): \(error.message ?? error.description)")))
        } catch {
            return .failure(.failed(Diagnostic("cannot open \(options.path): \(error)")))
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
        queue.inDatabase { db in
            _ = sqlite3_busy_timeout(db.sqliteConnection, milliseconds)
        }
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
