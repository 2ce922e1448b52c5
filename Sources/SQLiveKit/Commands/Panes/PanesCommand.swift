/// `.panes`: the panes as a result table, in the current mode.
struct PanesCommand: MetaCommand {
    let name = "panes"
    let usage = ""
    let summary = "list the panes: id, name, query, rows, refreshes, last refresh, refresh times, region"
    let details = """
        .panes prints one row per pane with the columns id, name, query, rows, refreshes,
        last_refresh, last_ms and median_ms (how long its query took, last time and over its
        latest refreshes) and region, in the current mode: .mode csv then .panes is
        machine-readable. rows ends with + when the query has more rows than the pane keeps,
        and is empty when the pane shows an error; region is what the pane watches.
        """

    func run(_: NoArguments, in scope: PaneScope) throws(Diagnostic) {
        var table = ResultTable(columns: ["id", "name", "query", "rows", "refreshes", "last_refresh",
                                          "last_ms", "median_ms", "region"])
        for pane in scope.paneBoard.panes {
            let rows: ResultTable.Value = pane.isFailed ? .null : pane.result.map {
                .text("\($0.rows.count)\($0.hasMore ? "+" : "")")
            } ?? .null
            table.append([
                .integer(pane.id),
                .text(pane.name),
                .text(pane.query),
                rows,
                .integer(pane.refreshCount),
                pane.lastRefresh.map { .text(TimeOfDay.format($0)) } ?? .null,
                pane.timing.last.map { .real(Self.milliseconds($0)) } ?? .null,
                pane.timing.median.map { .real(Self.milliseconds($0)) } ?? .null,
                pane.region.map { .text($0.description) } ?? .null,
            ])
        }
        table.render(in: scope)
    }

    /// Milliseconds with one decimal: enough to tell a cheap pane from a slow one.
    private static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 10_000).rounded() / 10
    }
}
