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
    @discardableResult
    public func pin(_ text: String, name: String? = nil, rowLimit: Int? = nil, dedupe: Bool = false) throws(Diagnostic) -> Pane {
        try pin(compile(text), text: text, name: name, rowLimit: rowLimit, dedupe: dedupe)
    }

    /// Pins a query already compiled on the session's connection.
    @discardableResult
    func pin(_ query: CompiledPane, text: String, name: String?, rowLimit: Int?, dedupe: Bool) throws(Diagnostic) -> Pane {
        let name = try uniqueName(name, for: query)
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

    /// Removes panes; returns their ids.
    @discardableResult
    public func unpin(_ selector: String) throws(Diagnostic) -> [Int] {
        let indexes = try indexes(matching: selector, for: ".unpin")
        let ids = indexes.map { panes[$0].id }
        for index in indexes.sorted(by: >) {
            stop(index)
            pendingRestarts.removeValue(forKey: panes[index].id)
            presentation.forget(panes[index].id)
            panes.remove(at: index)
        }
        tokenOwners = tokenOwners.filter { !ids.contains($0.value) }
        updateWatcher()
        return ids
    }

    /// Runs panes' queries again now (all panes when `selector` is nil).
    public func refresh(_ selector: String?) throws(Diagnostic) {
        for index in try indexes(matching: selector, for: ".refresh") {
            restart(index, cause: .refreshedByHand)
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
        for index in try indexes(matching: selector, for: ".resume") where panes[index].status == .paused {
            restart(index, cause: .resumed)
        }
        updateWatcher()
    }

    /// The name given, checked, or one made from the tables the query reads (`player`,
    /// `player+team`), made unique with a number.
    private func uniqueName(_ given: String?, for query: CompiledPane) throws(Diagnostic) -> String {
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
        let tables = RegionMap(query.declaredRegion).areas.map(\.table)
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
