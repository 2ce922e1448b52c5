/// `.eqp on|off|full`: shows each statement's query plan before its results, as sqlite3 does.
struct EQPCommand: MetaCommand {
    let name = "eqp"
    let needsDatabase = false
    let usage = "on|off|full|trigger"
    let summary = "show the query plan of each statement before its results"
    let details = """
        .eqp on draws the plan of every statement (EXPLAIN QUERY PLAN) before its results;
        .eqp full adds its EXPLAIN listing; .eqp off stops. trigger is taken as on.
        """

    func completions(after arguments: [String], prefix: String, in scope: SettingsScope) -> [String] {
        arguments.isEmpty ? ["on", "off", "full", "trigger"] : []
    }

    func run(_ arguments: [String], in scope: SettingsScope) throws(Diagnostic) {
        try expect(arguments, count: 1...1)
        switch arguments[0].lowercased() {
        case "full": scope.settings.eqp = .full
        case "trigger": scope.settings.eqp = .on
        // As sqlite3: any other word is on or off as a boolean reads, else off, with a warning.
        default: scope.settings.eqp = BooleanArgument.lenient(arguments[0], for: self, in: scope) ? .on : .off
        }
    }
}
