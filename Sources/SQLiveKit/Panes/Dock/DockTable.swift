/// The rows of one pane laid out in aligned columns for the dock, with the rows and cells a
/// refresh changed marked in a two-column gutter: `+` added, `~` changed. The columns share
/// the width there is: numbers keep theirs, text columns give way, widest first.
///
///     let table = DockTable(result: result, rowCount: 2, nullValue: "NULL", width: 40)
///     table.header(width: 40).render(usesColor: false)               // "  name     score"
///     table.row(0, width: 40, diff: diff).render(usesColor: false)   // "~ Arthur      30"
struct DockTable {
    /// A text column never gets narrower than this while a wider one can give way.
    static let minimumTextWidth = 4

    private let result: PaneResult
    private let nullValue: String
    private let widths: [Int]
    /// Columns of numbers only, aligned to the right.
    private let isNumeric: [Bool]

    init(result: PaneResult, rowCount: Int, nullValue: String, width: Int) {
        self.result = result
        self.nullValue = nullValue
        let rows = result.rows.prefix(rowCount)
        let natural = result.columns.indices.map { column in
            let values = rows.map { DisplayWidth.of(Self.text(of: $0.cells[column], nullValue: nullValue)) }
            return min(width, max(DisplayWidth.of(result.columns[column]), values.max() ?? 0))
        }
        let isNumeric = result.columns.indices.map { column in
            rows.allSatisfy { [.integer, .real, .null].contains($0.cells[column].kind) }
        }
        self.isNumeric = isNumeric
        widths = Self.fit(natural, isNumeric: isNumeric, width: width)
    }

    /// Narrows the widest text column, one character at a time, until the row fits in
    /// `width` (the gutter and two spaces between columns included) or no text column is
    /// wider than ``minimumTextWidth``; what still does not fit is cut at the dock's edge.
    static func fit(_ natural: [Int], isNumeric: [Bool], width: Int) -> [Int] {
        var widths = natural
        var total = 2 + widths.reduce(0, +) + 2 * max(0, widths.count - 1)
        while total > width {
            let candidates = widths.indices.filter { !isNumeric[$0] && widths[$0] > minimumTextWidth }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
            total -= 1
        }
        return widths
    }

    func header(width: Int) -> DockLine {
        var line = DockLine(width: width)
        line.append("  ")
        for (column, name) in result.columns.enumerated() {
            if column > 0 { line.append("  ") }
            line.append(aligned(name, column: column), style: .header)
        }
        return line
    }

    func row(_ index: Int, width: Int, diff: PaneDiff?) -> DockLine {
        let row = result.rows[index]
        let isAdded = diff?.added.contains(index) ?? false
        let changedColumns = diff?.changed[index]
        var line = DockLine(width: width)
        if isAdded {
            line.append("+ ", style: .added)
        } else if changedColumns != nil {
            line.append("~ ", style: .changedRow)
        } else {
            line.append("  ")
        }
        for column in row.cells.indices {
            if column > 0 { line.append("  ") }
            let cell = row.cells[column]
            let style: DockLine.Style
            if isAdded {
                style = .added
            } else if let changedColumns {
                style = changedColumns.contains(column) ? .changedCell : .changedRow
            } else {
                // NULL is dimmed, so it never reads as the text "NULL".
                style = cell.kind == .null ? .dim : .plain
            }
            line.append(aligned(Self.text(of: cell, nullValue: nullValue), column: column), style: style)
        }
        return line
    }

    /// A value padded to its column's width in terminal cells (numbers on the right), or cut
    /// with `…`.
    private func aligned(_ text: String, column: Int) -> String {
        let width = widths[column]
        let cells = DisplayWidth.of(text)
        if cells > width {
            var cut = ""
            var used = 0
            for character in text {
                let next = DisplayWidth.of(String(character))
                if used + next > width - 1 { break }
                cut.append(character)
                used += next
            }
            return cut + String(repeating: " ", count: max(0, width - 1 - used)) + "…"
        }
        let padding = String(repeating: " ", count: width - cells)
        return isNumeric[column] ? padding + text : text + padding
    }

    private static func text(of cell: StoredRow.Cell, nullValue: String) -> String {
        if cell.kind == .null { return nullValue }
        let bytes = cell.bytes.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
