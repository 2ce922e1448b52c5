/// `.impact STATEMENT`: which panes a statement would refresh, without running it.
struct ImpactCommand: RawTextCommand {
    let name = "impact"
    let usage = "STATEMENT"
    let summary = "tell which panes a statement would refresh, without running it"
    let details = """
        .impact STATEMENT compiles STATEMENT, reads what it would write from SQLite's authorizer
        (tables and updated columns, triggers and foreign-key actions included), and tests
        that against each pane's region. Nothing is written: the statement is stopped before
        its first write.
        Example: .impact UPDATE player SET score = score + 1 WHERE id = 3
        """

    func parse(text: String) throws(Diagnostic) -> String {
        try requiring(text, missing: "missing statement")
    }

    func run(_ statement: String, in scope: PaneScope) throws(Diagnostic) {
        let impact = try StatementImpact.analyze(statement, board: scope.paneBoard)
        for line in impact.lines {
            scope.output.append(line + "\n")
        }
    }
}
