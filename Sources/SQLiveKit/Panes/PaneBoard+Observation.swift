import GRDB

extension PaneBoard {
    /// Makes sure the change recorder watches the session's current connection. After `.open`
    /// the panes move to the new database: their observations on the old one stop and they
    /// start again on the new one.
    func bind() throws(Diagnostic) -> Binding {
        guard let session else {
            throw Diagnostic("the session of these panes has ended")
        }
        if let binding, binding.connection === session.connection {
            return binding
        }
        let moving = binding != nil
        if moving {
            for index in panes.indices { stop(index) }
            schemaVersion = nil
            watcher = nil
        }
        let recorder = ChangeRecorder(inbox: inbox)
        recorder.traceEnabled = traceRequested
        session.connection.queue.inDatabase { db in
            db.add(transactionObserver: recorder, extent: .observerLifetime)
        }
        let binding = Binding(connection: session.connection, recorder: recorder)
        self.binding = binding
        if moving {
            for index in panes.indices where panes[index].status != .paused {
                restart(index, cause: .databaseOpened)
            }
        }
        return binding
    }

    /// Compiles a pane's query through the session's one entry point for query text.
    func compile(_ text: String) throws(Diagnostic) -> PaneQuery {
        let binding = try bind()
        guard let session else {
            throw Diagnostic("the session of these panes has ended")
        }
        return try binding.connection.access { db in
            guard let statement = try session.compileQuery(text, in: db) else {
                throw Diagnostic("a pane needs a query, not only comments")
            }
            return try PaneQuery(statement: statement, text: text, db: db)
        }
    }

    /// Starts observing a pane with a compiled query; the first value is in the inbox when
    /// this returns.
    func start(_ index: Int, query: PaneQuery, cause: RefreshCause) {
        guard let binding else { return }
        let token = inbox.newObservation(cause: cause)
        tokenOwners[token] = panes[index].id
        panes[index].token = token
        panes[index].compiled = query
        if panes[index].region == nil || binding.connection.options.readonly {
            // A read-only connection never tracks a region: show what the query reads.
            panes[index].region = query.declaredRegion
        }
        let pane = panes[index]
        cancellables[pane.id] = PaneObservation(
            token: token, paneID: pane.id, label: pane.label, query: query,
            rowLimit: pane.rowLimit, dedupe: pane.dedupe, inbox: inbox, recorder: binding.recorder)
            .start(in: binding.connection.queue)
    }

    /// Stops a pane's observation; values still in flight will be dropped as stale.
    func stop(_ index: Int) {
        let id = panes[index].id
        cancellables.removeValue(forKey: id)?.cancel()
        if let token = panes[index].token {
            inbox.forget(token)
            binding?.recorder.unwatch(token)
        }
        panes[index].token = nil
        close(panes[index].compiled)
        panes[index].compiled = nil
    }

    /// Compiles a pane's query again and restarts its observation: the way panes follow
    /// schema changes, recover from errors, and refresh by hand. A query that no longer
    /// compiles leaves the pane failed, showing the error.
    func restart(_ index: Int, cause: RefreshCause) {
        stop(index)
        pendingRestarts.removeValue(forKey: panes[index].id)
        do {
            let query = try compile(panes[index].query)
            panes[index].status = .live
            start(index, query: query, cause: cause)
        } catch {
            fail(index, message: error.message, cause: cause)
            localEvents.append(.failed(paneID: panes[index].id, message: error.message))
        }
    }

    /// Shows an error in place of a pane's rows.
    func fail(_ index: Int, message: String, cause: RefreshCause) {
        panes[index].status = .failed(message)
        panes[index].lastChange = nil
        panes[index].recordRefresh(at: clock(), cause: cause, outcome: "error: \(message)")
    }

    /// Releases a compiled query inside a database access of its connection (see
    /// ``PaneQuery``).
    func close(_ query: PaneQuery?) {
        guard let query, let binding else { return }
        binding.connection.queue.inDatabase { db in query.close(db) }
    }
}
