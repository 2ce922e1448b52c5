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
    /// How often `data_version` is polled when `.external` is on without an interval: often
    /// enough that another process's commit shows within a frame or three, for about 20 µs
    /// of the user's connection each time.
    static let defaultExternalInterval = 0.025

    /// What the session tells the board after each unit: it follows attachments, asks the
    /// reader to compare schema versions (a statement may have changed the schema), carries
    /// out restarts that waited for the end of the user's transaction, and retries refreshes
    /// that waited for the user's lock.
    func maintain() {
        guard !panes.isEmpty, engine != nil || !pendingRestarts.isEmpty else { return }
        let inTransaction = userIsInTransaction
        if attachmentsMayHaveChanged { syncAttachments() }
        // Inside a transaction the reader sees nothing new (it reads what is committed), and
        // on a shared in-memory database it cannot even read: wait for the transaction's end.
        guard !inTransaction else { return }
        // A schema check runs only when the files moved since the last frame read the schema
        // (looked at without a lock), so settling a statement never waits for another
        // process's lock unless something changed, and a commit costs one frame, not two.
        if let engine {
            if connection.options.isInMemory {
                requestSchemaCheckIfMemoryMoved(engine)
            } else {
                engine.scheduler.requestSchemaCheckIfFilesMoved()
            }
        }
        engine?.scheduler.retryIfBlocked()
        if privateSchemaMayHaveChanged { checkPrivateSchema() }
        if readerSettingsMayHaveChanged { followReaderSettings() }
        if !pendingRestarts.isEmpty { restartPendingPanes() }
        updateWatcher()
        lookForExternalCommitsNow()
    }

    /// While no pane is pinned, ``maintain()`` asks for no schema check and no frame reads
    /// the schema versions (a paused or failed pane keeps the checks going): before the next
    /// pane compiles, the engine takes the schema as it is now
    /// (``RefreshScheduler/rebaselineSchemaVersions()``), so that pane's first block says
    /// `pinned`, not `schema change`. Not inside a transaction in memory: the panes'
    /// connection cannot read then (and the pane compiles on the user's).
    func rebaselineSchemaIfNoPaneIsPinned() {
        guard let engine, panes.isEmpty else { return }
        if connection.options.isInMemory, userIsInTransaction { return }
        engine.scheduler.rebaselineSchemaVersions()
    }

    /// With `.external` on, looks for another process's commit now, between two statements,
    /// instead of at the watcher's next tick. The frame the user's commit woke reads the
    /// latest snapshot, which may hold another process's commit too: it refreshes only the
    /// panes the user's commit touched, and the others kept the state before — two panes
    /// from two states (`a` refreshed, `b` not, after a transfer between them). Found now,
    /// the other commit wakes every pane, in the same frame or the next; a script looks
    /// again once its frames have settled, before it prints (``Session/settlePanes()``).
    /// True when a commit was found.
    @discardableResult
    func lookForExternalCommitsNow(wakingIfUnreadable: Bool = false) -> Bool {
        guard let watcher = engine?.watcher, watcher.interval != nil else { return false }
        return watcher.checkNow(wakingIfUnreadable: wakingIfUnreadable)
    }

    /// The user's own TEMP schema changed (no file moves for it, and no reader sees it): a
    /// TEMP table or view may now hide a pane's table from the session's queries, or stop
    /// hiding it. The panes compile again, and one whose query now reads a private table
    /// shows why instead of rows the session's query no longer gives (it kept showing main's
    /// table, silently, while `.pin` of the same query was refused).
    private func checkPrivateSchema() {
        privateSchemaMayHaveChanged = false
        let version = try? connection.access { db in try TempSchema.version(db) }
        guard let version, version != privateSchemaVersion else { return }
        let known = privateSchemaVersion
        privateSchemaVersion = version
        guard known != nil else { return }
        restartingTogether {
            for index in panes.indices where panes[index].status != .paused {
                restart(index, cause: .schemaChange)
            }
        }
    }

    /// A PRAGMA ran: the panes' connections take the settings that change what queries
    /// return, and every pane runs again if one changed.
    private func followReaderSettings() {
        readerSettingsMayHaveChanged = false
        guard let engine, let settings = try? connection.access({ db in
            try ReaderSettings.read(db, caseSensitiveLike: userCaseSensitiveLike)
        }) else { return }
        let changed = settings.differences(from: readerSettings)
        guard !changed.isEmpty else { return }
        readerSettings = settings
        engine.scheduler.setReaderSettings(settings)
        engine.scheduler.wakeAll(.settingsChanged(changed))
    }

    /// Restarts the panes that waited for the end of the user's transaction, together.
    private func restartPendingPanes() {
        let waiting = pendingRestarts.sorted(by: { $0.key < $1.key })
        pendingRestarts.removeAll()
        restartingTogether {
            for (id, cause) in waiting {
                if let index = panes.firstIndex(where: { $0.id == id }) {
                    restart(index, cause: cause)
                }
            }
        }
    }

    /// An in-memory database has no file to look at: its schema cookie, read from its image
    /// by the session at the end of the unit (no other process shares it, and no transaction
    /// is open), says whether a check is needed. Without one, a check is asked for.
    private func requestSchemaCheckIfMemoryMoved(_ engine: PaneEngine) {
        let version = reportedMemorySchemaCookie
        if let version, version == memorySchemaVersion, !localSchemaStatementSinceCheck { return }
        memorySchemaVersion = version
        engine.scheduler.requestSchemaCheck()
    }

    /// Mirrors the user's attached databases on the panes' reader when they changed.
    /// `restartingPanes` false when the engine starts (no pane runs yet).
    func syncAttachments(restartingPanes: Bool = true) {
        guard let engine else { return }
        attachmentsMayHaveChanged = false
        let attached = (try? connection.access(AttachedDatabase.list)) ?? []
        guard attached != mirroredAttachments else { return }
        mirroredAttachments = attached
        engine.scheduler.attach(attached)
        engine.watcher?.databasesDidChange()
        guard restartingPanes else { return }
        // What the panes read may have come or gone with the database: each compiles again
        // (a pane that failed on a detached table included).
        localSchemaStatementSinceCheck = true
        restartingTogether {
            for index in panes.indices where panes[index].status != .paused {
                restartWhenOutsideTransaction(index, cause: .schemaChange)
            }
        }
    }

    /// The session ran a statement; one that may rewrite the schema (VACUUM bumps its version
    /// without a commit hook) makes the next schema change the user's own.
    func statementDidRun(_ text: String, verb: String) {
        if reportedTransaction == true, Self.changesSchema(verb) { schemaChangedInTransaction = true }
        if verb == "PRAGMA" {
            // Kept even before the first pin: `case_sensitive_like` cannot be read back.
            if let value = ReaderSettings.caseSensitiveLikeValue(in: text) { userCaseSensitiveLike = value }
            readerSettingsMayHaveChanged = true
        }
        guard engine != nil else { return }
        if Self.changesSchema(verb) {
            localSchemaStatementSinceCheck = true
            privateSchemaMayHaveChanged = true
        }
        if ["ATTACH", "DETACH"].contains(verb) { attachmentsMayHaveChanged = true }
    }

    /// Whether a statement of this verb may change the schema the panes' queries compile
    /// against (attaching and detaching included).
    static func changesSchema(_ verb: String) -> Bool {
        switch verb {
        case "CREATE", "DROP", "ALTER", "VACUUM", "REINDEX", "ATTACH", "DETACH": true
        default: false
        }
    }

    /// Whether the session must say if a transaction is open after `unit` although no pane
    /// is pinned: after a schema statement (it may be inside one), and while a transaction
    /// that changed the schema is open, after a statement that may end it (one that ends
    /// transactions, or one that failed: SQLite may have rolled back). Not after every unit:
    /// a script's INSERTs after `BEGIN; CREATE TABLE …` would each pay a database access.
    func followsSchemaOfTransaction(after unit: UnitReport.Unit, failed: Bool) -> Bool {
        guard case .statement(_, let verb) = unit else { return false }
        if Self.changesSchema(verb) { return true }
        guard schemaChangedInTransaction else { return false }
        switch verb {
        case "COMMIT", "END", "ROLLBACK", "RELEASE": return true
        default: return failed
        }
    }

    /// The session ran a meta-command: it may have attached or detached a database (a
    /// restore, an import into another file), which the next ``maintain()`` looks for.
    func commandDidRun() {
        attachmentsMayHaveChanged = true
    }

    /// A command of the session changed the schema: the next check finds it, as the user's.
    func stepping(_ statement: SQLiteStatement?) {
        engine?.recorder.stepping(statement)
    }

    func schemaChangedLocally() {
        guard let engine else { return }
        localSchemaStatementSinceCheck = true
        engine.scheduler.requestSchemaCheck()
    }

    /// The schema changed on the reader: every pane compiles again (in memory once the
    /// user's transaction, if any, ends). With no commit or schema statement of the user's since the
    /// last check, another process changed it. Panes already compiled again in the same
    /// batch of deliveries (`recompiled`) are left as they are.
    func schemaDidChange(skipping recompiled: inout Set<Int>) {
        guard let engine else { return }
        engine.recorder.forgetTableFacts()
        let commits = engine.recorder.commitCount
        let local = commits != commitsAtSchemaCheck || localSchemaStatementSinceCheck
        let cause: RefreshCause = local ? .schemaChange : connection.versionProbe.externalCause
        commitsAtSchemaCheck = commits
        localSchemaStatementSinceCheck = false
        restartingTogether {
            for index in panes.indices where panes[index].status != .paused && recompiled.insert(panes[index].id).inserted {
                restartWhenOutsideTransaction(index, cause: cause)
            }
        }
    }

    /// Runs `body`, which restarts several panes, so that they are read together in one
    /// frame (one snapshot), not one frame each as each compiles.
    func restartingTogether(_ body: () -> Void) {
        // Nothing to restart starts nothing: `.open` with no pane started the engine.
        guard panes.contains(where: { $0.status != .paused }) else { return body() }
        guard let scheduler = (try? bindOrWait()) == true ? engine?.scheduler : nil else { return body() }
        scheduler.holdingFrames(body)
    }

    /// Restarts a pane now, or in memory after the user's transaction ends. Inside a
    /// transaction it compiles against the committed schema on the panes' connection
    /// (``committedSchemaAccess(unless:startingEngine:_:)``): a database attached inside a
    /// transaction, or another process's schema change seen meanwhile, showed only after its
    /// end. In memory that connection cannot read meanwhile.
    func restartWhenOutsideTransaction(_ index: Int, cause: RefreshCause) {
        if userIsInTransaction && connection.options.isInMemory {
            pendingRestarts[panes[index].id] = cause
        } else {
            restart(index, cause: cause)
        }
    }

    /// `.external` as it applies now: the polling interval, or nil when off.
    var externalInterval: Double? {
        guard !connection.options.isInMemory else { return nil }
        switch externalSetting {
        case .off: return nil
        case .on(let interval): return interval
        case .automatic: return isInteractive ? Self.defaultExternalInterval : nil
        }
    }

    /// Runs the watcher while some pane is observed and `.external` is on.
    func updateWatcher() {
        let observed = panes.contains { $0.status != .paused }
        engine?.watcher?.interval = observed ? externalInterval : nil
    }

    /// `.external`: changes the setting and starts or stops the watcher. Turning it on checks
    /// at once, so what other processes committed while it was off shows.
    func setExternal(_ setting: ExternalSetting) {
        externalSetting = setting
        updateWatcher()
        // Now, not at the next tick: without a baseline yet (the panes were pinned inside a
        // transaction, as `--follow` after input that left one open), a commit made before
        // that tick's read was taken for the baseline and never shown.
        if externalInterval != nil { _ = engine?.watcher?.checkNow() }
    }

    /// `--follow`: other processes' commits are what a follower waits for, so they are
    /// watched (every 25 ms) unless `.external` was set; true when they are watched.
    public func watchExternalChangesForFollowing() -> Bool {
        if externalSetting == .automatic, !connection.options.isInMemory {
            setExternal(.on(interval: Self.defaultExternalInterval))
        }
        return externalInterval != nil
    }

    /// The `.parameter` values changed: SQL panes bind the new ones, and the panes that use a
    /// parameter whose value changed refresh.
    func parametersDidChange(_ newParameters: ParameterStore) {
        let old = parameters
        parameters = newParameters
        guard let engine else { return }
        engine.scheduler.setParameters(newParameters)
        var woken: [ObservationToken: RefreshCause] = [:]
        for pane in panes {
            guard let token = pane.token else { continue }
            let changed = pane.parameterNames.filter {
                !Self.isSameValue(old.value(forParameterNamed: $0), newParameters.value(forParameterNamed: $0))
            }
            if !changed.isEmpty { woken[token] = .parametersChanged(changed) }
        }
        engine.scheduler.receive(.panes(woken))
    }

    /// The same value of the same storage class, byte for byte: GRDB's `==` takes 7 and 7.0
    /// for equal, but a query binding one or the other may return other rows (`k = :k` on a
    /// TEXT column holding '7' and '7.0') and shows `typeof(:k)` apart: `.param set :k 7.0`
    /// after 7 left the pane as it was. Not GRDB's `Storage` `==` either: it compares text as
    /// Swift does, so an NFC and an NFD spelling are equal there, while SQLite binds other
    /// bytes and `=` tells them apart (and it takes 0.0 and -0.0 for equal).
    static func isSameValue(_ a: DatabaseValue?, _ b: DatabaseValue?) -> Bool {
        switch (a?.storage, b?.storage) {
        case (nil, nil): true
        case (.null?, .null?): true
        case (.int64(let x)?, .int64(let y)?): x == y
        case (.double(let x)?, .double(let y)?): x.bitPattern == y.bitPattern
        case (.string(let x)?, .string(let y)?): x.utf8.elementsEqual(y.utf8)
        case (.blob(let x)?, .blob(let y)?): x == y
        default: false
        }
    }
}
