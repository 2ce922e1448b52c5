import Foundation
import Testing
@testable import SQLiveKit

/// The dock: panes laid out as lines for a given width and height.
@Suite struct PaneDockRendererTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func cell(_ value: Any?) -> StoredRow.Cell {
        switch value {
        case let number as Int:
            StoredRow.Cell(kind: .integer, bytes: Array(String(number).utf8), number: Double(number), integer: Int64(number))
        case let text as String:
            StoredRow.Cell(kind: .text, bytes: Array(text.utf8), number: 0)
        default:
            StoredRow.Cell(kind: .null, bytes: [], number: 0)
        }
    }

    static func result(_ columns: [String], _ rows: [[Any?]], hasMore: Bool = false, key: [Int] = [0]) -> PaneResult {
        PaneResult(columns: columns, rows: rows.map { StoredRow(cells: $0.map(cell)) }, hasMore: hasMore, keyColumns: key)
    }

    /// Two refreshes of a scores pane: Arthur's score changed, Craig arrived, Barbara left.
    static func scoresPane() -> Pane {
        var pane = Pane(id: 1, name: "scores", query: "SELECT id, name, score FROM player", rowLimit: 10, dedupe: false)
        let before = result(["id", "name", "score"], [[1, "Arthur", 10], [2, "Barbara", 20]])
        let after = result(["id", "name", "score"], [[1, "Arthur", 15], [3, "Craig", nil]])
        pane.result = after
        pane.recordRefresh(at: now, cause: .pinned, outcome: "2 rows")
        pane.recordRefresh(at: now, cause: .changes(summary()), outcome: "2 rows")
        pane.lastChange = Pane.Change(diff: PaneDiff(from: before, to: after), time: now)
        return pane
    }

    static func summary() -> ChangeSummary {
        var summary = ChangeSummary()
        summary.record(table: "player", kind: .update, rowID: 1, columns: ["score"])
        return summary
    }

    static func failedPane() -> Pane {
        var pane = Pane(id: 2, name: "teams", query: "SELECT * FROM team", rowLimit: 10, dedupe: false)
        pane.status = .failed("no such table: team")
        pane.recordRefresh(at: now, cause: .schemaChange, outcome: "error: no such table: team")
        return pane
    }

    @Test func panes_show_a_title_their_columns_and_their_rows_with_changes_marked() {
        let time = TimeOfDay.format(Self.now)
        let lines = PaneDockRenderer(width: 80, height: 8, now: Self.now, usesColor: false, nullValue: "NULL")
            .lines(for: [Self.scoresPane(), Self.failedPane()])
        #expect(lines == [
            "1 scores · 2 rows · 2 refreshes · \(time) · update player(score)[1] · +1 ~1 -1".padding(80),
            "  id  name    score",
            "~  1  Arthur     15",
            "+  3  Craig    NULL",
            "2 teams · error · 1 refresh · \(time) · schema change".padding(80),
            "  error: no such table: team",
            "",
            String(repeating: "─", count: 80),
        ])
    }

    /// Columns are measured in terminal cells: a CJK value takes two cells a character, and
    /// the columns after it were shifted (padding counted characters).
    @Test func wide_characters_keep_the_columns_aligned() {
        var pane = Pane(id: 1, name: "t", query: "SELECT v, id FROM t", rowLimit: 10, dedupe: false)
        pane.result = Self.result(["v", "id"], [["日本語", 1], ["abcdef", 2], ["日本語日本語日本語日本語", 3]])
        pane.recordRefresh(at: Self.now, cause: .pinned, outcome: "3 rows")
        let lines = PaneDockRenderer(width: 24, height: 6, now: Self.now, usesColor: false, nullValue: "NULL")
            .lines(for: [pane])
        #expect(Array(lines[1...4]) == [
            "  v                   id",
            "  日本語               1",
            "  abcdef               2",
            "  日本語日本語日本 …   3",
        ])
        #expect(lines[1...4].allSatisfy { DisplayWidth.of($0) == 24 })
    }

    /// On a replica the rule says where the replica stands (its last transaction and lag),
    /// beside the note of an open transaction.
    @Test func the_rule_says_where_a_replica_stands() {
        var renderer = PaneDockRenderer(width: 80, height: 4, now: Self.now, usesColor: false)
        renderer.sourceStatus = "replica txid 32, lag 0s"
        renderer.showsCommittedState = true
        let lines = renderer.lines(for: [Self.failedPane()])
        let text = "── a transaction is open: panes show committed data · replica txid 32, lag 0s "
        #expect(lines.last == text + String(repeating: "─", count: 80 - text.count))
    }

    @Test func highlights_fade_after_a_few_seconds() {
        let later = Self.now.addingTimeInterval(PaneDockRenderer.defaultHighlightDuration + 1)
        let lines = PaneDockRenderer(width: 40, height: 5, now: later, usesColor: false)
            .lines(for: [Self.scoresPane()])
        #expect(lines[0].hasPrefix("1 scores · 2 rows · 2 refreshes"))
        #expect(!lines[0].contains("+1 ~1 -1"))
        #expect(lines[2] == "   1  Arthur     15")
        #expect(lines[3] == "   3  Craig        ")
    }

    @Test func colours_mark_titles_added_rows_and_changed_cells() {
        let lines = PaneDockRenderer(width: 30, height: 5, now: Self.now, usesColor: true)
            .lines(for: [Self.scoresPane()])
        #expect(lines[0].hasPrefix("\u{1B}[1;7m1 scores"))
        #expect(lines[2] == "\u{1B}[33m~ \u{1B}[0m\u{1B}[33m 1\u{1B}[0m  \u{1B}[33mArthur\u{1B}[0m  \u{1B}[1;33m   15\u{1B}[0m")
        #expect(lines[3].hasPrefix("\u{1B}[32m+ \u{1B}[0m\u{1B}[32m 3\u{1B}[0m"))
        #expect(lines[4] == "\u{1B}[2m" + String(repeating: "─", count: 30) + "\u{1B}[0m")
    }

    @Test func lines_are_cut_to_the_width() {
        let lines = PaneDockRenderer(width: 12, height: 5, now: Self.now, usesColor: false)
            .lines(for: [Self.scoresPane()])
        #expect(lines.allSatisfy { $0.count <= 12 })
        #expect(lines[1] == "  id  name …")
    }

    @Test func a_short_dock_shares_its_lines_and_says_what_it_hides() {
        var big = Pane(id: 3, name: "big", query: "SELECT x FROM big", rowLimit: 5, dedupe: false)
        big.result = Self.result(["x"], (1...5).map { [$0] }, hasMore: true)
        big.recordRefresh(at: Self.now, cause: .pinned, outcome: "5+ rows")
        let lines = PaneDockRenderer(width: 40, height: 8, now: Self.now, usesColor: false)
            .lines(for: [Self.failedPane(), big])
        #expect(lines.count == 8)
        #expect(lines[2].hasPrefix("3 big · 5+ rows · 1 refresh"))
        #expect(Array(lines[3...6]) == ["  x", "  1", "  2", "  … 3+ more rows"])
    }

    @Test func more_panes_than_lines_are_counted() {
        let panes = (1...6).map { id -> Pane in
            var pane = Pane(id: id, name: "p\(id)", query: "SELECT 1", rowLimit: 1, dedupe: false)
            pane.result = Self.result(["1"], [[1]])
            return pane
        }
        let lines = PaneDockRenderer(width: 50, height: 4, now: Self.now, usesColor: false).lines(for: panes)
        // Each pane shown gets its title, names and first row; the rule says what is hidden
        // and the height that shows it (formerly: two titles and "… 4 more panes").
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) } == [
            "1 p1 · 1 row · 0 refreshes", "1", "1",
            "── 5 more panes hidden: .layout 19 shows them ────",
        ])
    }

    @Test func a_long_value_uses_the_width_there_is_and_text_gives_way_to_numbers() {
        var pane = Pane(id: 1, name: "note", query: "SELECT id, body FROM note", rowLimit: 1, dedupe: false)
        let body = String(repeating: "abcdefghi ", count: 9) + "0123456789"
        pane.result = Self.result(["id", "body"], [[1234567, body]])
        // Formerly cut at 40 characters whatever the width.
        let wide = PaneDockRenderer(width: 140, height: 4, now: Self.now, usesColor: false).lines(for: [pane])
        #expect(wide[2] == "  1234567  " + body)
        let narrow = PaneDockRenderer(width: 30, height: 4, now: Self.now, usesColor: false).lines(for: [pane])
        #expect(narrow[2] == "  1234567  abcdefghi abcdefgh…")
    }

    @Test func ten_panes_go_side_by_side_on_a_wide_dock_each_with_its_names_and_row() {
        let panes = (1...10).map { id -> Pane in
            var pane = Pane(id: id, name: "p\(id)", query: "SELECT 1", rowLimit: 1, dedupe: false)
            pane.result = Self.result(["n"], [[id]])
            return pane
        }
        #expect(PaneDockRenderer.neededHeight(for: panes, width: 140) == 13)
        #expect(PaneDockRenderer.neededHeight(for: panes) == 31)
        let lines = PaneDockRenderer(width: 140, height: 13, now: Self.now, usesColor: false).lines(for: panes)
        let cell = { (text: String) in text.padding(46) }
        #expect(lines[0] == cell("1 p1 · 1 row · 0 refreshes") + "│" + cell("5 p5 · 1 row · 0 refreshes") + "│" + "9 p9 · 1 row · 0 refreshes".padding(46))
        #expect(lines[1] == cell("  n") + "│" + cell("  n") + "│" + "  n")
        #expect(lines[2] == cell("  1") + "│" + cell("  5") + "│" + "  9")
        #expect(lines[9] == cell("4 p4 · 1 row · 0 refreshes") + "│" + cell("8 p8 · 1 row · 0 refreshes") + "│")
        #expect(lines[12] == String(repeating: "─", count: 140))
    }

    @Test func one_row_hidden_is_said_in_the_singular() {
        var pane = Pane(id: 1, name: "t", query: "SELECT x", rowLimit: 5, dedupe: false)
        pane.result = Self.result(["x"], [[1], [2]])
        let lines = PaneDockRenderer(width: 40, height: 4, now: Self.now, usesColor: false).lines(for: [pane])
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) } == ["1 t · 2 rows (1 hidden) · 0 refreshes", "x", "1", String(repeating: "─", count: 40)])
        // No room for a title, the names and a row: the rule says what shows the pane.
        let tiny = PaneDockRenderer(width: 50, height: 3, now: Self.now, usesColor: false).lines(for: [pane])
        #expect(tiny == ["", "", "── 1 more pane hidden: .layout 4 shows them ──────"])
    }

    @Test func values_cannot_move_the_cursor() {
        var pane = Pane(id: 1, name: "t", query: "SELECT x", rowLimit: 1, dedupe: false)
        pane.result = Self.result(["x"], [["a\nb\u{1B}[2Jc\td"]])
        let lines = PaneDockRenderer(width: 20, height: 4, now: Self.now, usesColor: false).lines(for: [pane])
        #expect(lines[2] == "  a↵b?[2Jc d")
    }

    /// A right-to-left override made a terminal that lays out bidirectional text show the
    /// rest of the line reversed: the next values of the row, in the pane's name too.
    @Test func values_and_names_cannot_reverse_the_line() {
        var pane = Pane(id: 1, name: "t\u{202E}u", query: "SELECT x, y", rowLimit: 1, dedupe: false)
        pane.result = Self.result(["x\u{2067}", "y"], [["a\u{202E}b", "c\u{2066}d"]])
        let lines = PaneDockRenderer(width: 40, height: 4, now: Self.now, usesColor: false).lines(for: [pane])
        #expect(!lines.joined().unicodeScalars.contains(where: VisibleControlCharacters.isBidirectionalControl), "\(lines)")
        #expect(lines[0].hasPrefix("1 t?u"), "\(lines)")
        #expect(lines[2].contains("a?b") && lines[2].contains("c?d"), "\(lines)")
    }

    /// The invisible marks (U+200F, U+200E, U+061C) reorder a row on such a terminal too:
    /// `a` RLM `1 2` showed as `a2 1`.
    @Test func invisible_bidirectional_marks_cannot_reorder_the_line() {
        var pane = Pane(id: 1, name: "t\u{200F}u", query: "SELECT x, y", rowLimit: 1, dedupe: false)
        pane.result = Self.result(["x\u{061C}", "y"], [["a\u{200F}1", "2\u{200E}d"]])
        let lines = PaneDockRenderer(width: 40, height: 4, now: Self.now, usesColor: false).lines(for: [pane])
        #expect(!lines.joined().unicodeScalars.contains { [0x200E, 0x200F, 0x061C].contains($0.value) }, "\(lines)")
        #expect(lines[0].hasPrefix("1 t?u"), "\(lines)")
        #expect(lines[2].contains("a?1") && lines[2].contains("2?d"), "\(lines)")
    }

    @Test func sequences_set_the_scroll_region_and_repaint_without_moving_the_cursor() {
        #expect(PaneDockRenderer.setScrollRegion(dockHeight: 6, screenRows: 40) == "\u{1B}[7;40r\u{1B}[40;1H")
        #expect(PaneDockRenderer.repaint(["a", "b"]) == "\u{1B}7\u{1B}[1;1H\u{1B}[2Ka\u{1B}[2;1H\u{1B}[2Kb\u{1B}8")
        #expect(PaneDockRenderer.resetScrollRegion == "\u{1B}[r")
    }

    @Test func the_board_says_when_a_highlight_needs_clearing() throws {
        let test = try TestSession.withPlayers()
        test.board.dockIsAvailable = true
        test.run(".pin SELECT id, score FROM player")
        #expect(test.board.nextRepaint == nil)
        test.run("UPDATE player SET score = 0 WHERE id = 1;")
        #expect(test.board.nextRepaint == PaneFixtures.time.addingTimeInterval(PaneDockRenderer.defaultHighlightDuration))
        test.board.clock = { PaneFixtures.time.addingTimeInterval(10) }
        #expect(test.board.nextRepaint == nil)
        let lines = test.board.dockLines(width: 30, height: 5, usesColor: false)
        #expect(lines[1...3] == ["  id  score", "   1      0", "   2     20"])
    }

    @Test func the_board_sizes_the_dock_from_its_layout() throws {
        let test = try TestSession.withPlayers()
        test.run(".pin SELECT name FROM player")
        #expect(test.board.dockHeight(screenRows: 40) == 5)
        #expect(test.board.dockHeight(screenRows: 6) == 3)
        test.run(".layout 12")
        #expect(test.board.dockHeight(screenRows: 40) == 12)
        test.run(".layout inline")
        #expect(test.board.dockHeight(screenRows: 40) == 0)
        #expect(test.run(".layout") == "layout: inline\n")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
