import Foundation

extension PaneBoard {
    /// Applies everything the engine delivered since the last call, and returns what changed.
    ///
    /// The terminal front-end calls it when its wake-up pipe is readable (see ``waker``), then
    /// repaints the dock. A frame's panes are applied together. Requests from background work
    /// (the schema changed, another process committed) are carried out here, on the
    /// front-end thread.
    ///
    ///     board.waker = { wakeUpPipe.write() }
    ///     // in the loop, when the pipe is readable:
    ///     let events = board.drainEvents()
    public func drainEvents() -> [PaneEvent] {
        confinement.check()
        let events = apply(inbox.takeAll())
        // Most drains have no local event: no array is concatenated then (a script drains
        // after every statement).
        guard !localEvents.isEmpty else { return events }
        defer { localEvents.removeAll() }
        return localEvents + events
    }

    /// Applies inbox items in order.
    @discardableResult
    func apply(_ items: [PaneInbox.Item]) -> [PaneEvent] {
        var events: [PaneEvent] = []
        // The panes compiled again in this batch: a schema change and another process's
        // commit delivered together (in either order) ask for the same state, so each pane
        // compiles once and a failure is reported once.
        var recompiled: Set<Int> = []
        for item in items {
            switch item {
            case .frame(let frame):
                fetchCount += frame.fetches.count
                for fetch in frame.fetches {
                    if let event = accept(fetch) { events.append(event) }
                }
            case .trace(let line):
                events.append(.trace(line))
            case .schemaChanged:
                schemaDidChange(skipping: &recompiled)
            case .externalChange:
                events += externalChangeDidHappen(skipping: &recompiled)
            case .databaseReplaced:
                events.append(.databaseReplaced)
            case .attachedDatabaseReplaced(let name, let file):
                events.append(.attachedDatabaseReplaced(name: name, file: file))
            }
        }
        return events
    }

    /// Another process committed: the watcher already woke every pane (the reader also
    /// compares the schema versions); a pane whose query did not compile tries again. Those
    /// that compile now are read in one frame with every other pane, from one snapshot:
    /// restarted one at a time, each was read in a frame of its own, and beside another
    /// process's commits `--follow` printed panes from two states together (a table's count
    /// at commit 40 beside the others at 41).
    private func externalChangeDidHappen(skipping recompiled: inout Set<Int>) -> [PaneEvent] {
        guard let engine else { return [] }
        let live = panes.filter { $0.status != .paused && $0.token != nil }
        let failed = panes.indices.filter { index in
            panes[index].status != .paused && panes[index].token == nil && recompiled.insert(panes[index].id).inserted
        }
        if !failed.isEmpty {
            let cause = connection.versionProbe.externalCause
            restartingTogether {
                for index in failed { restartWhenOutsideTransaction(index, cause: cause) }
                engine.scheduler.wake(Dictionary(uniqueKeysWithValues: live.compactMap { pane in
                    pane.token.map { ($0, cause) }
                }))
            }
        }
        guard traceRequested else { return [] }
        let labels = live.map(\.label)
        // A replica is written by no other process: its transactions are the primary's.
        let change = switch connection.versionProbe.externalCause {
        case .replicatedCommit(let transaction): "replicated commit txid \(transaction)"
        default: "external commit (another process)"
        }
        return [.trace(change + ", woke " + (labels.isEmpty ? "no pane" : labels.joined(separator: ", ")))]
    }

    private func accept(_ fetch: PaneFetch) -> PaneEvent? {
        guard let index = panes.firstIndex(where: { $0.token == fetch.token }) else {
            if let owner = tokenOwners[fetch.token], let index = panes.firstIndex(where: { $0.id == owner }) {
                panes[index].staleCount += 1
            }
            return nil
        }
        panes[index].timing.record(fetch.duration)
        let cause = RefreshCause.combining(fetch.causes)
        switch fetch.outcome {
        case .rows(let result):
            let previous = panes[index].isFailed ? nil : panes[index].result
            if panes[index].dedupe, panes[index].refreshCount > 0, previous == result {
                panes[index].suppressedCount += 1
                return nil
            }
            let now = clock()
            // The change is for the dock's highlight: a script, which has no dock, skips the
            // diff (a cost on every refresh).
            if let previous, isInteractive || dockIsAvailable {
                let diff = PaneDiff(from: previous, to: result)
                panes[index].lastChange = diff.isEmpty ? nil : Pane.Change(diff: diff, time: now)
            }
            panes[index].status = .live
            panes[index].result = result
            record(index, cause: cause, outcome: result.rowCountText)
            return .refreshed(paneID: panes[index].id, cause: cause)
        case .failure(let message):
            if panes[index].dedupe, panes[index].status == .failed(message) {
                panes[index].suppressedCount += 1
                return nil
            }
            fail(index, message: message, cause: cause)
            return .failed(paneID: panes[index].id, message: message)
        }
    }
}
