/// `.notify TABLE[(COL,...)] ... | all | schema`: tells the observers something changed.
struct NotifyCommand: RawTextCommand {
    let name = "notify"
    let usage = "TABLE?(COL,...)? ...|all|schema"
    let summary = "tell the panes that tables (or columns) changed behind GRDB's back"
    let details = """
        GRDB does not see changes made by other processes, to WITHOUT ROWID tables, or by a
        virtual table's module on its own. .notify says they happened (GRDB's
        Database.notifyChanges(in:)): the panes that read them refresh, with the cause
        "notified by hand".
        .notify player(score) team   the score column of player, and all of team
        .notify all                  the whole database
        .notify schema               the schema: every pane compiles and runs its query again
        """

    func completions(after arguments: [String], prefix: String, in scope: PaneScope) -> [String] {
        (arguments.isEmpty ? ["all", "schema"] : []) + SchemaQuery.tableNames(in: scope.connection)
    }

    func parse(text: String) throws(Diagnostic) -> NotifyTarget {
        try NotifyTarget.parse(text)
    }

    func run(_ target: NotifyTarget, in scope: PaneScope) throws(Diagnostic) {
        let reached = try scope.paneBoard.notify(target)
        if reached == 0 && !scope.paneBoard.panes.isEmpty {
            scope.warn("no pane reads \(target.description): nothing to refresh")
        }
    }
}
