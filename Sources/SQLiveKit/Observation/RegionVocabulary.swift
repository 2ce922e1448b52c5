import GRDB

/// The names a region may hold, for asking it about them: the tables of the schema a
/// region covers (all schemas, SQLite's own tables too) with their columns.
///
///     let vocabulary = try RegionVocabulary(covering: region, db: db)
///     vocabulary.tables   // [player: id, name, score, ROWID]
struct RegionVocabulary: Sendable {
    struct Table: Sendable {
        var name: String
        var columns: [String]
    }

    var tables: [Table]

    /// A column name no table has: SQLite names are C strings, they never hold a NUL. A
    /// region covers it only for a table it covers whole.
    static let noColumn = "\u{0}"

    /// The authorizer's name for reading the rowid of a table with no INTEGER PRIMARY KEY.
    static let rowIDColumn = "ROWID"

    /// The schema tables as SQLite's authorizer names them when a query reads them.
    private static let schemaTables = ["sqlite_master", "sqlite_temp_master"]

    init(tables: [Table]) {
        self.tables = tables
    }

    /// The tables of every schema of `db` that `region` covers, by GRDB's own test
    /// (`isModified(byEventsOfKind:)`), with their columns.
    init(covering region: DatabaseRegion, db: Database) throws {
        var seen: Set<String> = []
        var tables: [Table] = []
        let listed = try Row.fetchAll(db, sql: "SELECT schema, name FROM pragma_table_list ORDER BY schema = 'main' DESC, schema")
            .map { (schema: $0["schema"] as String, name: $0["name"] as String) }
        let schemaTables = Self.schemaTables.map { (schema: $0 == "sqlite_master" ? "main" : "temp", name: $0) }
        for (schema, name) in listed + schemaTables
        where region.isModified(byEventsOfKind: .insert(tableName: name)) && seen.insert(name.lowercased()).inserted {
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_xinfo(?, ?)", arguments: [name, schema])
            tables.append(Table(name: name, columns: columns + [Self.rowIDColumn]))
        }
        self.tables = tables
    }
}
