/// The characters a grid mode draws with: `box` (Unicode lines), `table` (ASCII `+-|`) and
/// `markdown` (a pipe table), each as sqlite3 draws it.
///
///     box                 table          markdown
///     ┌───┬─────┐         +---+-----+    | a |  b  |
///     │ a │  b  │         | a |  b  |    |---|-----|
///     ├───┼─────┤         +---+-----+    | 1 | 2.5 |
///     │ 1 │ 2.5 │         | 1 | 2.5 |
///     └───┴─────┘         +---+-----+
struct GridStyle: Sendable {
    /// A horizontal line across the grid: `left`, then `fill` over each column (and its two
    /// spaces of padding) with `junction` between columns, then `right`.
    struct Rule: Sendable {
        var left: String
        var fill: String
        var junction: String
        var right: String

        /// The rule's bytes for columns of the given widths, newline included.
        func bytes(widths: [Int]) -> [UInt8] {
            var line = left
            for (index, width) in widths.enumerated() {
                if index > 0 { line += junction }
                line += String(repeating: fill, count: width + 2)
            }
            line += right + "\n"
            return Array(line.utf8)
        }
    }

    /// Above the column names.
    var top: Rule?
    /// Between the column names and the first row.
    var headerSeparator: Rule
    /// Between rows once a row spans several lines, so the rows stay apart.
    var rowDivider: Rule?
    /// Below the last row.
    var bottom: Rule?
    /// The line between cells and at both ends.
    var vertical: String

    static let box = GridStyle(
        top: Rule(left: "┌", fill: "─", junction: "┬", right: "┐"),
        headerSeparator: Rule(left: "├", fill: "─", junction: "┼", right: "┤"),
        rowDivider: Rule(left: "├", fill: "─", junction: "┼", right: "┤"),
        bottom: Rule(left: "└", fill: "─", junction: "┴", right: "┘"),
        vertical: "│")

    static let table = GridStyle(
        top: Rule(left: "+", fill: "-", junction: "+", right: "+"),
        headerSeparator: Rule(left: "+", fill: "-", junction: "+", right: "+"),
        rowDivider: Rule(left: "+", fill: "-", junction: "+", right: "+"),
        bottom: Rule(left: "+", fill: "-", junction: "+", right: "+"),
        vertical: "|")

    static let markdown = GridStyle(
        top: nil,
        headerSeparator: Rule(left: "|", fill: "-", junction: "|", right: "|"),
        rowDivider: nil,
        bottom: nil,
        vertical: "|")

    /// Columns of widths `widths` take this many terminal columns, borders included: a
    /// vertical line and a space on each side of every cell, lines shared between cells.
    static func totalWidth(of widths: [Int]) -> Int {
        widths.reduce(0, +) + 3 * widths.count + 1
    }
}
