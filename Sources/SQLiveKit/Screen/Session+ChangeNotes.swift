import GRDB
import GRDBSQLite

/// What a person at the prompt is told after a write, where sqlite3 says nothing: how many
/// rows the statement changed, as psql's `UPDATE 3` and litecli's `3 rows affected` do.
///
///     sqlive> UPDATE product SET stock = 0 WHERE stock < 5;
///     (3 rows updated)
///
/// Scripts, pipes and files that `.read` runs keep sqlite3's bytes: nothing is added there.
extension Session {
    /// True for a unit typed at a terminal whose results go to it (not `.output`, not a
    /// file `.read` runs).
    var talksToPerson: Bool {
        environment.isInteractive && !outputs.isRedirected && script.readDepth == 0 && environment.terminalWidth() != nil
    }

    /// After a statement without result columns: the count of the rows it changed, when
    /// it is an INSERT, REPLACE, UPDATE or DELETE (SQL, or a DSL mutation GRDB generated).
    /// `sql` is asked for only when a person reads the note: GRDB makes a statement's text
    /// anew (trimmed through Foundation) each time it is asked, a cost per statement in scripts.
    func reportChanges(of sql: @autoclosure () -> String, in db: Database) {
        guard talksToPerson, let note = ChangeNote.text(verb: StatementImpact.verb(of: sql()),
                                                         changes: sqlite3_changes64(db.sqliteConnection)) else { return }
        output.append(note)
    }
}

/// The line that says how many rows a write changed.
enum ChangeNote {
    ///     ChangeNote.text(verb: "UPDATE", changes: 3)   // "(3 rows updated)\n"
    ///     ChangeNote.text(verb: "CREATE", changes: 0)   // nil: not a row count
    static func text(verb: String, changes: Int64) -> String? {
        let done: String
        switch verb {
        case "INSERT", "REPLACE": done = "inserted"
        case "UPDATE": done = "updated"
        case "DELETE": done = "deleted"
        default: return nil
        }
        return "(\(changes) \(changes == 1 ? "row" : "rows") \(done))\n"
    }
}
