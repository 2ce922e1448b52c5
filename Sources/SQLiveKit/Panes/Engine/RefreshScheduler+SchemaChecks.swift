import GRDB

/// Whether the schema moved: the look at the files without a lock, deferred to the end of a
/// run of frames when one runs, and the schema versions a fast frame reads.
extension RefreshScheduler {
    /// Asks for a schema check only when a file moved since the last fast frame read the
    /// schema (looked at without a lock): after a statement whose commit already woke a frame,
    /// that frame's reading answers, and no second frame runs. In-memory databases always ask.
    ///
    /// While a fast run is under way (most often the frame the statement's own commit woke),
    /// the look waits for it: a frame that starts after the look reads the schema versions
    /// itself, which saves the second frame a look made now would ask for.
    func requestSchemaCheckIfFilesMoved() {
        let deferred = state.withLock { state -> Bool in
            guard state.lane(.fast).isScheduled else {
                state.lookedSinceLastFrame = true
                return false
            }
            state.fileCheckDeferred = true
            return true
        }
        if !deferred, filesMovedSinceLastCheck() { requestSchemaCheck() }
    }

    /// True when the files' fingerprints differ from those the last fast frame took before
    /// reading the schema versions, or that frame took none. Looked at without a lock.
    func filesMovedSinceLastCheck() -> Bool {
        let (databases, checked) = state.withLock { ($0.databases, $0.checkedFingerprints) }
        guard let checked else { return true }
        return checked != takeFingerprints(databases.fileList)
    }

    /// Makes the look at the files deferred while the fast run went on. True when it asked
    /// for a schema check, which the same run then reads. On the fast lane's queue, after
    /// the run found nothing due.
    func makeDeferredFileCheck() -> Bool {
        guard state.withLock({ $0.fileCheckDeferred }) else { return false }
        let moved = filesMovedSinceLastCheck()
        let goesOn = state.withLock { state -> Bool in
            state.fileCheckDeferred = false
            guard moved, !state.isClosed else { return false }
            state.schemaCheckRequested = true
            // The run ended a moment ago; it goes on here unless a kick started another.
            guard !state.lane(.fast).isScheduled else { return false }
            state.lanes[LaneKind.fast.rawValue].isScheduled = true
            return true
        }
        // A script waiting for the panes to settle looks again.
        if !goesOn { progressed.signal() }
        return goesOn
    }

    /// Takes the schema as it is now as the one the panes' queries compile against. While no
    /// pane is pinned, no frame reads the schema versions and the board asks for no check: a
    /// pane pinned after a schema change made meanwhile had its first frame compare with the
    /// versions from before, and came as a `schema change` (inside a transaction on a file,
    /// one statement late). Called before the pane compiles, so a change after it is still a
    /// change. Left as it was when the reader cannot read now (a lock): the first block then
    /// says `schema change`, as before.
    func rebaselineSchemaVersions() {
        let (known, probes) = state.withLock { ($0.schemaVersions, $0.databases.schemaProbes) }
        guard let current = try? onReader({ db -> [String: Int] in
            let current = try Self.schemaVersions(db, probes: probes.isEmpty ? nil : probes)
            if let known, Self.schemaMoved(from: known, to: current) {
                // What a frame does when it finds the schema moved (``read(_:)``).
                lanes[LaneKind.fast.rawValue].forgetSchema(db)
            }
            return current
        }) else { return }
        if let known, Self.schemaMoved(from: known, to: current) {
            lanes[LaneKind.slow.rawValue].forgetSchemaSoon()
        }
        state.withLock { state in
            state.schemaVersions = current
            // The next look at the files compares with fingerprints taken from now on.
            state.checkedFingerprints = nil
        }
    }

    /// True when every database is a rollback-journal file whose header shows the schema
    /// version already known (the reader's own `temp` never changes). WAL files, in-memory
    /// databases and unreadable headers cannot tell: false. Nor can a database whose version
    /// is not known yet (attached since the versions were last read): false.
    static func headersShowSameSchema(_ known: [String: Int], files: [String: String]) -> Bool {
        guard files.keys.allSatisfy({ $0 == "temp" || known[$0] != nil }) else { return false }
        return known.allSatisfy { name, version in
            if name == "temp" { return true }
            guard let path = files[name], let header = DatabaseFileHeader.read(path: path), !header.isWAL else {
                return false
            }
            return Int(header.schemaCookie) == version
        }
    }

    /// The file of each database of a reader, by name (empty for in-memory ones).
    static func files(_ db: Database) throws -> [String: String] {
        var files: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, file FROM pragma_database_list") {
            files[row["name"]] = row["file"] ?? ""
        }
        return files
    }

    /// True when a database both readings know changed its schema. A database attached or
    /// detached since is no schema change here: the board restarts the panes for it.
    static func schemaMoved(from known: [String: Int], to current: [String: Int]) -> Bool {
        current.contains { name, version in known[name].map { $0 != version } ?? false }
    }

    /// `schema_version` of every database of a reader but `temp`, by name: the databases probed
    /// (known since the reader opened or last mirrored attachments), or all it has.
    static func schemaVersions(_ db: Database, probes: [ReaderDatabases.SchemaProbe]? = nil) throws -> [String: Int] {
        let probes = try probes ?? ReaderDatabases.probes(
            String.fetchAll(db.cachedStatement(sql: "SELECT name FROM pragma_database_list")))
        var versions: [String: Int] = [:]  // not Dictionary(minimumCapacity:): see commitTransaction()
        for probe in probes {
            // Cached: every fast frame runs them.
            versions[probe.name] = Int(try db.cachedStatement(sql: probe.sql).firstInteger() ?? 0)
        }
        return versions
    }
}
