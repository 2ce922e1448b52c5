import GRDB

/// A `DatabaseRegion` read back into its parts: the tables, columns and rowids it covers.
///
/// GRDB 7.10's public API cannot list them: a region keeps its parts in the private
/// `tableRegions` dictionary of a private `TableRegion` type, with no accessor. It answers
/// questions about names one already has — `isModified(byEventsOfKind:)` says whether a
/// table, or a column of it, is in the region; `isModified(by:)` whether a row is, given a
/// `DatabaseEvent`. sqlive needs the parts to name a pane after its tables and to say which
/// rowids a write must touch to refresh a pane (`.impact`).
///
/// So the map asks those questions, and nothing else (it never reads the region's
/// description): each table of the schema and each of its columns (``RegionVocabulary``),
/// then the rowids a query names (``RowIDCandidates``) through real events (``RowIDProbe``).
/// A region narrowed to rowids that are not all candidates cannot be read: the map checks
/// its reading by making the region again (`==`), and where it differs says "every row".
///
///     let map = try RegionMap(Table("player").select(Column("name")).filter(keys: [1, 2]).databaseRegion(db),
///                             rowIDCandidates: [1, 2], db: db)
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
    /// By table name.
    public var areas: [TableArea]

    /// Reads a region with the schema of `db` as vocabulary, asking about the rowids among
    /// `rowIDCandidates` (none: every table's rows read as "every row").
    public init(_ region: DatabaseRegion, rowIDCandidates: Set<Int64> = [], db: Database) throws {
        isFullDatabase = region.isFullDatabase
        guard !region.isFullDatabase, !region.isEmpty else {
            areas = []
            return
        }
        let vocabulary = try RegionVocabulary(covering: region, db: db)
        areas = Self.tablesAndColumns(of: region, vocabulary)
        // The region made again from tables and columns alone is the same when no table of
        // it is narrowed to rowids: then there is nothing to ask.
        let everyRow = areas
        guard !rowIDCandidates.isEmpty, (try? RegionMap(isFullDatabase: false, areas: everyRow).region(db)) != region else { return }
        // The probe's private in-memory database may not open: Litestream's VFS extension,
        // loaded for a replica, refuses every connection not on its VFS. Every row then,
        // which is never narrower than the region (and a replica's panes run at each
        // replicated transaction whatever rows they read).
        guard let probe = try? RowIDProbe(asking: rowIDCandidates) else { return }
        for index in areas.indices {
            areas[index].rowIDs = try probe.rowIDs(of: areas[index].table, in: region)
        }
        guard areas != everyRow else { return }
        // Rowids the query does not name would be missing: the reading must make the region again.
        let rebuilt = try? RegionMap(isFullDatabase: false, areas: areas).region(db)
        if rebuilt != region { areas = everyRow }
    }

    /// The area of a table, found without regard to case as SQLite does.
    public func area(of table: String) -> TableArea? {
        let key = table.lowercased()
        return areas.first { $0.table.lowercased() == key }
    }

    /// The tables and columns of the vocabulary the region covers, by table name; every row
    /// of them until rowids are asked about.
    private static func tablesAndColumns(of region: DatabaseRegion, _ vocabulary: RegionVocabulary) -> [TableArea] {
        let areas = vocabulary.tables.compactMap { table -> TableArea? in
            guard region.isModified(byEventsOfKind: .insert(tableName: table.name)) else { return nil }
            let reads = { (column: String) in
                region.isModified(byEventsOfKind: .update(tableName: table.name, columnNames: [column]))
            }
            let columns = reads(RegionVocabulary.noColumn) ? nil : table.columns.filter(reads).sorted()
            return TableArea(table: table.name, columns: columns, rowIDs: nil)
        }
        return areas.sorted { ($0.table.lowercased(), $0.table) < ($1.table.lowercased(), $1.table) }
    }
}
