import Foundation
import GRDB

extension DatabaseConnection {
    /// The database files this connection has attached, in `PRAGMA database_list` order
    /// (not main, not temp, not an in-memory attachment, which has no file to attach again).
    func attachedFiles() -> [AttachedDatabase] {
        let attached = try? queue.inDatabase { db in try ownStatements { try AttachedDatabase.list(in: db) } }
        return (attached ?? []).filter { !$0.file.isEmpty }
    }

    /// Attaches each file under its name, as the user's ATTACH did: a connection opened again
    /// on the same database (`--follow` after the app replaced its file) keeps what the
    /// panes read. A file that no longer exists stays detached (ATTACH would create an empty
    /// one, which the app would take for its own), as does one that no longer opens; the
    /// panes that read it say "no such table".
    func attach(_ databases: [AttachedDatabase]) {
        queue.inDatabase { db in
            ownStatements {
                for database in databases where FileManager.default.fileExists(atPath: database.file) {
                    try? db.execute(sql: "ATTACH DATABASE ? AS \(SQLIdentifier.quoted(database.name))",
                                    arguments: [AttachTarget.fileURI(for: database.file)])
                }
            }
        }
    }
}
