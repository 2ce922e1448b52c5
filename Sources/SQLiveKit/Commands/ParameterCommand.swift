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
        .parameter unset NAME      forgets one name (nothing happens when it is not set)
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

    /// A `.parameter` subcommand, read.
    enum Arguments: Equatable {
        case list
        /// The name, and the value's text (an SQL expression, evaluated when it runs).
        case set(name: String, value: String)
        case unset(name: String)
        case clear
        /// sqlite3's `init`: scripts written for sqlite3 start with it; the bindings need no
        /// table here.
        case initialize
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        guard let subcommand = words.first else { throw usageError("missing subcommand") }
        let rest = Array(words.dropFirst())
        switch subcommand.lowercased() {
        case "list":
            guard rest.isEmpty else { throw usageError("list takes no argument") }
            return .list
        case "set":
            guard rest.count >= 2 else { throw usageError("set needs a NAME and a VALUE") }
            return .set(name: rest[0], value: rest.dropFirst().joined(separator: " "))
        case "unset":
            guard rest.count == 1 else { throw usageError("unset needs one NAME") }
            return .unset(name: rest[0])
        case "clear":
            guard rest.isEmpty else { throw usageError("clear takes no argument") }
            return .clear
        case "init":
            guard rest.isEmpty else { throw usageError("init takes no argument") }
            return .initialize
        default:
            let hint = Suggestion.closest(to: subcommand, among: Self.subcommands).map { "did you mean \($0)? " } ?? ""
            throw Diagnostic(".parameter: unknown subcommand \(subcommand)", hint: hint + "usage: \(usageLine)")
        }
    }

    func run(_ arguments: Arguments, in scope: DatabaseScope) throws(Diagnostic) {
        switch arguments {
        case .list:
            list(in: scope)
        case .set(let name, let text):
            let value = try scope.statements.evaluateParameterValue(text)
            scope.statements.parameters.set(name, to: value)
        case .unset(let name):
            // A name that is not set is no error, as in sqlite3 (which deletes no row).
            scope.statements.parameters.remove(name)
        case .clear:
            scope.statements.parameters.removeAll()
        case .initialize:
            break
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
