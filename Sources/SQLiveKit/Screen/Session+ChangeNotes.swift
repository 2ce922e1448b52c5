/// What a person at the prompt is told after a write, where sqlite3 says nothing: how many
/// rows the statement changed, as psql's `UPDATE 3` and litecli's `3 rows affected` do.
///
///     sqlive> UPDATE product SET stock = 0 WHERE stock < 5;
///     (3 rows updated)
///
/// Scripts, pipes and files that `.read` runs keep sqlite3's bytes: nothing is added there.
extension Session {
    /// True for a unit typed at a terminal whose results go to it (not `.output`, not a
    /// file `.read` runs): the executor notes the rows its writes change
    /// (``SQLExecutor/reportChanges(of:in:)``).
    var talksToPerson: Bool {
        environment.isInteractive && !outputs.isRedirected && script.readDepth == 0 && environment.terminalWidth() != nil
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
