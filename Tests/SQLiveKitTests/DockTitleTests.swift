import Testing
@testable import SQLiveKit

/// The dock's pane titles (issue 23): the status is never the part cut off, and a cause
/// names each changed rowid once.
@Suite struct DockTitleTests {
    @Test func the_status_shows_when_the_title_is_too_long_and_the_cause_is_cut_instead() {
        let title = DockTitle.fitted(essential: ["1 stock", "paused", "3 rows"],
                                     optional: ["12 refreshes", "10:01:02", "update product(stock)[2,5,9,11,14]"],
                                     trailing: ["stale, next refresh in 2.0s"], width: 100)
        #expect(title == "1 stock · paused · 3 rows · 12 refreshes · 10:01:02 · update product(… · stale, next refresh in 2.0s")
        #expect(title.count <= 100)
        // No room even for a cut cause: it is left out, the status stays whole.
        #expect(DockTitle.fitted(essential: ["1 stock", "3 rows"], optional: ["12 refreshes", "a cause"],
                                 trailing: ["stale, waiting for the database lock"], width: 60)
                == "1 stock · 3 rows · stale, waiting for the database lock")
    }

    @Test func a_row_changed_several_times_is_named_once_in_the_cause() {
        var summary = ChangeSummary()
        for _ in 0..<3 { summary.record(table: "product", kind: .update, rowID: 2, columns: ["stock"]) }
        summary.record(table: "product", kind: .insert, rowID: 7, columns: [])
        #expect(DockTitle.cause(.changes(summary)) == "update product(stock)[2], insert product[7]")
        #expect(DockTitle.cause(.pinned) == "pinned")
    }
}
