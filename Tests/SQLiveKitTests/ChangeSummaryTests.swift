import Testing
@testable import SQLiveKit

/// A block's cause names its changes: every entry, its columns, its first rowids and how
/// many more.
@Suite struct ChangeSummaryTests {
    @Test func a_summary_names_tables_columns_rowids_and_the_rest_counted() {
        var summary = ChangeSummary()
        #expect(summary.description == "")
        summary.record(table: "player", kind: .update, rowID: 1, columns: ["score", "name"])
        summary.record(table: "player", kind: .update, rowID: 1, columns: ["team"])
        summary.record(table: "team", kind: .insert, rowID: nil, columns: [])
        for rowID in Int64(10)..<Int64(30) {
            summary.record(table: "game", kind: .delete, rowID: rowID, columns: [])
        }
        #expect(summary.description
            == "update player(name,score,team)[1], insert team, delete game[10,11,12,13,14,15,16,17 +12 more]")
    }
}
