import GRDB

/// The settings of the session's connection a migration's `PRAGMA` statements may change,
/// read before `.migrate` and put back after it: a migration changes the database, not the
/// session. Pragmas are not transactional, so a migration that failed and was rolled back
/// would otherwise leave `PRAGMA query_only=1` (every later write refused) or
/// `locking_mode=EXCLUSIVE` (every other process locked out) on for the rest of the session.
/// A database a migration attaches is detached after it too.
///
///     let saved = try ConnectionPragmas.read(session.connection)
///     // … migrations run, one sets PRAGMA query_only = 1 and fails …
///     saved.restore(on: session.connection)   // query_only is 0 again
struct ConnectionPragmas {
    /// Per-connection settings whose value `PRAGMA name` reads and `PRAGMA name = value`
    /// sets back (foreign_keys is the migration runner's own business).
    static let names = [
        "query_only", "locking_mode", "trusted_schema", "recursive_triggers", "ignore_check_constraints",
        "cell_size_check", "automatic_index", "reverse_unordered_selects", "legacy_alter_table",
        "synchronous", "temp_store", "cache_size", "writable_schema", "cache_spill", "threads",
        "analysis_limit", "max_page_count", "secure_delete",
    ]

    private var values: [String: String]
    /// The schemas attached before `.migrate`: a database a migration attaches (`ATTACH
    /// 'other.db' AS z`) is detached after it, as a pragma is put back.
    private var schemas: Set<String> = []

    static func read(_ connection: DatabaseConnection) throws(Diagnostic) -> ConnectionPragmas {
        try SchemaQuery.read(connection) { db in
            ConnectionPragmas(values: try current(db), schemas: try attachedSchemas(db))
        }
    }

    private static func attachedSchemas(_ db: Database) throws -> Set<String> {
        Set(try AttachedDatabase.list(in: db).map(\.name))
    }

    /// Sets back each pragma that changed. Best effort: a connection that cannot even run
    /// a pragma has a problem the next statement reports.
    func restore(on connection: DatabaseConnection) {
        _ = try? SchemaQuery.read(connection) { db in
            let now = try Self.current(db)
            for name in Self.names where now[name] != values[name] {
                guard let value = values[name] else { continue }
                try db.execute(sql: "PRAGMA \(name) = \(value)")
            }
            if now["locking_mode"] != values["locking_mode"] {
                // A connection leaves exclusive locking mode at its next access of the file.
                _ = try Int.fetchOne(db, sql: "PRAGMA schema_version")
            }
            for schema in try Self.attachedSchemas(db).subtracting(schemas).sorted() {
                try? db.execute(sql: "DETACH DATABASE \(schema.quotedDatabaseIdentifier)")
            }
        }
    }

    private static func current(_ db: Database) throws -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            values[name] = try String.fetchOne(db, sql: "PRAGMA \(name)")
        }
        return values
    }
}
