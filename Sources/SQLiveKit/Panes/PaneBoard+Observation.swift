import GRDB
import GRDBSQLite

/// A pane's query as the engine runs it: compiled on the user's connection (where DSL text
/// becomes SQL), with the region it reads and what the engine needs to watch that region.
struct CompiledPane {
    var sql: String
    /// A DSL query's own arguments; nil: the `.parameter` values.
    var arguments: StatementArguments?
    /// The `.parameter` names it binds (`:lim`), when it binds them.
    var parameterNames: [String]
    var analysis: RegionTables
    /// SQLite's column metadata could not know; the region before GRDB canonicalized it.
    var declaredRegion: DatabaseRegion
    /// The keys the query names: the rowids its region may be narrowed to.
    var rowIDCandidates: Set<Int64>
}

extension PaneBoard {
    /// The engine of the current connection, made on first use: the recorder is added to
    /// the user's connection, the panes' reader opened, the external watcher's baseline taken
    /// (before any pane's first fetch, so that no commit of another process is missed).
    func bind() throws(Diagnostic) -> PaneEngine {
        if let engine { return engine }
        guard !heldByExclusiveLocking else { throw ExclusiveLocking.refusal }
        let scheduler: RefreshScheduler
        // Read before the readers open: they open in the session's trusted_schema.
        if let settings = try? connection.access({ db in try ReaderSettings.read(db, caseSensitiveLike: userCaseSensitiveLike) }) {
            readerSettings = settings
        }
        do {
            let connection = self.connection
            let trustedSchema = readerSettings.trustedSchema
            scheduler = try RefreshScheduler(openReader: {
                guard let reader = try connection.openPaneReader(trustedSchema: trustedSchema) else {
                    throw Diagnostic("panes need a database they can share: this in-memory database is private")
                }
                return reader
            }, inbox: inbox, throttles: isInteractive, mainIsInMemory: connection.options.isInMemory, clock: engineClock)
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic(converting: error).prefixed("cannot open a connection for the panes: ")
        }
        scheduler.setParameters(parameters)
        readerSettingsMayHaveChanged = false
        scheduler.setReaderSettings(readerSettings)
        scheduler.runFramesInWaiter(framesRunInWaiter)
        let recorder = ChangeRecorder(inbox: inbox, sink: scheduler)
        recorder.traceEnabled = traceRequested
        connection.queue.inDatabase { db in
            db.add(transactionObserver: recorder, extent: .observerLifetime)
        }
        connection.busyPolicy.yieldToWriter = { scheduler.interruptReads() }
        let watcher = connection.options.isInMemory
            ? nil : ExternalChangeWatcher(connection: connection, inbox: inbox, sink: scheduler) { recorder.commitCount }
        let engine = PaneEngine(recorder: recorder, scheduler: scheduler, watcher: watcher)
        self.engine = engine
        commitsAtSchemaCheck = recorder.commitCount
        localSchemaStatementSinceCheck = false
        privateSchemaVersion = try? connection.access { db in try TempSchema.version(db) }
        mirroredAttachments = []
        syncAttachments(restartingPanes: false)
        return engine
    }

    /// Binds the engine, or says to wait: inside the user's transaction on a shared
    /// in-memory database the panes' connection cannot even open (the user holds the lock);
    /// it opens when the transaction ends (``maintain()``).
    func bindOrWait() throws(Diagnostic) -> Bool {
        if engine != nil { return true }
        do {
            _ = try bind()
            return true
        } catch {
            if userIsInTransaction { return false }
            throw error
        }
    }

    /// `.open` replaced the user's connection: the panes move to the new database.
    func connectionDidChange(to newConnection: DatabaseConnection) {
        for index in panes.indices { stop(index) }
        shutDownEngine()
        connection = newConnection
        heldByExclusiveLocking = false
        reportedTransaction = nil
        reportedMemorySchemaCookie = nil
        // The new database's schema is compared with nothing of the old one's.
        memorySchemaVersion = nil
        pendingRestarts.removeAll()
        restartingTogether {
            for index in panes.indices where panes[index].status != .paused {
                restart(index, cause: .databaseOpened)
            }
        }
        updateWatcher()
    }

    /// Stops the engine: the reader closes (before the user's connection, so that closing
    /// that one checkpoints and removes a WAL file), the recorder leaves the connection.
    func shutDownEngine() {
        guard let engine else { return }
        engine.watcher?.interval = nil
        engine.scheduler.close()
        connection.busyPolicy.yieldToWriter = nil
        connection.queue.inDatabase { db in db.remove(transactionObserver: engine.recorder) }
        self.engine = nil
    }

    /// Compiles a pane's text through the session's compiler, where the panes' queries
    /// compile (``committedSchemaAccess(unless:startingEngine:_:)``).
    /// `onUsersConnection`: against the schema the user's connection sees, whatever it is.
    /// `startingEngine` false: the panes' engine is not started for it (`.region` only asks).
    func compile(_ text: String, onUsersConnection: Bool = false,
                 startingEngine: Bool = true) throws(Diagnostic) -> CompiledPane {
        let (sql, arguments, names, declared) = try committedSchemaAccess(unless: onUsersConnection,
                                                                          startingEngine: startingEngine) { db in
            // GRDB's cached schema may predate a rollback that brought a table back; the
            // region's table names are looked up in it.
            db.clearSchemaCache()
            guard let statement = try compiler.compile(text, db) else {
                throw Diagnostic("a pane needs a query, not only comments")
            }
            guard statement.isReadonly, statement.columnCount > 0 else {
                throw Diagnostic("a pane needs a query that returns rows, not \(text.firstLineSummary)",
                                 hint: "pin a SELECT (or a DSL query); run changes as plain statements")
            }
            let count = Int(sqlite3_bind_parameter_count(statement.sqliteStatement))
            let names = count == 0 ? [] : (1...count).map { index in
                sqlite3_bind_parameter_name(statement.sqliteStatement, Int32(index)).map { String(cString: $0) } ?? "?\(index)"
            }
            let arguments: StatementArguments? = statement.arguments.isEmpty ? nil : statement.arguments
            return (statement.sql, arguments, arguments == nil ? names : [], statement.databaseRegion)
        }
        let (analysis, candidates) = try committedSchemaAccess(unless: onUsersConnection,
                                                               startingEngine: startingEngine) { db in
            let candidates = try RowIDCandidates.named(in: text, db: db)
            return (try RegionTables.analyze(QueryRegion.trackedRegion(of: declared, rowIDCandidates: candidates, db: db), db: db),
                    candidates)
        }
        return CompiledPane(sql: sql, arguments: arguments, parameterNames: names, analysis: analysis,
                            declaredRegion: declared, rowIDCandidates: candidates)
    }

    /// Runs `body` where the panes' queries compile: on the user's connection, or, while the
    /// user has a transaction open, on a pane reader, which has the committed schema the panes
    /// read: the transaction sees its own schema changes (a pane pinned after an uncommitted
    /// `DROP TABLE` showed "no such table" where the committed state had rows), or the schema
    /// of its snapshot. When the readers cannot read now (an in-memory database, which the
    /// transaction holds; a lock) the user's connection compiles; after a schema change of the
    /// transaction the pane says so until it ends (``waitNote(for:)``).
    func committedSchemaAccess<T>(unless onUsersConnection: Bool = false, startingEngine: Bool = true,
                                  _ body: (Database) throws -> T) throws(Diagnostic) -> T {
        lastCompileSawTransactionSchema = false
        guard !onUsersConnection, userIsInTransaction else { return try connection.access(body) }
        if !connection.options.isInMemory, engine != nil || (startingEngine && (try? bindOrWait()) == true),
           let engine {
            do {
                return try engine.scheduler.onReader(body)
            } catch let error as DatabaseError where RefreshScheduler.isLock(error) {
                // Compiled below, on the transaction's schema.
            } catch {
                throw Diagnostic(converting: error)
            }
        }
        lastCompileSawTransactionSchema = schemaChangedInTransaction
        return try connection.access(body)
    }

    /// Starts refreshing a pane with a compiled query; its first value comes with `cause`.
    ///
    /// A pane restarted inside the user's transaction keeps what the transaction changed so
    /// far in its region (`inheriting` its previous token), so that the commit wakes it.
    func start(_ index: Int, query: CompiledPane, cause: RefreshCause,
               inheriting previous: ObservationToken? = nil) throws(Diagnostic) {
        let engine = try bind()
        nameAfterItsTables(index, query: query)
        nextToken += 1
        let token = ObservationToken(value: nextToken)
        tokenOwners[token] = panes[index].id
        panes[index].token = token
        panes[index].parameterNames = query.parameterNames
        panes[index].region = query.analysis.region
        panes[index].rowIDCandidates = query.rowIDCandidates
        let pane = panes[index]
        engine.recorder.watch(token, paneID: pane.id, label: pane.label, region: query.analysis.region,
                              tables: query.analysis.tables, narrowedTables: query.analysis.narrowedTables,
                              facts: query.analysis.facts, inheriting: previous)
        if userIsInTransaction {
            engine.recorder.wakeAtCommit(token)
        }
        engine.scheduler.start(PaneJob(paneID: pane.id, token: token, sql: query.sql, arguments: query.arguments,
                                       rowLimit: pane.rowLimit), cause: cause)
    }

    /// Stops a pane's refreshes; values still in flight are dropped as stale.
    func stop(_ index: Int) {
        guard let token = panes[index].token else { return }
        engine?.recorder.unwatch(token)
        engine?.scheduler.stop(token)
        panes[index].token = nil
    }

    /// Compiles a pane's query again and restarts it: the way panes follow schema changes,
    /// recover from errors, and refresh by hand. A query that no longer compiles leaves the
    /// pane failed, showing the error, until the next schema change or external commit.
    func restart(_ index: Int, cause: RefreshCause) {
        let previous = panes[index].token
        stop(index)
        pendingRestarts.removeValue(forKey: panes[index].id)
        do throws(Diagnostic) {
            // The engine watches the schema even while the query does not compile.
            guard try bindOrWait() else {
                pendingRestarts[panes[index].id] = cause
                return
            }
            let compiled: CompiledPane?
            do {
                compiled = try compile(panes[index].query)
            } catch where lastCompileSawTransactionSchema {
                compiled = nil
            }
            // Compiled (or failed) on the user's connection, which sees the transaction's
            // schema (a table dropped in it, say), not the committed one the pane reads: try
            // again at its end.
            guard let query = compiled, !lastCompileSawTransactionSchema else {
                pendingRestarts[panes[index].id] = cause
                return
            }
            if let table = try privateTables(of: query).first { throw Self.privateTableRefusal(table) }
            // What it shows next comes from this compile, not from the transaction's schema.
            panesCompiledOnTransactionSchema.remove(panes[index].id)
            panes[index].status = .live
            try start(index, query: query, cause: cause, inheriting: previous)
        } catch {
            panesCompiledOnTransactionSchema.remove(panes[index].id)
            fail(index, message: error.message, cause: cause)
            localEvents.append(.failed(paneID: panes[index].id, message: error.message))
        }
    }

    /// Shows an error in place of a pane's rows. The rows go: what the pane shows is the
    /// error, and the next value is compared with that (`--dedupe`, the change highlight),
    /// not with rows from before the error, even after a restart marks the pane live again.
    func fail(_ index: Int, message: String, cause: RefreshCause) {
        panes[index].status = .failed(message)
        panes[index].result = nil
        panes[index].lastChange = nil
        record(index, cause: cause, outcome: "error: \(message)")
    }

    /// Records a refresh in the pane's history and for what it prints next.
    func record(_ index: Int, cause: RefreshCause, outcome: String) {
        panes[index].recordRefresh(at: clock(), cause: cause, outcome: outcome)
        presentation.noteRefresh(of: panes[index].id, cause: cause)
    }
}

extension DatabaseConnection {
    /// Runs `body` in a database access and turns whatever it throws into a ``Diagnostic``
    /// (SQLite's message for database errors), for the pane commands' typed errors. What it
    /// runs is sqlive's own: neither traced nor logged (`.trace`, `.log`).
    ///
    ///     let count = try connection.access { db in try Int.fetchOne(db, sql: "SELECT 1") }
    func access<T>(_ body: (Database) throws -> T) throws(Diagnostic) -> T {
        do {
            return try queue.inDatabase { db in try ownStatements { try body(db) } }
        } catch {
            throw Diagnostic(converting: error)
        }
    }
}
