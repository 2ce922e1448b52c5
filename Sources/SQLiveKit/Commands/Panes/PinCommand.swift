/// `.pin [--name NAME] [--rows N] [--dedupe] QUERY`: keeps a query on screen as a live pane.
struct PinCommand: RawTextCommand {
    let name = "pin"
    let usage = "?--name NAME? ?--rows N? ?--dedupe? QUERY"
    let summary = "keep a query on screen, refreshed whenever a commit changes what it reads"
    let details = """
        .pin QUERY shows QUERY as a pane and runs it again after every commit that changes the
        tables, columns or rows it reads (GRDB's ValueObservation tracks its region).
        --name NAME  name the pane (default: the tables it reads)
        --rows N     keep at most N rows (default: what fits); a pane never fetches more
        --dedupe     skip refreshes whose rows equal the previous ones (and count them)
        On a terminal panes are docked at the top; in scripts each statement is followed by
        the panes it changed, as blocks headed "-- pane ID (NAME): CAUSE".
        QUERY may be a saved query with its arguments: .pin .query NAME ARG…
        Example: .pin --name top --rows 5 SELECT name, score FROM player ORDER BY score DESC
        """

    static let maximumRows = 10_000

    /// `.pin`'s options and query, read.
    struct Arguments: Equatable {
        var paneName: String?
        var rowLimit: Int?
        var dedupe = false
        /// The query as typed, or `.query NAME ARGS` naming a saved one.
        var query = ""
    }

    func parse(text: String) throws(Diagnostic) -> Arguments {
        var words = RawArguments(text)
        var arguments = Arguments()
        while let option = words.option() {
            switch option {
            case "--name", "-name":
                guard let value = words.word() else { throw usageError("--name needs a name") }
                arguments.paneName = value
            case "--rows", "-rows":
                guard let value = words.word(), let rows = Int(value), (1...Self.maximumRows).contains(rows) else {
                    throw usageError("--rows needs a number of rows from 1 to \(Self.maximumRows)")
                }
                arguments.rowLimit = rows
            case "--dedupe", "-dedupe":
                arguments.dedupe = true
            default:
                throw usageError("unknown option \(option)")
            }
        }
        arguments.query = try requiring(words.remainder)
        return arguments
    }

    func run(_ arguments: Arguments, in scope: PaneScope) throws(Diagnostic) {
        var query = arguments.query
        // `.pin .query NAME ARGS`: the saved query, its arguments in place.
        if let saved = try QueryCommand.expandedReference(query, store: scope.savedQueries) { query = saved }
        try scope.paneBoard.pin(query, name: arguments.paneName, rowLimit: arguments.rowLimit, dedupe: arguments.dedupe)
    }
}
