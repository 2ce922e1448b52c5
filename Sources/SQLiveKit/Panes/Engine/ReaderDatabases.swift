import GRDB

/// The databases of the panes' readers, by name, with what every fast frame derives from
/// them worked out once, when they change (at start and after ATTACH or DETACH): the files to
/// fingerprint and the statements that read each schema version.
struct ReaderDatabases: Sendable {
    /// `PRAGMA "name".schema_version` for one database.
    struct SchemaProbe: Sendable {
        let name: String
        let sql: String
    }

    /// The file of each database, by name (empty for an in-memory one).
    let files: [String: String]
    /// The files other processes can change (not the reader's own `temp`), sorted.
    let fileList: [String]
    /// The schema versions a fast frame reads: every database but `temp`, which nothing
    /// ever changes (the user's temp schema is private to the user's connection).
    let schemaProbes: [SchemaProbe]

    init(files: [String: String]) {
        self.files = files
        fileList = files.filter { $0.key != "temp" }.values.sorted()
        schemaProbes = Self.probes(Array(files.keys))
    }

    /// Nothing is attached: the reader has only `main` (and its own `temp`). The reader
    /// mirrors attached files only, never the user's attached in-memory databases.
    var hasOnlyMain: Bool {
        !files.isEmpty && files.keys.allSatisfy { $0 == "main" || $0 == "temp" }
    }

    static func probes(_ names: [String]) -> [SchemaProbe] {
        names.filter { $0 != "temp" }.sorted().map { name in
            SchemaProbe(name: name, sql: "PRAGMA \(SQLIdentifier.quoted(name)).schema_version")
        }
    }
}
