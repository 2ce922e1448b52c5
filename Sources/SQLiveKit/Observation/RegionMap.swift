import GRDB

/// A `DatabaseRegion` read back into its parts: the tables, columns and rowids it covers.
///
/// What GRDB 7.10's public API cannot give: a region keeps its parts in the private
/// `tableRegions` dictionary of a private `TableRegion` type, with no accessor. The public
/// API answers questions about names one already has — `isModified(byEventsOfKind:)` says
/// whether a table, or a column of it, is in the region — but nothing lists the tables,
/// columns or rowids, and rowids cannot even be asked about: `isModified(by:)` takes a
/// `DatabaseEvent`, which has no public initializer, and `intersection(_:)` and
/// `tableIntersection(_:rowIds:)` are internal. sqlive needs the parts to name a pane after
/// its tables and to say which rowids a write must touch to refresh a pane (`.impact`).
///
/// So the map reads GRDB's description (`player(id,name)[1,2],team(*)`), but reads it with
/// the schema's names as its vocabulary — a table or column name may hold the commas,
/// parentheses and brackets the description uses as separators — and keeps only a reading
/// that the public API confirms, name by name. When no reading is confirmed (the schema
/// changed since the region was made), the map holds what the public API alone can tell:
/// the tables and columns of the schema the region covers, every row of them.
///
///     let map = try RegionMap(Table("player").select(Column("name")).filter(keys: [1, 2]).databaseRegion(db), db: db)
///     map.areas[0].table     // "player"
///     map.areas[0].columns   // ["id", "name"]
///     map.areas[0].rowIDs    // [1, 2]
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
    /// In the order of GRDB's description: by table name.
    public var areas: [TableArea]

    /// Reads a region with the schema of `db` as vocabulary.
    public init(_ region: DatabaseRegion, db: Database) throws {
        self.init(region, vocabulary: try RegionVocabulary(covering: region, db: db))
    }

    /// Reads a region with the names of `vocabulary`: the tables the region covers and their columns.
    init(_ region: DatabaseRegion, vocabulary: RegionVocabulary) {
        isFullDatabase = region.isFullDatabase
        guard !region.isFullDatabase, !region.isEmpty else {
            areas = []
            return
        }
        let reader = RegionDescriptionReader(vocabulary: vocabulary) { Self.confirms(region, $0, vocabulary) }
        areas = reader.read(region.description) ?? Self.probed(region, vocabulary)
    }

    /// The area of a table, found without regard to case as SQLite does.
    public func area(of table: String) -> TableArea? {
        let key = table.lowercased()
        return areas.first { $0.table.lowercased() == key }
    }

    /// Whether the public API agrees with a reading of the whole description: each table and
    /// column read is in the region, "every column" only where a name no table has is too,
    /// and no table of the vocabulary the region covers is missing.
    private static func confirms(_ region: DatabaseRegion, _ areas: [TableArea], _ vocabulary: RegionVocabulary) -> Bool {
        let read = Set(areas.map { $0.table.lowercased() })
        let covered = vocabulary.tables.filter { region.isModified(byEventsOfKind: .insert(tableName: $0.name)) }
        guard Set(covered.map { $0.name.lowercased() }) == read else { return false }
        return areas.allSatisfy { area in
            guard region.isModified(byEventsOfKind: .insert(tableName: area.table)) else { return false }
            let everyColumn = region.isModified(byEventsOfKind: .update(tableName: area.table,
                                                                        columnNames: [RegionVocabulary.noColumn]))
            guard let columns = area.columns else { return everyColumn }
            return !everyColumn && columns.allSatisfy {
                region.isModified(byEventsOfKind: .update(tableName: area.table, columnNames: [$0]))
            }
        }
    }

    /// The tables and columns of the vocabulary the region covers, found through the public
    /// API alone; every row of them, since rowids cannot be asked about.
    private static func probed(_ region: DatabaseRegion, _ vocabulary: RegionVocabulary) -> [TableArea] {
        vocabulary.tables.compactMap { table in
            guard region.isModified(byEventsOfKind: .insert(tableName: table.name)) else { return nil }
            let reads = { (column: String) in
                region.isModified(byEventsOfKind: .update(tableName: table.name, columnNames: [column]))
            }
            let columns = reads(RegionVocabulary.noColumn) ? nil : table.columns.filter(reads).sorted()
            return TableArea(table: table.name, columns: columns, rowIDs: nil)
        }
    }
}
