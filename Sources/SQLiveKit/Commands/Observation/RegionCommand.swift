/// `.region QUERY`: the region GRDB tracks for a query, and what it will not see by itself.
struct RegionCommand: RawTextCommand {
    let name = "region"
    let usage = "QUERY"
    let summary = "show the tables, columns and rowids GRDB observes for a query"
    let details = """
        .region QUERY prints the database region a pane pinned on QUERY would track, as GRDB
        writes it: table(columns)[rowids], e.g. player(id,name)[1,2]. A commit that changes
        rows or columns in it refreshes the pane. Warnings follow for changes that escape it:
        WITHOUT ROWID and virtual tables, and other processes while .external is off.
        Example: .region SELECT name FROM player JOIN team ON team.id = player.teamId
        """

    func parse(text: String) throws(Diagnostic) -> String {
        try requiring(text)
    }

    func run(_ query: String, in scope: PaneScope) throws(Diagnostic) {
        let report = try QueryRegion.inspect(query, board: scope.paneBoard)
        scope.output.append(report.region.description + "\n")
        report.warnings.forEach(scope.warn)
    }
}
