/// What the session tells the pane engine after each unit it ran: one report, pushed, so that
/// the engine does not pull the same facts from the user's connection several times a
/// statement (whether a transaction is open was asked three to five times per unit before).
///
///     paneBoard.unitDidEnd(UnitReport(unit: .statement("BEGIN", verb: "BEGIN"), isInsideTransaction: true))
struct UnitReport {
    enum Unit {
        /// SQL, with its text and its first word (``StatementImpact/verb(of:)``, read once): a
        /// schema statement, `ATTACH` or `DETACH` tells the engine to look.
        case statement(String, verb: String)
        /// A meta-command: it may have attached or detached a database (`.restore`, `.import`).
        case command
        /// A DSL query or mutation: changes reach the engine through the recorder.
        case other
    }

    var unit: Unit
    /// Whether the user's transaction is open once the unit ended; nil when the session did
    /// not look (no pane was pinned, and the unit and the transaction changed no schema, so
    /// nothing depended on it).
    var isInsideTransaction: Bool?
    /// An in-memory main database's schema cookie once the unit ended, read in the same
    /// access; nil when the session did not read it (a file, or no pane pinned).
    var memorySchemaCookie: Int?
}
