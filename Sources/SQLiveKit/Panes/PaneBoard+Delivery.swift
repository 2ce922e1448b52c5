import Foundation

extension PaneBoard {
    /// Applies everything observation delivered since the last call, and returns what changed.
    ///
    /// The terminal front-end calls it when its wake-up pipe is readable (see ``waker``), then
    /// repaints the dock. Values older than the one a pane shows are dropped here. Requests
    /// from background work (retry a failed pane, another process committed) are carried out
    /// here, on the front-end thread, which may fetch again: those values are applied too.
    ///
    ///     board.waker = { wakeUpPipe.write() }
    ///     // in the loop, when the pipe is readable:
    ///     let events = board.drainEvents()
    public func drainEvents() -> [PaneEvent] {
        var events: [PaneEvent] = []
        // Carrying out requests may deliver new values; a few rounds take them all.
        for _ in 0..<8 {
            let items = inbox.takeAll()
            if items.isEmpty { break }
            events += apply(items)
        }
        defer { localEvents.removeAll() }
        return localEvents + events
    }

    /// Applies inbox items in order.
    @discardableResult
    func apply(_ items: [PaneInbox.Item]) -> [PaneEvent] {
        var events: [PaneEvent] = []
        for item in items {
            switch item {
            case .value(let fetch):
                if let event = accept(fetch) { events.append(event) }
            case .failure(let failure):
                if let event = accept(failure) { events.append(event) }
            case .suppressed(let token):
                if let index = currentIndex(of: token) { panes[index].suppressedCount += 1 }
            case .trace(let line):
                events.append(.trace(line))
            case .tracking(let token, let region):
                if let index = currentIndex(of: token) { panes[index].region = region }
            case .retry(let token, let cause):
                if let index = currentIndex(of: token), panes[index].isFailed {
                    restartWhenOutsideTransaction(index, cause: cause)
                }
            case .externalChange:
                forgetSchemaCache()
                for index in panes.indices where panes[index].status != .paused {
                    restartWhenOutsideTransaction(index, cause: .externalChange)
                }
            }
        }
        return events
    }

    private func accept(_ fetch: PaneFetch) -> PaneEvent? {
        guard let index = acceptingIndex(token: fetch.token, sequence: fetch.sequence) else { return nil }
        panes[index].lastSequence = fetch.sequence
        let previous = panes[index].isFailed ? nil : panes[index].result
        if fetch.isInitial, panes[index].dedupe, previous == fetch.result {
            // A restart's first value is never compared by GRDB's removeDuplicates().
            panes[index].suppressedCount += 1
            return nil
        }
        let now = clock()
        if let previous {
            let diff = PaneDiff(from: previous, to: fetch.result)
            panes[index].lastChange = diff.isEmpty ? nil : Pane.Change(diff: diff, time: now)
        }
        panes[index].status = .live
        panes[index].result = fetch.result
        panes[index].recordRefresh(at: now, cause: fetch.cause, outcome: fetch.result.rowCountText)
        return .refreshed(paneID: panes[index].id, cause: fetch.cause)
    }

    private func accept(_ failure: PaneFetchFailure) -> PaneEvent? {
        guard let index = acceptingIndex(token: failure.token, sequence: failure.sequence) else { return nil }
        panes[index].lastSequence = failure.sequence
        // GRDB ends an observation that fails. The recorder keeps watching the region the
        // query read last, so a commit there (or a schema change) tries it again.
        cancellables.removeValue(forKey: panes[index].id)
        binding?.recorder.markFailed(failure.token)
        close(panes[index].compiled)
        panes[index].compiled = nil
        fail(index, message: failure.message, cause: failure.cause)
        return .failed(paneID: panes[index].id, message: failure.message)
    }

    /// The pane a value belongs to, if it is the pane's current observation and newer than
    /// what the pane shows; otherwise counts the value as stale.
    private func acceptingIndex(token: ObservationToken, sequence: UInt64) -> Int? {
        if let index = currentIndex(of: token), sequence > panes[index].lastSequence {
            return index
        }
        if let owner = tokenOwners[token], let index = panes.firstIndex(where: { $0.id == owner }) {
            panes[index].staleCount += 1
        }
        return nil
    }

    func currentIndex(of token: ObservationToken) -> Int? {
        panes.firstIndex { $0.token == token }
    }
}
