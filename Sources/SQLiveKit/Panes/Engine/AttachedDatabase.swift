import GRDB

/// An attached database of the user's connection, to mirror on the panes' readers.
struct AttachedDatabase: Sendable, Equatable {
    var name: String
    var file: String

    /// The databases a connection has attached (not main, not temp), from `PRAGMA database_list`.
    static func list(in db: Database) throws -> [AttachedDatabase] {
        try Row.fetchAll(db, sql: "PRAGMA database_list").compactMap { row in
            let name: String = row["name"]
            guard name != "main" && name != "temp" else { return nil }
            // A database in the connection's memory has no file the readers could attach.
            let file: String = row["file"] ?? ""
            return AttachedDatabase(name: name, file: PrivateDatabase.isPrivate(name, file: file, db: db) ? "" : file)
        }
    }
}
