import GRDB

/// Where a Litestream replica stands: the last replicated transaction the VFS applied, and
/// how far behind the primary it may be.
///
/// `litestream_txid()` gives the transaction id as 16 hexadecimal digits; `litestream_lag()`
/// the seconds since the VFS last caught up with the replica, or -1 before its first poll.
///
///     let before = try ReplicaPosition.read(in: db)   // transaction 41, lag 0 s
///     // … the primary commits, the VFS polls …
///     try ReplicaPosition.read(in: db).hasAdvanced(since: before)   // true
struct ReplicaPosition: Sendable, Equatable {
    /// The last replicated transaction applied.
    var transaction: Int
    /// Seconds behind the replica's last poll; nil while the VFS has not polled yet.
    var lagSeconds: Int?

    /// True when the replica shows a later committed state than at `earlier`.
    func hasAdvanced(since earlier: ReplicaPosition) -> Bool {
        transaction != earlier.transaction
    }

    /// "txid 42, lag 0s": what `.databases` and messages say.
    var summary: String {
        "txid \(transaction), lag " + (lagSeconds.map { "\($0)s" } ?? "unknown")
    }

    /// Reads the position through the VFS's SQL functions; fails when the connection is not
    /// on Litestream's VFS (the functions do not exist there).
    static func read(in db: Database) throws -> ReplicaPosition {
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT litestream_txid(), litestream_lag()"))
        let text: String = row?[0] ?? ""
        guard let transaction = Int(text, radix: 16) else {
            throw DatabaseError(message: "litestream_txid() returned \(text.isEmpty ? "nothing" : text), not a transaction id")
        }
        let lag: Int = row?[1] ?? -1
        return ReplicaPosition(transaction: transaction, lagSeconds: lag < 0 ? nil : lag)
    }
}
