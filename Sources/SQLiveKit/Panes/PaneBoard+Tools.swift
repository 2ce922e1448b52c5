import GRDB

extension PaneBoard {
    /// `.notify`: tells the panes that something changed which no hook reported (another
    /// process, a WITHOUT ROWID table, a virtual table's module). The panes whose region the
    /// notification touches refresh with the cause "notified by hand" — at once, or when the
    /// user's transaction commits. `.notify schema` compiles every pane again, as after a
    /// schema change.
    ///
    ///     try board.notify(.tables([.init(table: "player", columns: ["score"])]))
    ///
    /// Returns how many panes the notification reaches.
    @discardableResult
    func notify(_ target: NotifyTarget) throws(Diagnostic) -> Int {
        let engine = try bind()
        if traceRequested { inbox.post(.trace("notify \(target.description) by hand")) }
        if target == .schema {
            try? connection.access { $0.clearSchemaCache() }
            engine.recorder.forgetTableFacts()
            let indexes = panes.indices.filter { panes[$0].status != .paused }
            // Compiled again together, read in one frame (one snapshot), as after a schema change.
            restartingTogether {
                for index in indexes { restartWhenOutsideTransaction(index, cause: .notifiedByHand) }
            }
            return indexes.count
        }
        let (tokens, inTransaction) = try connection.access { db in
            _ = try target.region(db)
            let tokens = try target.eventKinds(db).map(engine.recorder.tokens(modifiedBy:))
                ?? Set(panes.compactMap { $0.status == .paused ? nil : $0.token })
            return (tokens, db.isInsideTransaction)
        }
        // A pane whose query did not compile may compile now (`.notify all`): it is read in
        // the same frame as the panes woken, from one snapshot.
        let failed = target != .all ? [] : panes.indices.filter { panes[$0].status != .paused && panes[$0].token == nil }
        restartingTogether {
            if inTransaction {
                engine.recorder.noteNotified(tokens)
            } else {
                engine.scheduler.receive(.panes(Dictionary(uniqueKeysWithValues: tokens.map { ($0, RefreshCause.notifiedByHand) })))
            }
            for index in failed { restartWhenOutsideTransaction(index, cause: .notifiedByHand) }
        }
        return tokens.count + failed.count
    }

    /// `.events on|off`.
    var traceEnabled: Bool {
        get { traceRequested }
        set {
            traceRequested = newValue
            if newValue { _ = try? bind() }
            engine?.recorder.traceEnabled = newValue
        }
    }
}
