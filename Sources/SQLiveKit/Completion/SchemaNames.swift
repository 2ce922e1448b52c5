import GRDB

/// The table, view and column names of the main database, read with GRDB when completion
/// needs them. Errors read as "no names": completion never reports one.
///
///     let schema = SchemaNames(session: session)
///     schema.tables                 // ["albums", "artists"]
///     schema.columns(of: "ALBUMS")  // ["AlbumId", "Title", "ArtistId"]
struct SchemaNames {
    private let queue: DatabaseQueue
    /// Tables and views, in schema order; internal `sqlite_` tables left out.
    let tables: [String]

    init(session: Session) {
        queue = session.connection.queue
        tables = (try? queue.inDatabase { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_schema
                WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY name
                """)
        }) ?? []
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
