import Foundation

/// `PRAGMA locking_mode = EXCLUSIVE` on the user's connection: it keeps the lock it takes
/// for good, so no other connection can read (a rollback journal) and none may even stay
/// open while it writes (WAL, where every connection holds a shared lock on the file). Panes
/// read on connections of their own: with them open, a script waited for ever for a frame
/// that could not read, and in WAL the user's own writes failed with "database is locked".
/// So the panes' connections close while the user holds the databases, and the panes keep
/// their rows; they read again once the mode is NORMAL.
enum ExclusiveLocking {
    static let warning = "panes stop refreshing: with PRAGMA locking_mode = EXCLUSIVE your connection keeps its lock, which no other connection can read past; they refresh again after PRAGMA locking_mode = NORMAL"
    static let refusal = Diagnostic("panes cannot read while your connection holds the database (PRAGMA locking_mode = EXCLUSIVE)",
                                    hint: "PRAGMA locking_mode = NORMAL lets them read again")

    /// True for a statement that may set a locking mode, asked after it ran.
    static func mayChangeLockingMode(_ sql: String) -> Bool {
        StatementImpact.verb(of: sql) == "PRAGMA" && sql.range(of: "locking_mode", options: .caseInsensitive) != nil
    }

    /// True for a statement that may set a journal mode: leaving WAL (or entering it from a
    /// rollback journal) needs every other connection closed, the panes' too.
    static func mayChangeJournalMode(_ sql: String) -> Bool {
        StatementImpact.verb(of: sql) == "PRAGMA" && sql.contains("=")
            && sql.range(of: "journal_mode", options: .caseInsensitive) != nil
    }
}

extension PaneBoard {
    /// True while a statement's locking mode matters to the board: panes are pinned, or the
    /// board holds them back for a mode set earlier (they may all have been unpinned since).
    var watchesLockingMode: Bool { !panes.isEmpty || heldByExclusiveLocking }

    /// The user's connection now holds its databases exclusively, or no longer does. Returns
    /// the warning to show when the panes stop.
    func lockingModeDidChange(exclusive: Bool) -> String? {
        if exclusive {
            guard !heldByExclusiveLocking, !panes.isEmpty else { return nil }
            heldByExclusiveLocking = true
            closeReaders()
            return ExclusiveLocking.warning
        }
        guard heldByExclusiveLocking else { return nil }
        heldByExclusiveLocking = false
        reopenReaders()
        return nil
    }

    /// A statement that needs the database to itself is about to run (``ExclusiveLocking/mayChangeJournalMode(_:)``):
    /// the panes' connections close; true when they did, and ``readersMayReopen()`` must follow.
    func closeReadersForStatement() -> Bool {
        guard engine != nil else { return false }
        closeReaders()
        return true
    }

    /// The statement ran: the panes read again, each showing a block only if its rows changed.
    func readersMayReopen() {
        guard !heldByExclusiveLocking else { return }
        reopenReaders()
    }

    /// Stops every pane and closes the engine's connections; the panes keep their rows.
    private func closeReaders() {
        for index in panes.indices { stop(index) }
        pendingRestarts.removeAll()
        shutDownEngine()
    }

    /// Starts the panes again (not the paused ones), read together. With none pinned, the
    /// engine opens again at the next pin.
    private func reopenReaders() {
        guard !panes.isEmpty else { return }
        restartingTogether {
            for index in panes.indices where panes[index].status != .paused {
                restart(index, cause: .resumed)
            }
        }
        updateWatcher()
    }
}
