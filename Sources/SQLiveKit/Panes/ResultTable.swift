import Foundation

/// A small result built by a command (`.panes`, `.why`), rendered in the current mode like a
/// query's result, so `.mode csv` then `.panes` is machine-readable.
///
///     var table = ResultTable(columns: ["id", "name"])
///     table.append([.integer(1), .text("scores")])
///     table.render(in: scope)   // list mode: 1|scores
struct ResultTable {
    enum Value {
        case integer(Int)
        case text(String)
        /// Shown with up to one decimal, as SQLite prints a REAL (`1.5`, `12.0`).
        case real(Double)
        case null
    }

    let columns: [String]
    private(set) var rows: [StoredRow] = []

    init(columns: [String]) {
        self.columns = columns
    }

    mutating func append(_ values: [Value]) {
        rows.append(StoredRow(cells: values.map(Self.cell)))
    }

    func render(in scope: PaneScope) {
        scope.renderRows(rows, columns: columns)
    }

    private static func cell(_ value: Value) -> StoredRow.Cell {
        switch value {
        case .integer(let number):
            StoredRow.Cell(kind: .integer, bytes: Array(String(number).utf8), number: Double(number), integer: Int64(number))
        case .text(let text):
            StoredRow.Cell(kind: .text, bytes: Array(text.utf8), number: 0)
        case .real(let number):
            StoredRow.Cell(kind: .real, bytes: Array(String(format: "%.1f", number).utf8), number: number)
        case .null:
            StoredRow.Cell(kind: .null, bytes: [], number: 0)
        }
    }
}
