import GRDB

/// The table, view and column names of the main database, read with GRDB when completion
/// needs them. Errors read as "no names": completion never reports one.
///
///     let schema = SchemaNames(connection: session.connection)
///     schema.tables                 // ["albums", "artists"]
///     schema.columns(of: "ALBUMS")  // ["AlbumId", "Title", "ArtistId"]
struct SchemaNames {
    private let queue: DatabaseQueue
    /// Tables and views, in schema order; internal `sqlite_` tables left out.
    let tables: [String]

    init(connection: DatabaseConnection) {
        queue = connection.queue
        tables = (try? queue.inDatabase { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_schema
                WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY name
                """)
        }) ?? []
    }

    /// The SQL functions the connection knows (SQLite's, the shell's and loaded ones), with
    /// plain names only (not the `->` operators), lower case. GRDB's own helpers
    /// (`swiftLocalizedUppercaseString`…) are left out: they serve GRDB's query interface.
    var functions: [String] {
        let names = (try? queue.inDatabase { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT lower(name) FROM pragma_function_list WHERE name NOT LIKE 'swift%'")
        }) ?? []
        return names.filter { name in
            name.unicodeScalars.first.map { $0 == "_" || $0.properties.isAlphabetic } == true
                && name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }

    /// The columns of a table or view, found whatever the case of `table`; empty when there
    /// is no such table.
    func columns(of table: String) -> [String] {
        (try? queue.inDatabase { db -> [String] in
            guard try db.tableExists(table) || db.viewExists(table) else { return [] }
            return try db.columns(in: table).map(\.name)
        }) ?? []
    }
}
