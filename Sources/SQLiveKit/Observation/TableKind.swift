import GRDB

/// What kind of table a name is, from `PRAGMA table_list`: it decides whether GRDB sees
/// changes to it.
///
///     try TableKind.of("tag", db: db)   // .withoutRowID for CREATE TABLE tag(…) WITHOUT ROWID
enum TableKind: Equatable {
    /// An ordinary table: every changed row is reported.
    case table
    /// SQLite reports no row changes for WITHOUT ROWID tables.
    case withoutRowID
    /// A virtual table: its module may change it without reporting.
    case virtual
    case view
    /// A table a virtual table keeps its data in (`doc_content` for `doc`).
    case shadow

    /// The kind of a table or view (main schema first), or nil when there is none.
    static func of(_ name: String, db: Database) throws -> TableKind? {
        let row = try Row.fetchOne(db, sql: """
            SELECT type, wr FROM pragma_table_list WHERE name = ? COLLATE NOCASE
            ORDER BY schema = 'main' DESC LIMIT 1
            """, arguments: [name])
        guard let row else { return nil }
        let withoutRowID: Bool = row["wr"] ?? false
        switch row["type"] as String? {
        case "virtual": return .virtual
        case "view": return .view
        case "shadow": return .shadow
        default: return withoutRowID ? .withoutRowID : .table
        }
    }
}
