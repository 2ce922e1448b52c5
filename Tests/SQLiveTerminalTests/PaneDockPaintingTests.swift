import Foundation
import Testing
@testable import SQLiveKit
@testable import SQLiveTerminal

/// The dock as it paints a terminal of a given size, read from the bytes it writes: the
/// scroll region, the rows that scroll away before it grows, synchronized output, NULL.
@Suite struct PaneDockPaintingTests {
    static let begin = "\u{1B}[?2026h"
    static let end = "\u{1B}[?2026l"

    @Test func every_write_is_one_synchronized_update() throws {
        let harness = try DockHarness()
        harness.run("CREATE TABLE t(x);\n.pin SELECT x FROM t\nINSERT INTO t VALUES (1);")
        let writes = harness.takeWritten()
        #expect(!writes.isEmpty)
        for write in writes {
            #expect(write.hasPrefix(Self.begin) && write.hasSuffix(Self.end), "not synchronized: \(write.debugDescription)")
            #expect(write.components(separatedBy: Self.begin).count == 2, "one update per write")
        }
    }

    @Test func the_first_pin_scrolls_the_rows_it_covers_into_the_scrollback_then_sets_the_region() throws {
        let harness = try DockHarness(rows: 24, columns: 80)
        harness.run("CREATE TABLE t(x);\nINSERT INTO t VALUES (1), (2);")
        #expect(harness.takeWritten().isEmpty, "no pane, no dock")
        harness.run(".pin SELECT x FROM t")
        let write = try #require(harness.takeWritten().first)
        // Title, names, two rows, the rule: 5 rows. They scroll off a region of those rows
        // first (into the scrollback), then the region goes below the dock.
        let scroll = "\u{1B}[1;5r\u{1B}[5;1H\n\n\n\n\n"
        let region = "\u{1B}[6;24r\u{1B}[24;1H"
        #expect(write.hasPrefix(Self.begin + scroll + region + "\u{1B}7\u{1B}[1;1H\u{1B}[2K1 t · 2 rows"))
    }

    /// What the dock writes for `change`, on a 24×80 screen where `setup` pinned a pane.
    private static func write(after setup: String, for change: String) throws -> String {
        let harness = try DockHarness(rows: 24, columns: 80)
        harness.run(setup)
        _ = harness.takeWritten()
        harness.run(change)
        return try #require(harness.takeWritten().first)
    }

    @Test func a_growing_dock_scrolls_away_only_the_rows_it_adds() throws {
        let write = try Self.write(after: "CREATE TABLE t(x);\nINSERT INTO t VALUES (1);\n.pin SELECT x FROM t",
                                   for: "INSERT INTO t VALUES (2), (3);")
        // 4 rows became 6: rows 5 and 6 scroll off (into tmux's scrollback), nothing else moves.
        #expect(write.hasPrefix(Self.begin + "\u{1B}[5;6r\u{1B}[6;1H\n\n" + "\u{1B}[7;24r\u{1B}[24;1H"))
    }

    @Test func a_shrinking_dock_clears_the_rows_it_gives_back_and_scrolls_nothing() throws {
        let write = try Self.write(after: "CREATE TABLE t(x);\nINSERT INTO t VALUES (1), (2);\n.pin SELECT x FROM t",
                                   for: "DELETE FROM t WHERE x = 2;")
        #expect(write.hasPrefix(Self.begin + "\u{1B}[5;1H\u{1B}[2K" + "\u{1B}[5;24r\u{1B}[24;1H"))
        #expect(!write.contains("\n"))
    }

    @Test func null_shows_as_NULL_in_the_dock_and_as_nullvalue_when_set() throws {
        let plain = try DockHarness()
        plain.run("CREATE TABLE t(x, y);\nINSERT INTO t VALUES (NULL, '');\n.pin SELECT x, y FROM t")
        #expect(try #require(plain.takeWritten().first).contains("\u{1B}[3;1H\u{1B}[2K  NULL  "))
        let set = try DockHarness(nullValue: "∅")
        set.run("CREATE TABLE t(x, y);\nINSERT INTO t VALUES (NULL, '');\n.pin SELECT x, y FROM t")
        #expect(try #require(set.takeWritten().first).contains("\u{1B}[3;1H\u{1B}[2K  ∅  "))
    }

    @Test func ten_panes_on_a_wide_screen_paint_side_by_side_and_a_narrower_one_says_what_it_hides() throws {
        let harness = try DockHarness(rows: 24, columns: 140)
        harness.run((1...10).map { ".pin --name p\($0) SELECT \($0) AS n" }.joined(separator: "\n"))
        let rows = Self.rows(of: try #require(harness.takeWritten().last))
        // Half the screen: 11 lines of panes in 3 columns of 46, then the rule.
        #expect(rows.count == 12)
        #expect(rows[0].hasPrefix("1 p1 · 1 row · 1 refresh") && rows[0].contains("│4 p4 · 1 row") && rows[0].contains("│7 p7 · 1 row"))
        #expect(rows[2] == "  1".padding(toLength: 46, withPad: " ", startingAt: 0) + "│" + "  4".padding(toLength: 46, withPad: " ", startingAt: 0) + "│  7")
        #expect(rows[11].hasPrefix("── 1 more pane hidden: .layout 13 shows them ──"))
        harness.size = ScreenSize(rows: 24, columns: 80)
        harness.run(".layout")
        let narrow = Self.rows(of: try #require(harness.takeWritten().last))
        #expect(narrow[0].hasPrefix("1 p1 · 1 row · 1 refresh"))
        #expect(narrow[1...2] == ["  n", "  1"])
        #expect(narrow[11] == "── 7 more panes hidden: a taller terminal, or .unpin, shows them ───────────────")
    }

    /// The text of each dock row a repaint writes (`ESC[row;1H ESC[2K text`), in order.
    private static func rows(of write: String) -> [String] {
        guard let repaint = write.range(of: "\u{1B}7\u{1B}[1;1H", options: .backwards) else { return [] }
        return write[repaint.lowerBound...].components(separatedBy: "\u{1B}[2K").dropFirst().map { row in
            String(row.prefix { $0 != "\u{1B}" })
        }
    }

    @Test func leaving_resets_the_scroll_region_under_the_last_dock() throws {
        let harness = try DockHarness(rows: 24, columns: 80)
        harness.run("CREATE TABLE t(x);\n.pin SELECT x FROM t")
        _ = harness.takeWritten()
        harness.dock.stop()
        #expect(harness.takeWritten() == [Self.begin + "\u{1B}[r\u{1B}[24;1H" + Self.end])
    }
}
