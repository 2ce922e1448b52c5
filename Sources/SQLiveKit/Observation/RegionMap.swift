import GRDB

/// A `DatabaseRegion` read back into its parts: the tables, columns and rowids it covers.
///
/// GRDB keeps a region's parts private and shows them only in its description
/// (`player(id,name)[1,2],team(*)`). sqlive needs the parts to say which columns of an update
/// a pane cares about, which tables to look up for warnings, and whether a write touches a
/// region only for some rowids, so it reads that description back.
///
///     let map = RegionMap(description: "player(id,name)[1,2],team(*)")
///     map.areas[0].columns   // ["id", "name"]
///     map.areas[0].rowIDs    // [1, 2]
///     map.areas[1].columns   // nil: every column
public struct RegionMap: Sendable, Equatable {
    /// The part of one table a region covers.
    public struct TableArea: Sendable, Equatable {
        public var table: String
        /// nil means every column.
        public var columns: [String]?
        /// nil means every row.
        public var rowIDs: [Int64]?
    }

    /// True for `DatabaseRegion.fullDatabase`: every table, column and row.
    public var isFullDatabase: Bool
    public var areas: [TableArea]

    public init(_ region: DatabaseRegion) {
        self.init(description: region.description)
    }

    public init(description: String) {
        isFullDatabase = description == "full database"
        areas = isFullDatabase || description == "empty" ? [] : Self.parse(description)
    }

    /// The area of a table, found without regard to case as SQLite does.
    public func area(of table: String) -> TableArea? {
        let key = table.lowercased()
        return areas.first { $0.table.lowercased() == key }
    }

    /// The table names, lowercased, for indexing regions by table.
    public var tableKeys: Set<String> {
        Set(areas.map { $0.table.lowercased() })
    }

    /// Reads `table(columns)[rowids]` items separated by commas. Commas inside parentheses and
    /// brackets belong to the item.
    private static func parse(_ text: String) -> [TableArea] {
        var areas: [TableArea] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "("),
                  let close = rest[open...].firstIndex(of: ")") else { break }
            let table = String(rest[..<open])
            let columnText = rest[rest.index(after: open)..<close]
            let columns = columnText == "*" ? nil : columnText.split(separator: ",").map(String.init)
            rest = rest[rest.index(after: close)...]
            var rowIDs: [Int64]?
            if rest.first == "[", let end = rest.firstIndex(of: "]") {
                rowIDs = rest[rest.index(after: rest.startIndex)..<end].split(separator: ",").compactMap { Int64($0) }
                rest = rest[rest.index(after: end)...]
            }
            areas.append(TableArea(table: table, columns: columns, rowIDs: rowIDs))
            if rest.first == "," { rest = rest.dropFirst() }
        }
        return areas
    }
}
