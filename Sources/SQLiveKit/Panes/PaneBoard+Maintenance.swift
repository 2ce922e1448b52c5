import GRDB

/// `.external`: whether other processes' commits are watched for.
enum ExternalSetting: Equatable {
    /// On for file databases on a terminal, off in scripts (their output must not depend on
    /// what other processes do meanwhile).
    case automatic
    case on(interval: Double)
    case off
}

extension PaneBoard {
    /// How often `data_version` is polled when `.external` is on without an interval.
    static let defaultExternalInterval = 0.5

    /// Keeps the panes in step with the session after each statement: follows `.open`,
    /// re-runs every pane after a schema change (GRDB does not observe DDL, and a query may
    /// now fail, or work again), carries out restarts that waited for the end of the user's
    /// transaction, and starts or stops the external-change watcher.
    func maintain() {
        guard !panes.isEmpty, let binding = try? bind() else { return }
        // Inside a transaction the schema and data may still be rolled back: wait for its end.
        // Reading the schema version there would also turn the user's `BEGIN` into a read
        // transaction, which SQLite can't upgrade to a write one with a busy wait.
        let state = try? binding.connection.access { db in
            db.isInsideTransaction ? nil : try SchemaVersion.read(db)
        }
        guard let version = state ?? nil else { return }
        if let known = schemaVersion, known != version {
            for pane in panes where pane.status != .paused && pendingRestarts[pane.id] == nil {
                pendingRestarts[pane.id] = .schemaChange
            }
        }
        schemaVersion = version
        for (id, cause) in pendingRestarts.sorted(by: { $0.key < $1.key }) {
            if let index = panes.firstIndex(where: { $0.id == id }) {
                restart(index, cause: cause)
            }
        }
        pendingRestarts.removeAll()
        updateWatcher()
    }

    /// Restarts a pane now, or after the user's transaction ends.
    func restartWhenOutsideTransaction(_ index: Int, cause: RefreshCause) {
        let isInsideTransaction = (try? binding?.connection.access { $0.isInsideTransaction }) ?? false
        if isInsideTransaction {
            pendingRestarts[panes[index].id] = cause
        } else {
            restart(index, cause: cause)
        }
    }

    /// Another process may have changed the schema too: GRDB's cached view of it is dropped.
    func forgetSchemaCache() {
        try? binding?.connection.access { $0.clearSchemaCache() }
    }

    /// `.external` as it applies now: the polling interval, or nil when off.
    var externalInterval: Double? {
        guard let binding, !binding.connection.options.isInMemory else { return nil }
        switch externalSetting {
        case .off: return nil
        case .on(let interval): return interval
        case .automatic:
            return session?.environment.isInteractive == true ? Self.defaultExternalInterval : nil
        }
    }

    /// Runs the watcher while some pane is observed and `.external` is on.
    func updateWatcher() {
        let observed = panes.contains { $0.status != .paused }
        guard observed, let interval = externalInterval, let binding else {
            watcher = nil
            return
        }
        if let watcher, watcher.interval == interval, watcher.connection === binding.connection { return }
        watcher = ExternalChangeWatcher(connection: binding.connection, interval: interval, inbox: inbox)
    }
}

extension SchemaVersion {
    static func read(_ db: Database) throws -> SchemaVersion {
        // Read after every statement while panes are pinned: the statements are cached.
        SchemaVersion(
            main: try Int.fetchOne(db.cachedStatement(sql: "PRAGMA main.schema_version")) ?? 0,
            temp: try Int.fetchOne(db.cachedStatement(sql: "PRAGMA temp.schema_version")) ?? 0)
    }
}

extension PaneBoard {
    /// `.external`: changes the setting and starts or stops the watcher.
    func setExternal(_ setting: ExternalSetting) {
        externalSetting = setting
        _ = try? bind()
        updateWatcher()
    }
}
