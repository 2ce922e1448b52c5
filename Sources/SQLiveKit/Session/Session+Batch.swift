extension Session {
    /// True when a script may run this unit inside a held database access: a plain SQL
    /// statement, not at a terminal, with no pane or observer that needs each statement to
    /// be its own access (panes settle between statements, observers need GRDB's path),
    /// and no database still to open (``deferredOpen``: the batch would hold the stand-in).
    func canRunInBatch(_ unit: InputUnit) -> Bool {
        unit.kind == .sql && !statements.hasDeferredOpen && !environment.isInteractive && !paneBoard.isActive
            && !paneBoard.observesConnection
    }
}
