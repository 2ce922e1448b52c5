import GRDB

extension PaneBoard {
    /// `.notify`: tells the observers that something changed which they could not see
    /// (another process, a WITHOUT ROWID table, a virtual table's module), through GRDB's
    /// `Database.notifyChanges(in:)`. The panes that track it refresh with the cause
    /// "notified by hand". `.notify schema` re-runs every pane, as after a schema change.
    ///
    ///     try board.notify(.tables([.init(table: "player", columns: ["score"])]))
    ///
    /// Returns how many panes the notification reaches.
    @discardableResult
    func notify(_ target: NotifyTarget) throws(Diagnostic) -> Int {
        let binding = try bind()
        let trace = { [inbox, traceRequested] in
            if traceRequested { inbox.post(.trace("notify \(target.description) by hand")) }
        }
        if target == .schema {
            trace()
            forgetSchemaCache()
            let indexes = panes.indices.filter { panes[$0].status != .paused }
            for index in indexes { restartWhenOutsideTransaction(index, cause: .notifiedByHand) }
            return indexes.count
        }
        let recorder = binding.recorder
        return try binding.connection.access { db in
            let region = try target.region(db)
            trace()
            let tokens = try target.eventKinds(db).map(recorder.tokens(modifiedBy:))
                ?? Set(panes.compactMap { $0.status == .paused ? nil : $0.token })
            let notify = {
                recorder.noteNotified(tokens)
                try db.notifyChanges(in: region)
            }
            if db.isInsideTransaction {
                // The panes refresh when the user's transaction commits.
                try notify()
            } else {
                try db.inTransaction {
                    try notify()
                    return .commit
                }
            }
            return tokens.count
        }
    }

    /// `.trace on|off`.
    var traceEnabled: Bool {
        get { traceRequested }
        set {
            traceRequested = newValue
            if newValue { _ = try? bind() }
            binding?.recorder.traceEnabled = newValue
        }
    }
}
