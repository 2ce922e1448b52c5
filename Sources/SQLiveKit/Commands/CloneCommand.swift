import Foundation
import GRDB

/// `.clone FILE`: a new database FILE with the main database's schema and content, as
/// sqlite3's `.clone` makes it, and the same lines: each table, then each index, view and
/// trigger, by name, followed by `... done`.
///
///     sqlite> .clone copy.db
///     t... done
///     sqlite_sequence... done
///
/// sqlite3 creates each object and copies the rows one by one; sqlive copies the database
/// with SQLite's online backup API, as `.backup` does: the same schema and rows in one
/// consistent step, page for page. FILE must not exist yet.
struct CloneCommand: MetaCommand {
    let name = "clone"
    let usage = "FILE"
    let summary = "copy the main database's schema and content into the new database FILE"
    let effect = CommandEffect.writesFiles

    /// The new file's path.
    func parse(_ words: [String]) throws(Diagnostic) -> String {
        try onlyWord(of: words)
    }

    func run(_ path: String, in scope: DatabaseScope) throws(Diagnostic) {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw Diagnostic(".clone: \(path) already exists", hint: "name a new file, or use .backup to replace one")
        }
        let names = try SchemaQuery.read(scope.connection) { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_schema WHERE type = 'table' ORDER BY rowid")
            let others = try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_schema WHERE type <> 'table' AND sql IS NOT NULL ORDER BY rowid")
            return tables + others
        }
        try DatabaseCopy.run(.toFile(path), schema: "main", in: scope)
        for name in names { scope.output.append("\(name)... done\n") }
    }
}
