/// `.parameter list|set|unset|clear`: values bound to `:name`, `@name`, `$name` and `?NNN`
/// in statements, as in sqlite3 (but kept in the session, never in a table).
struct ParameterCommand: MetaCommand {
    let name = "parameter"
    let usage = "list|set NAME VALUE|unset NAME|clear|init"
    let summary = "set values for :name, @name, $name and ?NNN parameters in SQL"
    let details = """
        .parameter set NAME VALUE  binds VALUE to NAME in every later statement. VALUE is an SQL
                                   expression when it is one (42, 'text', x'00ff',
                                   date('now')), else the text as typed. NAME is used as
                                   typed (:id, @id, $id, ?2); without a prefix it binds all of
                                   :NAME, @NAME and $NAME.
        .parameter list            shows the names and values, as SQL literals
        .parameter unset NAME      forgets one name
        .parameter clear           forgets every name
        .parameter init            does nothing, as there is no table to make (sqlite3
                                   creates the TEMP table that holds its bindings)
        A parameter that was never set is NULL, as in sqlite3. Example:
          .parameter set :genre 'Rock'
          SELECT count(*) FROM track JOIN genre USING (GenreId) WHERE genre.name = :genre;
        """

    private static let subcommands = ["clear", "init", "list", "set", "unset"]

    func completions(after arguments: [String], prefix: String, in scope: DatabaseScope) -> [String] {
        switch arguments.count {
        case 0: Self.subcommands
        case 1 where arguments[0] == "unset" || arguments[0] == "set":
            scope.statements.parameters.sortedEntries.map(\.key)
        default: []
        }
    }

    func run(_ arguments: [String], in scope: DatabaseScope) throws(Diagnostic) {
        guard let subcommand = arguments.first else { throw usageError("missing subcommand") }
        let rest = Array(arguments.dropFirst())
        switch subcommand.lowercased() {
        case "list":
            guard rest.isEmpty else { throw usageError("list takes no argument") }
            list(in: scope)
        case "set":
            guard rest.count >= 2 else { throw usageError("set needs a NAME and a VALUE") }
            let value = try scope.statements.evaluateParameterValue(rest.dropFirst().joined(separator: " "))
            scope.statements.parameters.set(rest[0], to: value)
        case "unset":
            guard rest.count == 1 else { throw usageError("unset needs one NAME") }
            guard scope.statements.parameters.remove(rest[0]) else {
                throw Diagnostic(".parameter unset: no parameter named \(rest[0])",
                                 hint: ".parameter list shows the names")
            }
        case "clear":
            guard rest.isEmpty else { throw usageError("clear takes no argument") }
            scope.statements.parameters.removeAll()
        case "init":
            // Scripts written for sqlite3 start with it; the bindings need no table here.
            guard rest.isEmpty else { throw usageError("init takes no argument") }
        default:
            let hint = Suggestion.closest(to: subcommand, among: Self.subcommands).map { "did you mean \($0)? " } ?? ""
            throw Diagnostic(".parameter: unknown subcommand \(subcommand)", hint: hint + "usage: \(usageLine)")
        }
    }

    /// One line per name, padded to the longest, with the value as an SQL literal: sqlite3's
    /// `.parameter list` format.
    private func list(in scope: DatabaseScope) {
        let entries = scope.statements.parameters.sortedEntries
        let width = entries.map(\.key.count).max() ?? 0
        for (key, value) in entries {
            let padding = String(repeating: " ", count: width - key.count)
            scope.output.append("\(key)\(padding) \(scope.statements.sqlLiteral(value))\n")
        }
    }
}
