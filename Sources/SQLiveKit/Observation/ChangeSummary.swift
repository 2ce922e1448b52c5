import GRDB

/// What one transaction changed in the region of one pane: per table and kind of change, the
/// columns (for updates) and the rowids, in the order they first happened.
///
/// A summary stays small whatever the size of the transaction: it keeps the first
/// ``keptRowIDs`` rowids of each entry and counts the rest.
///
///     var summary = ChangeSummary()
///     summary.record(table: "player", kind: .update, rowID: 1, columns: ["score"])
///     summary.record(table: "player", kind: .insert, rowID: 4, columns: [])
///     summary.description   // "update player(score)[1], insert player[4]"
public struct ChangeSummary: Sendable, Equatable, CustomStringConvertible {
    /// The changes of one kind to one table.
    public struct Entry: Sendable, Equatable {
        public var table: String
        public var kind: DatabaseEvent.Kind
        /// The updated columns that matter to the pane (updates only), sorted.
        public var columns: [String]
        /// The first rowids changed.
        public var rowIDs: [Int64]
        /// How many rows changed, including those not kept in ``rowIDs`` (a row kept there
        /// counts once however often it changed; past them, each change counts).
        public var count: Int
    }

    public static let keptRowIDs = 8

    public private(set) var entries: [Entry] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    /// Adds one changed row; a nil rowid stands for a row whose id is not known (a virtual
    /// table's module wrote its own tables).
    public mutating func record(table: String, kind: DatabaseEvent.Kind, rowID: Int64?, columns: Set<String>) {
        if let index = entries.firstIndex(where: { $0.kind == kind && $0.table == table }) {
            guard let rowID else { return }
            // A row changed twice (two statements, a trigger) is named once.
            if !entries[index].rowIDs.contains(rowID) {
                entries[index].count += 1
                if entries[index].rowIDs.count < Self.keptRowIDs { entries[index].rowIDs.append(rowID) }
            }
            if !columns.isEmpty && !columns.isSubset(of: entries[index].columns) {
                entries[index].columns = Array(columns.union(entries[index].columns)).sorted()
            }
        } else {
            entries.append(Entry(table: table, kind: kind, columns: columns.sorted(),
                                 rowIDs: rowID.map { [$0] } ?? [], count: rowID == nil ? 0 : 1))
        }
    }

    /// Adds what another summary recorded (a later commit's changes, say).
    public mutating func merge(_ other: ChangeSummary) {
        for entry in other.entries {
            if let index = entries.firstIndex(where: { $0.kind == entry.kind && $0.table == entry.table }) {
                let known = Set(entries[index].rowIDs)
                let repeated = entry.rowIDs.filter(known.contains).count
                let room = max(0, Self.keptRowIDs - entries[index].rowIDs.count)
                entries[index].rowIDs += entry.rowIDs.filter { !known.contains($0) }.prefix(room)
                entries[index].count += entry.count - repeated
                entries[index].columns = Array(Set(entries[index].columns).union(entry.columns)).sorted()
            } else {
                entries.append(entry)
            }
        }
    }

    public var description: String {
        // Appended piece by piece into one string: every block a script prints names its
        // changes, and interpolating each piece cost more than printing the block's row.
        var text = ""
        for (position, entry) in entries.enumerated() {
            if position > 0 { text += ", " }
            text += entry.kind.verb
            text += " "
            text += entry.table
            if entry.kind == .update && !entry.columns.isEmpty {
                text += "("
                for (index, column) in entry.columns.enumerated() {
                    if index > 0 { text += "," }
                    text += column
                }
                text += ")"
            }
            guard !entry.rowIDs.isEmpty else { continue }
            text += "["
            for (index, rowID) in entry.rowIDs.enumerated() {
                if index > 0 { text += "," }
                text += String(rowID)
            }
            if entry.count > entry.rowIDs.count {
                text += " +"
                text += String(entry.count - entry.rowIDs.count)
                text += " more"
            }
            text += "]"
        }
        return text
    }
}

extension DatabaseEvent.Kind {
    /// The SQL verb of a change: `insert`, `update`, `delete`.
    var verb: String {
        switch self {
        case .insert: "insert"
        case .update: "update"
        case .delete: "delete"
        }
    }
}
