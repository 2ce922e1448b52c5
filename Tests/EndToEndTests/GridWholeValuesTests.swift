import Foundation
import Testing
import SQLiveTestSupport

/// `box`, `table` and `markdown` into a pipe or a file draw what sqlite3 draws, byte for
/// byte, however far down the widest value is: sqlive sizes the columns from every row (rows
/// after the first hundred wait in a temporary file), so a report never loses data (a value
/// longer than 60 characters wraps, as in sqlite3), and memory stays bounded where sqlite3
/// holds the whole result.
@Suite struct GridWholeValuesTests {
    /// 250 rows; row 200 holds the widest value, row 150 two lines, every third a NULL.
    static let query = """
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 250)
        SELECT x AS id,
               CASE x WHEN 200 THEN 'a value much wider than any of the first hundred rows'
                      WHEN 150 THEN 'two' || char(10) || 'lines'
                      ELSE 'v' || x END AS value,
               CASE WHEN x % 3 = 0 THEN NULL ELSE x * 1.5 END AS half,
               CASE x WHEN 240 THEN 12345678901234567 ELSE x END AS n
        FROM c;
        """

    @Test(arguments: ["box", "table", "markdown", "column"])
    func a_wide_value_after_row_100_is_drawn_whole_as_sqlite3_draws_it(_ mode: String) throws {
        let script = ".headers on\n.mode \(mode)\n\(Self.query)"
        let expected = try BinaryRunner.sqlite3([":memory:"], input: script)
        let actual = try BinaryRunner.sqlive([":memory:"], input: script)
        #expect(expected.stdout.contains("a value much wider than any of the first hundred rows"))
        #expect(actual.stdout == expected.stdout)
        #expect(actual.status == 0)
    }

    /// Rows after the hundredth are spilled, and most are drawn from the spill without being
    /// cut into lines (one line of printable ASCII): values of every other kind must be drawn
    /// as sqlite3 draws them there too, with and without `.width`, `.nullvalue` and headers.
    @Test(arguments: ["box", "table", "markdown", "column"])
    func rows_after_row_100_holding_values_of_every_kind_are_drawn_as_sqlite3_draws_them(_ mode: String) throws {
        let query = """
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 160)
            SELECT x AS id,
                   CASE x % 10 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN 'tab' || char(9) || 'here'
                               WHEN 3 THEN 'two' || char(10) || 'lines' WHEN 4 THEN '日本語 ' || x
                               WHEN 5 THEN 'bell' || char(7) WHEN 6 THEN 'crlf' || char(13, 10) || 'end'
                               WHEN 7 THEN 'del' || char(127) || 'x' WHEN 8 THEN printf('%.*c', 70 + x % 5, 'w')
                               ELSE 'plain ' || x END AS value,
                   x * 1.5 AS half, CASE WHEN x % 3 = 0 THEN NULL ELSE 'café ' || x END AS note
            FROM c WHERE x > 100 OR x % 10 = 9;
            """
        for settings in ["", ".width -6 0 4\n.nullvalue ∅\n.headers on\n"] {
            let script = ".mode \(mode)\n\(settings)\(query)"
            let expected = try BinaryRunner.sqlite3([":memory:"], input: script)
            let actual = try BinaryRunner.sqlive([":memory:"], input: script)
            #expect(expected.stdout.contains("plain 159"))
            #expect(actual.stdout == expected.stdout, "\(mode) \(settings)")
        }
    }

    @Test func without_multi_line_values_the_grid_is_sqlite3s_too() throws {
        let query = Self.query.replacingOccurrences(of: "'two' || char(10) || 'lines'", with: "'two lines'")
        for mode in ["box", "table", "markdown"] {
            let script = ".mode \(mode)\n\(query)"
            let expected = try BinaryRunner.sqlite3([":memory:"], input: script)
            let actual = try BinaryRunner.sqlive([":memory:"], input: script)
            #expect(actual.stdout == expected.stdout, "\(mode)")
        }
    }

    /// After `.mode`, sqlite3 wraps values at 60 characters and cuts column names there: so
    /// does sqlive, also for a long value after row 100; `-box` on the command line does not.
    @Test func values_longer_than_60_characters_wrap_as_in_sqlite3() throws {
        let query = """
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 150)
            SELECT x AS \(String(repeating: "n", count: 70)), CASE x WHEN 120 THEN printf('%.130c', 'q') ELSE 'v' END AS v
            FROM c;
            """
        for mode in ["box", "table", "markdown", "column"] {
            let script = ".mode \(mode)\n\(query)"
            let expected = try BinaryRunner.sqlite3([":memory:"], input: script)
            let actual = try BinaryRunner.sqlive([":memory:"], input: script)
            #expect(expected.stdout.contains("│ " + String(repeating: "q", count: 60) + " │") || mode != "box")
            #expect(actual.stdout == expected.stdout, "\(mode)")
            // The command line's -box does not wrap, in sqlite3 as in sqlive.
            let unwrapped = try BinaryRunner.sqlite3(["-\(mode)", ":memory:"], input: query)
            #expect(unwrapped.stdout.contains(String(repeating: "q", count: 130)))
            #expect(try BinaryRunner.sqlive(["-\(mode)", ":memory:"], input: query).stdout == unwrapped.stdout, "-\(mode)")
        }
    }

    /// sqlite3 pads and wraps by characters, not terminal columns: into a pipe sqlive does the
    /// same, so wide, combining and accented characters give sqlite3's bytes in every grid
    /// mode, also after row 100, with `.width` and with a wrapped value of wide characters.
    @Test func wide_and_combining_characters_are_counted_as_sqlite3_counts_them() throws {
        let query = """
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 150)
            SELECT x, CASE x WHEN 3 THEN '日本語' WHEN 120 THEN '日本語の文字列です' WHEN 130 THEN 'e\u{301} combining marks'
                             WHEN 140 THEN printf('%.70c', '日') ELSE 'ä' END AS v
            FROM c;
            """
        for setup in [".mode column", ".headers on\n.mode column", ".width 0 10\n.mode column", ".mode box", ".mode table",
                      ".mode markdown", ".width 4 7\n.mode box"] {
            let script = "\(setup)\n\(query)"
            let expected = try BinaryRunner.sqlite3([":memory:"], input: script)
            let actual = try BinaryRunner.sqlive([":memory:"], input: script)
            #expect(expected.stdout.contains("日本語の"))
            #expect(actual.stdout == expected.stdout, "\(setup)")
        }
    }

    @Test func once_and_export_write_the_same_whole_grid_into_files() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-grid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let once = directory.appendingPathComponent("once.md").path
        let export = directory.appendingPathComponent("export.md").path
        let query = Self.query.replacingOccurrences(of: "\n", with: " ")
        let expected = try BinaryRunner.sqlite3([":memory:"], input: ".mode markdown\n\(query)")
        let result = try BinaryRunner.sqlive([":memory:"], input: """
            .mode markdown
            .once \(once)
            \(query)
            .export \(export) \(query)
            """)
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: once, encoding: .utf8) == expected.stdout)
        #expect(try String(contentsOfFile: export, encoding: .utf8) == expected.stdout)
    }

    /// 300,000 rows of 200 bytes each: sqlite3 holds about 60 MB of values to draw them,
    /// sqlive a hundred rows and its spill buffer.
    @Test(.timeLimit(.minutes(2)))
    func memory_stays_bounded_for_a_large_grid_into_a_pipe() throws {
        let query = """
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000)
            SELECT x, printf('%0200d', x) AS wide FROM c;
            """
        let result = try BinaryRunner.run("/usr/bin/time", ["-f", "maxrss_kib=%M", BinaryRunner.sqlivePath,
                                                            "--mode", "box", ":memory:", query], input: Data())
        let maxRSS = result.stderr.split(separator: "\n").compactMap { line in
            line.hasPrefix("maxrss_kib=") ? Int(line.dropFirst("maxrss_kib=".count)) : nil
        }.last ?? -1
        #expect(result.status == 0)
        // `--mode box`, as sqlite3's `-box`, does not wrap: one line a row.
        #expect(result.stdout.split(separator: "\n").count == 300_000 + 4)
        #expect(maxRSS > 0 && maxRSS < 48 * 1024, "max RSS \(maxRSS) KiB")
    }
}
