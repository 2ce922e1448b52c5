import GRDB

extension RegionMap {
    init(isFullDatabase: Bool, areas: [TableArea]) {
        self.isFullDatabase = isFullDatabase
        self.areas = areas
    }

    /// The region the map reads, made again through GRDB's public API only: the regions GRDB
    /// gives a table (`Table`), a prepared statement (the columns it reads) and a request
    /// filtered on rowids, united. It needs the tables and columns in the schema of `db`.
    ///
    ///     try RegionMap(region, db: db).region(db) == region   // true
    func region(_ db: Database) throws -> DatabaseRegion {
        if isFullDatabase { return .fullDatabase }
        var region = DatabaseRegion()
        for area in areas {
            region.formUnion(try area.region(db))
        }
        return region
    }
}

extension RegionMap.TableArea {
    /// This area alone as a `DatabaseRegion`. Rowids come from a request of GRDB's query
    /// interface filtered on them (the one kind of region GRDB narrows to rowids), which reads
    /// the rowid too: a region narrowed to rowids holds that column, as every region a query
    /// makes does. GRDB's requests do not double the quotes in a name, so they are never made
    /// on a table whose name holds one; nor can a region be narrowed to rowids there.
    func region(_ db: Database) throws -> DatabaseRegion {
        let table = Table(self.table)
        guard let rowIDs else {
            guard let columns else { return try table.databaseRegion(db) }
            let names = columns.map(SQLIdentifier.quoted).joined(separator: ", ")
            return try db.makeStatement(sql: "SELECT \(names) FROM \(SQLIdentifier.quoted(self.table))").databaseRegion
        }
        let selection: [any SQLSelectable] = if let columns { columns.map { Column($0) } } else { [SQL("COUNT(*)")] }
        return try table.select(selection).filter(rowIDs.contains(Column.rowID)).databaseRegion(db)
    }
}
