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

    /// `full`, `trigger` (on), or an on/off word.
    enum Arguments: Equatable {
        case full
        case trigger
        case toggle(ToggleArguments)
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        try expect(words, count: 1...1)
        switch words[0].lowercased() {
        case "full": return .full
        case "trigger": return .trigger
        // As sqlite3: any other word is on or off as a boolean reads, else off, with a warning.
        default: return .toggle(ToggleArguments(words[0]))
        }
    }

    func run(_ arguments: Arguments, in scope: SettingsScope) throws(Diagnostic) {
        switch arguments {
        case .full: scope.settings.eqp = .full
        case .trigger: scope.settings.eqp = .on
        case .toggle(let toggle): scope.settings.eqp = toggle.value(for: self, in: scope) ? .on : .off
        }
    }
}
