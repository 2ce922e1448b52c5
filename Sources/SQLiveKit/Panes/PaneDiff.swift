/// What changed between two values of a pane, for highlighting rows like `watch -d`.
///
/// Rows are matched by their key columns (primary key or rowid) when the result has them and
/// they are unique; a row with the same key and other values is *changed*. Without a key, rows
/// are matched by their whole content, so an edited row shows as one removed and one added.
///
///     // before: (1, Arthur, 10) (2, Barbara, 20)   after: (1, Arthur, 15) (3, Craig, 5)
///     let diff = PaneDiff(from: before, to: after)
///     diff.changed    // [0: [2]]   row 0, column 2
///     diff.added      // [1]
///     diff.removed    // 1
public struct PaneDiff: Sendable, Equatable {
    /// Indexes of new rows that were not there before.
    public var added: Set<Int> = []
    /// Indexes of new rows whose key was there with other values, and which columns differ.
    public var changed: [Int: Set<Int>] = [:]
    /// How many old rows are gone (or scrolled out of the pane's row limit).
    public var removed = 0

    public init(added: Set<Int> = [], changed: [Int: Set<Int>] = [:], removed: Int = 0) {
        self.added = added
        self.changed = changed
        self.removed = removed
    }

    public init(from old: PaneResult, to new: PaneResult) {
        guard old.columns == new.columns else {
            added = Set(new.rows.indices)
            removed = old.rows.count
            return
        }
        if !new.keyColumns.isEmpty, new.keyColumns == old.keyColumns,
           let oldByKey = Self.uniqueKeys(old), Self.uniqueKeys(new) != nil {
            var remaining = oldByKey
            for (index, row) in new.rows.enumerated() {
                let key = Self.key(of: row, columns: new.keyColumns)
                guard let previous = remaining.removeValue(forKey: key) else {
                    added.insert(index)
                    continue
                }
                let columns = Set(row.cells.indices.filter { row.cells[$0] != previous.cells[$0] })
                if !columns.isEmpty { changed[index] = columns }
            }
            removed = remaining.count
        } else {
            let allColumns = Array(new.columns.indices)
            var remaining: [[CellKey]: Int] = [:]
            for row in old.rows { remaining[Self.key(of: row, columns: allColumns), default: 0] += 1 }
            for (index, row) in new.rows.enumerated() {
                let key = Self.key(of: row, columns: allColumns)
                if let count = remaining[key], count > 0 {
                    remaining[key] = count - 1
                } else {
                    added.insert(index)
                }
            }
            removed = remaining.values.reduce(0, +)
        }
    }

    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed == 0 }

    /// `+1 ~2 -1`: rows added, changed and removed; empty when nothing changed.
    public var summary: String {
        var parts: [String] = []
        if !added.isEmpty { parts.append("+\(added.count)") }
        if !changed.isEmpty { parts.append("~\(changed.count)") }
        if removed > 0 { parts.append("-\(removed)") }
        return parts.joined(separator: " ")
    }

    private static func key(of row: StoredRow, columns: [Int]) -> [CellKey] {
        columns.map { CellKey(row.cells[$0]) }
    }

    /// The rows by key, or nil when two rows share a key (a join repeating a parent row).
    private static func uniqueKeys(_ result: PaneResult) -> [[CellKey]: StoredRow]? {
        var rows: [[CellKey]: StoredRow] = [:]
        for row in result.rows {
            let key = key(of: row, columns: result.keyColumns)
            if rows.updateValue(row, forKey: key) != nil { return nil }
        }
        return rows
    }
}

/// A cell as a dictionary key: its storage class and SQLite's text of it, which tell values
/// apart exactly as they are shown.
private struct CellKey: Hashable {
    let kind: Int
    let bytes: [UInt8]

    init(_ cell: StoredRow.Cell) {
        switch cell.kind {
        case .null: kind = 0
        case .integer: kind = 1
        case .real: kind = 2
        case .text: kind = 3
        case .blob: kind = 4
        }
        bytes = cell.bytes
    }
}
