import GRDB

extension RegionTables {
    /// The tables of the region that only the user's connection can read — TEMP tables and
    /// tables of an attached in-memory database — as `schema.table`, when no database the
    /// panes share has a table of that name. A pane reads on a connection of its own, so a
    /// query on them can never show rows there.
    ///
    ///     // CREATE TEMP TABLE scratch(x);
    ///     try analysis.privateTables(db)   // ["temp.scratch"]
    func privateTables(_ db: Database) throws -> [String] {
        guard !tables.isEmpty else { return [] }
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.schema, t.name, d.file FROM pragma_table_list t
            JOIN pragma_database_list d ON d.name = t.schema ORDER BY t.schema, t.name
            """)
        var privateOnes: [String: String] = [:]
        var shared: Set<String> = []
        for row in rows {
            let table: String = row["name"]
            let key = table.lowercased()
            guard tables.contains(key) else { continue }
            let schema: String = row["schema"]
            let file: String = row["file"] ?? ""
            if schema == "temp" || (schema != "main" && file.isEmpty) {
                privateOnes[key] = privateOnes[key] ?? "\(schema).\(table)"
            } else {
                shared.insert(key)
            }
        }
        return privateOnes.filter { !shared.contains($0.key) }.values.sorted()
    }
}
