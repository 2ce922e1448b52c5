import GRDB

/// A pane's region as the engine uses it: the tables it covers (found by asking the region
/// about each table of the schema, so any table name works, `"x(y"` included), widened where
/// SQLite's reports would miss a change, with the facts of each table.
///
///     let analysis = try RegionTables.analyze(region, db: db)
///     analysis.tables   // ["player", "team"]
///     analysis.region   // player(id,name) widened to player(*) if it reads a generated column
struct RegionTables: Sendable {
    var region: DatabaseRegion
    /// The tables of the region, lowercased.
    var tables: Set<String>
    var facts: [String: TableFacts]
    /// The tables (lowercased) whose rows the region may be narrowed to: a change elsewhere in
    /// them is asked about row by row. Elsewhere any row of a table is in the region.
    var narrowedTables: Set<String> = []

    static func analyze(_ region: DatabaseRegion, db: Database) throws -> RegionTables {
        guard !region.isFullDatabase, !region.isEmpty else {
            return RegionTables(region: region, tables: [], facts: [:])
        }
        let names = try String.fetchAll(db, sql: """
            SELECT DISTINCT name FROM pragma_table_list WHERE type IN ('table', 'virtual', 'shadow')
            """)
        var widened = region
        var tables: Set<String> = []
        var facts: [String: TableFacts] = [:]
        for name in names where region.isModified(byEventsOfKind: .insert(tableName: name)) {
            let key = name.lowercased()
            tables.insert(key)
            guard let tableFacts = try? TableFacts.read(name, db: db) else { continue }
            facts[key] = tableFacts
            // A generated column changes with the columns it is computed from, and SQLite
            // reports only those: a pane reading one watches every column of its table.
            let readsGenerated = tableFacts.generatedColumns.contains { column in
                region.isModified(byEventsOfKind: .update(tableName: name, columnNames: [column]))
            }
            if readsGenerated {
                widened.formUnion(try Table(name).all().databaseRegion(db))
            }
        }
        // Asked once here rather than for each changed row: an `INSERT … SELECT` of 200,000
        // rows asked the region 200,000 times.
        let narrowed = tables.filter { RowIDProbe.mayNarrow($0, in: widened) }
        return RegionTables(region: widened, tables: tables, facts: facts, narrowedTables: narrowed)
    }
}
