import GRDB
import Synchronization

/// Reads a number that moves when a database has a new committed state to show: what a
/// change source compares from one poll to the next to tell whether anything happened.
///
/// For a file, `PRAGMA data_version` is that number: SQLite moves it when another
/// connection commits. Under Litestream's read-replica VFS it moves on every read, commit or
/// not (1,107 changes in 1,108 polls, measured), so a watcher comparing it would refresh every
/// pane on every tick; the VFS's `litestream_txid()` moves once per replicated transaction.
/// Only a change of the number means something, not its value.
///
///     let probe = ChangeProbe.for(DatabaseFileName(path))
///     let before = try probe.version(of: "main", in: db)
///     // … another process commits, Litestream replicates it …
///     try probe.version(of: "main", in: db) != before   // true
protocol ReplicaVersionProbe: Sendable {
    /// The number for the database `schema` of the connection (`main`, an attached name).
    func version(of schema: String, in db: Database) throws -> Int
}

/// `PRAGMA schema.data_version`: moves when another connection commits to a file.
struct DataVersionProbe: ReplicaVersionProbe {
    func version(of schema: String, in db: Database) throws -> Int {
        // Cached: a watcher runs this 40 times a second while panes are pinned.
        let statement = try db.cachedStatement(sql: "PRAGMA \(schema.quotedDatabaseIdentifier).data_version")
        return try Int.fetchOne(statement) ?? 0
    }
}

/// `litestream_txid()` for the main database of a Litestream replica: the last replicated
/// transaction the VFS has applied. Attached databases are files of their own, read through
/// `data_version`.
///
/// Each connection on the VFS polls the replica on its own: the connection this probe reads
/// may see a transaction before the panes' reader does, whose refresh would then show the
/// state before it, and nothing would wake the pane again (seen in tests). So a transaction
/// is reported again ``settleTimes`` after it was first seen, by when the reader has polled
/// the replica (every 100 ms) even on a loaded machine. A pane runs at most three times per
/// replicated transaction, and not at all while nothing is replicated.
final class LitestreamTransactionProbe: ReplicaVersionProbe {
    /// After the first report: longer than two of the VFS's polls, then a margin for load.
    static let settleTimes: [Duration] = [.milliseconds(250), .seconds(1)]

    // MARK: - Mutable State
    // Guarded by `state`: the watcher's checks run on the connection's queue, one at a
    // time, but the probe is shared with whoever reads the connection's `versionProbe`.
    private struct State {
        var transaction: Int?
        var seenAt: ContinuousClock.Instant?
        /// How many of ``settleTimes`` have passed since the transaction was seen.
        var stage = settleTimes.count
    }
    private let state = Mutex(State())
    private let now: @Sendable () -> ContinuousClock.Instant

    init(now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.now = now
    }

    func version(of schema: String, in db: Database) throws -> Int {
        guard schema == "main" else { return try DataVersionProbe().version(of: schema, in: db) }
        let transaction = try ReplicaPosition.read(in: db).transaction
        let time = now()
        return state.withLock { state in
            if state.transaction == nil {
                // The baseline: nothing to report again.
                state.transaction = transaction
            } else if state.transaction != transaction {
                state.transaction = transaction
                state.seenAt = time
                state.stage = 0
            } else if let seenAt = state.seenAt {
                state.stage = Self.settleTimes.filter { time - seenAt >= $0 }.count
            }
            return transaction &* (Self.settleTimes.count + 1) &+ state.stage
        }
    }
}

/// Which probe tells the changes of a database opened by that name.
enum ChangeProbe {
    static func `for`(_ name: DatabaseFileName) -> any ReplicaVersionProbe {
        name.parameter("vfs") == LitestreamReplica.vfsName ? LitestreamTransactionProbe() : DataVersionProbe()
    }
}
