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
    /// Why the panes refresh when the main database's number moved to `version`.
    func cause(afterSeeing version: Int) -> RefreshCause
    /// What the panes' readers must see before they read, once the main database's number
    /// moved to `version` on the connection that watches; nil when every reader already does.
    func readerCondition(afterSeeing version: Int) -> ReaderCondition?
    /// Where the database stands as last read, for the dock's rule (`replica txid 32, lag
    /// 0s`); nil for a plain file.
    var status: String? { get }
    /// Why the panes compile again when another process changed the schema (or made a table
    /// a pane waits for): the change the watcher saw last.
    var externalCause: RefreshCause { get }
}

extension ReplicaVersionProbe {
    func cause(afterSeeing version: Int) -> RefreshCause { .externalChange }
    /// A commit to a file is in the file: any read transaction begun after it sees it.
    func readerCondition(afterSeeing version: Int) -> ReaderCondition? { nil }
    var status: String? { nil }
    var externalCause: RefreshCause { .externalChange }
}

/// `PRAGMA schema.data_version`: moves when another connection commits to a file.
struct DataVersionProbe: ReplicaVersionProbe {
    func version(of schema: String, in db: Database) throws -> Int {
        // Cached: a watcher runs this 40 times a second while panes are pinned.
        let statement = try db.cachedStatement(sql: "PRAGMA \(SQLIdentifier.quoted(schema)).data_version")
        return try Int.fetchOne(statement) ?? 0
    }
}

/// `litestream_txid()` for the main database of a Litestream replica: the last replicated
/// transaction the VFS has applied. Attached databases are files of their own, read through
/// `data_version`.
///
/// Each connection on the VFS polls the replica on its own: the connection this probe reads
/// may see a transaction before the panes' reader does. So the panes' frames wait until
/// their reader's own `litestream_txid()` has reached the transaction seen
/// (``readerCondition(afterSeeing:)``): an event, never a delay; a pane runs once per
/// replicated transaction, and not at all while nothing is replicated.
final class LitestreamTransactionProbe: ReplicaVersionProbe {
    // MARK: - Mutable State
    // Guarded by `last`: the watcher's checks write it on the connection's queue, the dock
    // reads it on the front-end thread.
    private let last = Mutex<ReplicaPosition?>(nil)

    func version(of schema: String, in db: Database) throws -> Int {
        guard schema == "main" else { return try DataVersionProbe().version(of: schema, in: db) }
        let position = try ReplicaPosition.read(in: db)
        last.withLock { $0 = position }
        return position.transaction
    }

    /// `replica txid 32, lag 0s`: the last transaction applied and the replica's lag.
    var status: String? { last.withLock { $0 }.map { "replica " + $0.summary } }

    func cause(afterSeeing version: Int) -> RefreshCause { .replicatedCommit(transaction: version) }

    /// A replica knows of no other process: a schema change came in a replicated
    /// transaction, the last one the watcher saw.
    var externalCause: RefreshCause {
        last.withLock { $0 }.map { .replicatedCommit(transaction: $0.transaction) } ?? .externalChange
    }

    /// Transaction ids only grow: a reader at the one seen, or past it, holds it.
    func readerCondition(afterSeeing version: Int) -> ReaderCondition? {
        { db in try ReplicaPosition.read(in: db).transaction >= version }
    }
}

/// Which probe tells the changes of a database opened by that name.
enum ChangeProbe {
    static func `for`(_ name: DatabaseFileName) -> any ReplicaVersionProbe {
        name.parameter("vfs") == LitestreamReplica.vfsName ? LitestreamTransactionProbe() : DataVersionProbe()
    }
}
