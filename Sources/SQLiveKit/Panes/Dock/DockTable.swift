/// The rows of one pane laid out in aligned columns for the dock, with the rows and cells a
/// refresh changed marked in a two-column gutter: `+` added, `~` changed.
///
///     let table = DockTable(result: result, rowCount: 2, nullValue: "")
///     table.header(width: 40).render(usesColor: false)               // "  name     score"
///     table.row(0, width: 40, diff: diff).render(usesColor: false)   // "~ Arthur      30"
struct DockTable {
    /// A long value is cut here so one column cannot push the others off the screen.
    static let maximumColumnWidth = 40

    private let result: PaneResult
    private let nullValue: String
    private let widths: [Int]
    /// Columns of numbers only, aligned to the right.
    private let isNumeric: [Bool]

    init(result: PaneResult, rowCount: Int, nullValue: String) {
        self.result = result
        self.nullValue = nullValue
        let rows = result.rows.prefix(rowCount)
        widths = result.columns.indices.map { column in
            let values = rows.map { Self.text(of: $0.cells[column], nullValue: nullValue).count }
            return min(Self.maximumColumnWidth, max(result.columns[column].count, values.max() ?? 0))
        }
        isNumeric = result.columns.indices.map { column in
            rows.allSatisfy { [.integer, .real, .null].contains($0.cells[column].kind) }
        }
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
            let style: DockLine.Style
            if isAdded {
                style = .added
            } else if let changedColumns {
                style = changedColumns.contains(column) ? .changedCell : .changedRow
            } else {
                style = .plain
            }
            line.append(aligned(Self.text(of: row.cells[column], nullValue: nullValue), column: column), style: style)
        }
        return line
    }

    /// A value padded to its column's width (numbers on the right), or cut with `…`.
    private func aligned(_ text: String, column: Int) -> String {
        let width = widths[column]
        if text.count > width {
            return String(text.prefix(width - 1)) + "…"
        }
        let padding = String(repeating: " ", count: width - text.count)
        return isNumeric[column] ? padding + text : text + padding
    }

    private static func text(of cell: StoredRow.Cell, nullValue: String) -> String {
        if cell.kind == .null { return nullValue }
        let bytes = cell.bytes.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
