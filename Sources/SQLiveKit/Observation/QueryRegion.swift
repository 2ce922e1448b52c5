import GRDB

/// The region a pane on a query watches (`.region`), and the changes it will not see by itself.
///
///     let report = try QueryRegion.inspect("SELECT id, name FROM player", board: board)
///     report.region.description   // "player(id,name)"
///     report.warnings             // e.g. changes by other processes while .external is off
struct QueryRegion {
    var region: DatabaseRegion
    var warnings: [String]

    static func inspect(_ text: String, board: PaneBoard) throws(Diagnostic) -> QueryRegion {
        let query = try board.compile(text, startingEngine: false)
        let region = query.analysis.region
        let connection = board.connection
        var warnings = try connection.access { db in
            try tableWarnings(for: query.analysis, declared: query.declaredRegion, db: db)
        }
        if region.isEmpty && !readsSchema(query.declaredRegion) {
            warnings.append("the query reads no table: it never refreshes by itself (.refresh runs it again)")
        }
        if !connection.options.isInMemory && board.externalInterval == nil {
            warnings.append("changes by other processes (rows or schema) are not seen while .external is off: "
                            + ".external on watches for them, or .notify after them")
        }
        return QueryRegion(region: region, warnings: warnings)
    }

    /// The region GRDB's observation tracks for a declared region, computed as GRDB's
    /// `ValueObservation` does (its internal `DatabaseRegion.observableRegion`): SQLite's own
    /// tables left out (`Database.isSQLiteInternalTable`), each other table under its name in
    /// the schema, views and names no table has dropped. Rowids are kept where they are among
    /// `rowIDCandidates` (the keys the query names); elsewhere a table is tracked whole.
    static func trackedRegion(of declared: DatabaseRegion, rowIDCandidates: Set<Int64>, db: Database) throws -> DatabaseRegion {
        guard !declared.isFullDatabase, !declared.isEmpty else { return declared }
        let map = try RegionMap(declared, rowIDCandidates: rowIDCandidates, db: db)
        let tables = try Dictionary(String.fetchAll(db, sql: """
            SELECT name FROM pragma_table_list WHERE type IN ('table', 'virtual', 'shadow')
            ORDER BY schema = 'main' DESC, schema = 'temp' DESC, schema
            """).map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var widened = false
        let kept = try map.areas.compactMap { area -> RegionMap.TableArea? in
            guard !Database.isSQLiteInternalTable(area.table), let name = tables[area.table.lowercased()] else { return nil }
            // GRDB narrows on the values of an INTEGER PRIMARY KEY DESC, and of a column named
            // `rowid`, which are no rowids: such a table is tracked whole.
            if try db.hasFalseRowIDAlias(name) {
                widened = true
                return RegionMap.TableArea(table: name, columns: area.columns, rowIDs: nil)
            }
            return RegionMap.TableArea(table: name, columns: area.columns, rowIDs: area.rowIDs)
        }
        // Nothing to leave out, rename nor widen: GRDB tracks the declared region as it is.
        if kept == map.areas && !widened { return declared }
        return try RegionMap(isFullDatabase: false, areas: kept).region(db)
    }

    /// True when the query reads the schema table: a pane on it runs again after every
    /// schema change, though GRDB's region leaves SQLite's own tables out.
    private static func readsSchema(_ declared: DatabaseRegion) -> Bool {
        ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"].contains {
            declared.isModified(byEventsOfKind: .insert(tableName: $0))
        }
    }

    /// What escapes a region: WITHOUT ROWID tables and virtual tables (changes SQLite does not
    /// report), TEMP tables and in-memory attachments (private to the user's connection: the
    /// panes' own connection cannot read them), and the schema table.
    private static func tableWarnings(for analysis: RegionTables, declared: DatabaseRegion,
                                      db: Database) throws -> [String] {
        var warnings: [String] = []
        if readsSchema(declared) {
            warnings.append("the query reads the schema: the pane runs again after every schema change "
                            + "(other processes' too while .external is on), not after row changes")
        }
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.schema, t.name, t.type, t.wr, d.file FROM pragma_table_list t
            JOIN pragma_database_list d ON d.name = t.schema ORDER BY t.schema = 'main' DESC, t.name
            """)
        for row in rows {
            let table: String = row["name"]
            guard analysis.tables.contains(table.lowercased()) else { continue }
            let schema: String = row["schema"]
            let file: String = row["file"] ?? ""
            let type: String = row["type"]
            if PrivateDatabase.isPrivate(schema, file: file, db: db) {
                warnings.append("\(schema).\(table) is private to your connection: panes read on a connection of "
                                + "their own and cannot see it (pin a query on a table of a database file)")
            } else if type == "virtual" {
                warnings.append("\(table) is a virtual table: changes its module makes on its own are not seen "
                                + "(.notify \(table) after them)")
            } else if (row["wr"] as Bool?) == true {
                warnings.append("\(table) is a WITHOUT ROWID table: SQLite does not report changes to it, "
                                + "so panes do not refresh by themselves (.notify \(table) after changing it)")
            }
        }
        return warnings
    }
}
