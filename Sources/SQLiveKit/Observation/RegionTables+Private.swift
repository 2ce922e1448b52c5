import GRDB

extension RegionTables {
    /// The tables of the region that only the user's connection can read — TEMP tables and
    /// tables of an attached in-memory database — as `schema.table`, when no database the
    /// panes share has a table of that name, or whatever else has it when it is TEMP: a name
    /// SQLite finds in `temp` first, so the query reads the TEMP table while a pane would
    /// read the other. A pane reads on a connection of its own, so a query on them can never
    /// show rows there.
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
            if PrivateDatabase.isPrivate(schema, file: file, db: db) {
                privateOnes[key] = privateOnes[key] ?? "\(schema).\(table)"
            } else {
                shared.insert(key)
            }
        }
        return privateOnes.filter { !shared.contains($0.key) || $0.value.hasPrefix("temp.") }.values.sorted()
    }

    /// The TEMP views a query names (`temp.name`): the region holds the tables a view reads,
    /// never the view, which the panes' connection does not have ("no such table").
    static func privateViews(namedIn sql: String, _ db: Database) throws -> [String] {
        guard try TempSchema.isOpen(db) else { return [] }
        let views = try String.fetchAll(db, sql: "SELECT name FROM temp.sqlite_schema WHERE type = 'view'")
        let text = Array(sql.lowercased().utf8)
        return views.filter { view in Self.names(Array(view.lowercased().utf8), in: text) }.map { "temp.\($0)" }.sorted()
    }

    /// True when `name` appears in `text` as a whole word, quoted or not.
    private static func names(_ name: [UInt8], in text: [UInt8]) -> Bool {
        guard !name.isEmpty, name.count <= text.count else { return false }
        let isWordByte = { (byte: UInt8) in byte >= 0x80 || byte == 0x5F || byte == 0x24 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) }
        for start in 0...(text.count - name.count) where text[start..<(start + name.count)].elementsEqual(name) {
            let before = start == 0 ? nil : text[start - 1]
            let after = start + name.count == text.count ? nil : text[start + name.count]
            if !(before.map(isWordByte) ?? false) && !(after.map(isWordByte) ?? false) { return true }
        }
        return false
    }
}
