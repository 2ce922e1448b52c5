import GRDB

/// What a database records of its migrations: GRDB's `grdb_migrations` (which identifiers
/// ran) and sqlive's `sqlive_migration_checksums` (the SHA-256 of each file as it ran, and when).
///
/// Reading the ledger writes nothing: a database with neither table has an empty ledger and
/// stays without them. Only applying a migration creates them (``record(_:in:)``).
///
///     let ledger = try MigrationLedger.read(db)
///     ledger.applied                          // ["0001_create_tables", "0002_add_copies"]
///     ledger.records["0001_create_tables"]    // checksum and time it was applied
public struct MigrationLedger: Sendable, Equatable {
    /// sqlive's table, next to GRDB's. One row per migration sqlive applied.
    public static let tableName = "sqlive_migration_checksums"

    /// What sqlive recorded when it applied a migration.
    public struct Record: Sendable, Equatable {
        /// The lowercase hex SHA-256 of the file's bytes (`sha256sum FILE`).
        public var checksum: String
        /// UTC, `YYYY-MM-DD HH:MM:SS`.
        public var appliedAt: String
    }

    /// Identifiers in `grdb_migrations`, in the order they were applied.
    public var applied: [String]
    /// Checksums by identifier, for the applied migrations sqlive ran.
    public var records: [String: Record]

    public init(applied: [String] = [], records: [String: Record] = [:]) {
        self.applied = applied
        self.records = records
    }

    /// Reads both tables; either may be missing.
    public static func read(_ db: Database) throws -> MigrationLedger {
        var ledger = MigrationLedger()
        if try db.tableExists("grdb_migrations") {
            ledger.applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        if try db.tableExists(tableName) {
            // Read as text whatever is stored: a file someone sent may hold a table of this
            // name with NULL, a number or a blob in it, which decoded as `String` stopped the
            // process (`.migrate`, `.migrate --status`, `.migrations`). A row without an
            // identifier records nothing.
            let rows = try Row.fetchAll(db, sql: """
                SELECT CAST(identifier AS TEXT), CAST(checksum AS TEXT), CAST(applied_at AS TEXT)
                FROM \(tableName) WHERE identifier IS NOT NULL
                """)
            for row in rows {
                guard let identifier = row[0] as String? else { continue }
                ledger.records[identifier] = Record(checksum: row[1] ?? "", appliedAt: row[2] ?? "")
            }
        }
        return ledger
    }

    /// Records a file's checksum; runs inside the migration's own transaction, so the
    /// checksum commits with the migration or not at all. The table is created by the first
    /// migration sqlive applies to a database.
    static func record(_ file: MigrationFile, in db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(tableName) (
              identifier TEXT NOT NULL PRIMARY KEY,
              checksum   TEXT NOT NULL,
              applied_at TEXT NOT NULL
            )
            """)
        // REPLACE: a row left by a migration someone deleted from grdb_migrations by hand.
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(tableName) (identifier, checksum, applied_at) VALUES (?, ?, datetime('now'))",
            arguments: [file.identifier, file.checksum])
    }
}
