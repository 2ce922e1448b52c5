import GRDB

/// Finds what a statement would write — its kinds of change, with tables and updated columns,
/// from SQLite's authorizer — without changing anything (`.impact`).
///
/// GRDB compiles every statement with its authorizer, which lists the statement's kinds of
/// change, triggers and foreign-key actions included, and hands them to each transaction
/// observer's `observes(eventsOfKind:)` just before the statement's first step. The probe is
/// such an observer. The statement is stepped with `PRAGMA query_only` on: SQLite refuses it at
/// the very first instruction that would open a write transaction, before any row is read or
/// written. GRDB's own authorizer stays in place (replacing it would invalidate every prepared
/// statement of the connection).
///
///     let kinds = try WriteRegionProbe.writes(of: statement, db: db)
///     // UPDATE player SET score = 0 → [.update(tableName: "player", columnNames: ["score"])]
final class WriteRegionProbe: TransactionObserver {
    /// The kinds GRDB asked about, in order, each once. Touched inside one database access.
    private var kinds: [DatabaseEventKind] = []

    static func writes(of statement: Statement, db: Database) throws -> [DatabaseEventKind] {
        let probe = WriteRegionProbe()
        let wasQueryOnly = try Bool.fetchOne(db, sql: "PRAGMA query_only") ?? false
        db.add(transactionObserver: probe, extent: .observerLifetime)
        if !wasQueryOnly { try db.execute(sql: "PRAGMA query_only = 1") }
        defer {
            if !wasQueryOnly { try? db.execute(sql: "PRAGMA query_only = 0") }
            db.remove(transactionObserver: probe)
        }
        statement.setUncheckedArguments(StatementArguments())
        do {
            try statement.execute()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            // Refused before it did anything, as intended.
        }
        return probe.kinds
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        let known = kinds.contains { $0.tableName == eventKind.tableName && $0.eventKind == eventKind.eventKind }
        if !known { kinds.append(eventKind) }
        return false
    }

    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
}

extension DatabaseEventKind {
    /// `insert player`, `update player(score)`, `delete player`.
    var summary: String {
        switch self {
        case .insert(let table): "insert \(table)"
        case .delete(let table): "delete \(table)"
        case .update(let table, let columns): "update \(table)(\(columns.sorted().joined(separator: ",")))"
        }
    }
}
