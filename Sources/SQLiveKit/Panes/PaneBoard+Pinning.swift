import Foundation

extension PaneBoard {
    /// Pins a query as a new pane and fetches its first value, which the next
    /// ``drainEvents()`` applies.
    ///
    /// A query that does not compile (a typo, a missing table) is refused; one that compiles
    /// but fails when it runs becomes a pane that shows the error.
    ///
    ///     let pane = try board.pin("SELECT * FROM player", name: nil, rowLimit: 5, dedupe: false)
    ///     pane.name   // "player"
    ///
    /// SQL that SQLite cannot compile against the schema as it is (a table or column that a
    /// migration will add, an app not yet run) becomes a pane in error, which comes alive at
    /// the schema change that makes it work: sqlive can be started before the app it watches.
    @discardableResult
    public func pin(_ text: String, name: String? = nil, rowLimit: Int? = nil, dedupe: Bool = false) throws(Diagnostic) -> Pane {
        rebaselineSchemaIfNoPaneIsPinned()
        let query: CompiledPane
        do {
            query = try compile(text)
        } catch where error.kind.mayBeCuredBySchema && !Self.isSyntaxError(error) {
            // Not in the committed schema, but maybe a TEMP table the transaction made: that
            // is refused as private, as it is outside a transaction.
            if userIsInTransaction, schemaChangedInTransaction, !lastCompileSawTransactionSchema,
               let query = try? compile(text, onUsersConnection: true), let table = try privateTables(of: query).first {
                throw Self.privateTableRefusal(table).prefixed(".pin: ")
            }
            return compilesAgainAtTransactionEnd(
                try pinWaitingForSchema(text, error: error, name: name, rowLimit: rowLimit, dedupe: dedupe))
        }
        return compilesAgainAtTransactionEnd(try pin(query, text: text, name: name, rowLimit: rowLimit, dedupe: dedupe))
    }

    /// A pane compiled against the schema of a user's transaction that changed it (the
    /// panes' connection could not read the committed one) compiles again at the
    /// transaction's end, against the schema it leaves (after ROLLBACK a pane on a table the
    /// transaction had renamed stayed "no such table" for good). One compiled against the
    /// committed schema needs nothing: a COMMIT's schema change compiles every pane again.
    private func compilesAgainAtTransactionEnd(_ pane: Pane) -> Pane {
        guard lastCompileSawTransactionSchema else { return pane }
        panesCompiledOnTransactionSchema.insert(pane.id)
        if pendingRestarts[pane.id] == nil { pendingRestarts[pane.id] = .pinned }
        return pane
    }

    /// SQLite's errors that no schema cures: a pane pinned with one would never work.
    static func isSyntaxError(_ error: Diagnostic) -> Bool {
        error.message.hasSuffix("syntax error") || error.message == "incomplete input"
            || error.message.hasPrefix("unrecognized token")
    }

    /// Pins a pane whose query does not compile yet, showing the error; every schema change
    /// (and other processes' commits) compiles it again.
    private func pinWaitingForSchema(_ text: String, error: Diagnostic, name given: String?, rowLimit: Int?,
                                     dedupe: Bool) throws(Diagnostic) -> Pane {
        let name = try uniqueName(given, tables: [])
        // The engine watches the schema from now on, even with no pane running.
        let bound = try bindOrWait()
        let id = nextID
        nextID += 1
        panes.append(Pane(id: id, name: name, query: text, rowLimit: rowLimit ?? defaultRowLimit, dedupe: dedupe))
        let index = panes.count - 1
        panes[index].awaitsTableName = given == nil
        fail(index, message: error.message, cause: .pinned)
        localEvents.append(.failed(paneID: id, message: error.message))
        if !bound { pendingRestarts[id] = .pinned }
        updateWatcher()
        return panes[index]
    }

    /// Pins a query already compiled on the session's connection.
    @discardableResult
    func pin(_ query: CompiledPane, text: String, name: String?, rowLimit: Int?, dedupe: Bool) throws(Diagnostic) -> Pane {
        let hidden = try privateTables(of: query)
        let tables = try committedSchemaAccess { db in try RegionMap(query.declaredRegion, db: db).areas.map(\.table) }
        if let table = hidden.first { throw Self.privateTableRefusal(table).prefixed(".pin: ") }
        let name = try uniqueName(name, tables: tables)
        let id = nextID
        panes.append(Pane(id: id, name: name, query: text, rowLimit: rowLimit ?? defaultRowLimit, dedupe: dedupe))
        let index = panes.count - 1
        do {
            if try bindOrWait() {
                try start(index, query: query, cause: .pinned)
            } else {
                pendingRestarts[id] = .pinned
            }
        } catch {
            panes.removeLast()
            throw error
        }
        nextID += 1
        updateWatcher()
        return panes[index]
    }

    /// The TEMP tables and views (and attached in-memory databases' tables) a query reads:
    /// the panes' connections cannot see them.
    func privateTables(of query: CompiledPane) throws(Diagnostic) -> [String] {
        try connection.access { db in
            try query.analysis.privateTables(db) + RegionTables.privateViews(namedIn: query.sql, db)
        }
    }

    /// Why a pane cannot show a query that reads a private table.
    static func privateTableRefusal(_ table: String) -> Diagnostic {
        Diagnostic("\(table) is private to your connection: panes read on a connection of their own and cannot see it",
                   hint: "pin a query on a table of a database file (.region QUERY shows what a query reads)")
    }

    /// Removes panes; returns their ids.
    @discardableResult
    public func unpin(_ selector: String) throws(Diagnostic) -> [Int] {
        let indexes = try indexes(matching: selector, for: ".unpin")
        let ids = indexes.map { panes[$0].id }
        for index in indexes.sorted(by: >) {
            stop(index)
            pendingRestarts.removeValue(forKey: panes[index].id)
            panesCompiledOnTransactionSchema.remove(panes[index].id)
            presentation.forget(panes[index].id)
            panes.remove(at: index)
        }
        tokenOwners = tokenOwners.filter { !ids.contains($0.value) }
        updateWatcher()
        return ids
    }

    /// Runs panes' queries again now (all panes when `selector` is nil). A paused pane stays
    /// paused: `.refresh` made it live again without a word, and named alone it is refused
    /// with the command that does that.
    public func refresh(_ selector: String?) throws(Diagnostic) {
        let matched = try indexes(matching: selector, for: ".refresh")
        if matched.count == 1, let selector, case let pane = panes[matched[0]], pane.status == .paused {
            throw Diagnostic(".refresh: pane \(pane.id) (\(pane.name)) is paused: it keeps its rows",
                             hint: ".resume \(selector) refreshes it and keeps it refreshing")
        }
        let chosen = matched.filter { panes[$0].status != .paused }
        restartingTogether {
            for index in chosen { restart(index, cause: .refreshedByHand) }
        }
    }

    /// Stops observing panes; they keep their rows until resumed.
    public func pause(_ selector: String?) throws(Diagnostic) {
        for index in try indexes(matching: selector, for: ".pause") where panes[index].status != .paused {
            stop(index)
            pendingRestarts.removeValue(forKey: panes[index].id)
            panes[index].status = .paused
        }
        updateWatcher()
    }

    /// Observes paused panes again, fetching their current value.
    public func resume(_ selector: String?) throws(Diagnostic) {
        let chosen = try indexes(matching: selector, for: ".resume").filter { panes[$0].status == .paused }
        restartingTogether {
            for index in chosen { restart(index, cause: .resumed) }
        }
        updateWatcher()
    }

    /// Names a pane pinned before its query compiled after the tables it reads, now that it
    /// runs (see ``Pane/awaitsTableName``).
    func nameAfterItsTables(_ index: Int, query: CompiledPane) {
        guard panes[index].awaitsTableName else { return }
        panes[index].awaitsTableName = false
        let tables = (try? connection.access { db in try RegionMap(query.declaredRegion, db: db).areas.map(\.table) }) ?? []
        panes[index].name = madeName(tables: tables, excluding: panes[index].id)
    }

    /// The name given, checked, or one made from the tables the query reads (`player`,
    /// `player+team`), made unique with a number.
    private func uniqueName(_ given: String?, tables: [String]) throws(Diagnostic) -> String {
        let taken = Set(panes.map { $0.name.lowercased() })
        if let given {
            if given.isEmpty || Int(given) != nil || given.lowercased() == "all" {
                throw Diagnostic(".pin: \(given.isEmpty ? "an empty name" : given) cannot name a pane",
                                 hint: "a name has a letter and is not \"all\", so it differs from the ids")
            }
            if taken.contains(given.lowercased()) {
                throw Diagnostic(".pin: a pane is already named \(given)", hint: "choose another --name, or .unpin \(given)")
            }
            return given
        }
        return madeName(tables: tables, excluding: nil)
    }

    /// `player`, `player+team`, `query` for a query reading no table; `-2`, `-3`… added
    /// while another pane (but `excluding`) has the name.
    private func madeName(tables: [String], excluding paneID: Int?) -> String {
        let taken = Set(panes.filter { $0.id != paneID }.map { $0.name.lowercased() })
        let base = tables.isEmpty ? "query" : tables.joined(separator: "+")
        var name = base
        var number = 2
        while taken.contains(name.lowercased()) {
            name = "\(base)-\(number)"
            number += 1
        }
        return name
    }
}
