extension Session {
    /// Brings the panes up to date after a unit; ``run(_:)`` calls it.
    ///
    /// In scripts (and on a terminal without a dock, or with `.layout inline`) it waits until
    /// every refresh the unit caused has been delivered, then prints each pane whose value
    /// changed, in id order, as a block:
    ///
    ///     -- pane 1 (scores): update player(score)[1]
    ///     Arthur|15
    ///
    /// so a script prints the same bytes on every run. With a dock, the terminal front-end
    /// drains and repaints instead.
    func settlePanes() {
        let board = paneBoard
        guard board.isActive else { return }
        board.maintain()
        guard printsPanesInline else { return }
        var events: [PaneEvent] = []
        // Applying a frame may start more work (the schema changed: panes compile again and
        // run): a few rounds take it all.
        for _ in 0..<8 {
            // Ctrl-C (or a terminating signal) stops the wait: the script stops anyway.
            if !board.waitUntilSettled(stop: { stopRequest.reason != nil }) {
                warn("a pane refresh is taking more than 30 seconds; it will show when it arrives")
                break
            }
            let drained = board.drainEvents()
            if events.isEmpty { events = drained } else { events += drained }
            // A frame may have read past another process's commit that came after the look
            // in maintain(): found now, it wakes every pane before anything is printed. When
            // a frame read panes and another process's lock keeps the look from reading, the
            // panes are woken all the same: only one frame for all of them is sure to be one
            // state.
            let framesRead = drained.contains { if case .refreshed = $0 { true } else { false } }
            board.lookForExternalCommitsNow(wakingIfUnreadable: framesRead)
            guard board.hasWorkDue else { break }
        }
        printPaneUpdates(events)
    }

    /// True when panes print as blocks after each statement rather than in a dock.
    var printsPanesInline: Bool {
        !environment.isInteractive || paneBoard.layout == .inline || !paneBoard.dockIsAvailable
    }

    /// Prints trace lines, then every pane whose rows or error changed since it was last
    /// printed (at most `limit` of them: `--follow --count N` stops after N blocks, even when
    /// one commit changed more panes). An inline front-end calls it after
    /// ``PaneBoard/drainEvents()``. Returns how many pane blocks it printed.
    @discardableResult
    public func printPaneUpdates(_ events: [PaneEvent], limit: Int? = nil) -> Int {
        printTrace(events)
        let blocks = paneBoard.takeBlocksToPrint().prefix(limit ?? .max)
        for block in blocks {
            panePrinter.printPane(block.pane, cause: block.causes.isEmpty ? nil : block.causes,
                                  note: block.note)
        }
        return blocks.count
    }

    /// Prints the `.trace` lines among events; a front-end that docks the panes prints only
    /// these, since the dock shows the panes.
    ///
    ///     -- trace: insert player[3]
    /// A replaced database file is said too (on stderr, once the watcher noticed it).
    public func printTrace(_ events: [PaneEvent]) {
        for event in events {
            switch event {
            case .trace(let line): output.append("-- trace: \(line)\n")
            case .databaseReplaced: warn(Self.replacedDatabaseWarning(databaseOptions.displayName))
            case .attachedDatabaseReplaced(let name, let file):
                warn("\(file) (attached as \(name)) was deleted or replaced since it was attached: the panes show the old file; DETACH and ATTACH it again to follow the new one")
            case .refreshed, .failed: continue
            }
        }
    }

    /// True when the file at the database's path is not the one the session has open any more
    /// (deleted, or another file moved over it).
    public var databaseFileHasMoved: Bool {
        let connection = statements.connection
        return connection.queue.inDatabase { ExternalChangeWatcher.mainFileMoved($0) }
    }

    /// What a front-end that does not open the file again (the prompt, a script) says.
    static func replacedDatabaseWarning(_ name: String) -> String {
        "\(name) was deleted or replaced since it was opened: the panes show the old file; .open it again to follow the new one"
    }

    /// Prints panes and stored rows in the current mode, from the session's parts.
    var panePrinter: PanePrinter {
        PanePrinter(settings: settingsStore, outputs: outputs, environment: environment)
    }
}
