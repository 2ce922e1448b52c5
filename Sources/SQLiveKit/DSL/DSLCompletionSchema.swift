import GRDB

/// What DSL completion knows of the database: tables with their columns, and which tables
/// each table is linked to by a foreign key (in either direction). A value, loaded once and
/// then used without the database.
///
///     let schema = try dbQueue.read(DSLCompletionSchema.load)
///     schema.columns(of: "PRODUCT")        // ["id", "categoryId", "name", "price", "stock"]
///     schema.associations(of: "product")   // ["category", "order_item"]
public struct DSLCompletionSchema: Sendable, Equatable {
    public struct Table: Sendable, Equatable {
        public var name: String
        public var columns: [String]
        /// The tables this one has a foreign key to, and those with a foreign key to it.
        public var associations: [String]

        public init(name: String, columns: [String], associations: [String]) {
            self.name = name
            self.columns = columns
            self.associations = associations
        }
    }

    public var tables: [Table]

    public init(tables: [Table]) {
        self.tables = tables
    }

    /// Reads the tables, views, columns and foreign keys of a database.
    public static func load(_ db: Database) throws -> DSLCompletionSchema {
        let schema = try DSLSchema(db)
        let names = schema.tableNames.filter { !$0.hasPrefix("sqlite_") }
        var linked: [String: Set<String>] = [:]
        for name in names {
            for foreignKey in try schema.foreignKeys(on: name) {
                guard let destination = schema.table(named: foreignKey.destinationTable) else { continue }
                linked[name, default: []].insert(destination)
                linked[destination, default: []].insert(name)
            }
        }
        return try DSLCompletionSchema(tables: names.sorted().map { name in
            Table(name: name, columns: try schema.columns(of: name), associations: (linked[name] ?? []).sorted())
        })
    }

    /// The table a name means, case-insensitively, as SQLite resolves names.
    public func table(named name: String) -> Table? {
        tables.first { $0.name.isSameName(as: name) }
    }

    public func columns(of table: String) -> [String] {
        self.table(named: table)?.columns ?? []
    }

    public func associations(of table: String) -> [String] {
        self.table(named: table)?.associations ?? []
    }
}
