import GRDB
import GRDBSQLite

extension StatementRunner {
    /// The arguments that bind `.parameter` values to a compiled statement: one value per
    /// parameter, in order, NULL for names never set (as sqlite3 binds them).
    ///
    ///     // after `.parameter set :id 7`
    ///     let statement = try db.makeStatement(sql: "SELECT :id, @unset")
    ///     statement.setUncheckedArguments(session.statements.parameterArguments(for: statement))
    ///     // binds 7 and NULL
    ///
    /// Positional values fit every statement, whatever mix of `?`, `?NNN`, `:name`, `@name`
    /// and `$name` it uses, because GRDB binds them by index when no named value matches.
    /// Binds the `.parameter` values to a statement's parameters, unset ones as NULL. A DSL
    /// query's statement comes with GRDB's arguments for its literals: it keeps them.
    func bindParameters(to statement: Statement) {
        guard statement.arguments.isEmpty, sqlite3_bind_parameter_count(statement.sqliteStatement) > 0 else { return }
        statement.setUncheckedArguments(parameterArguments(for: statement))
    }

    func parameterArguments(for statement: Statement) -> StatementArguments {
        StatementArguments(parameters.values(for: statement.sqliteStatement))
    }

    /// The parameters as named arguments (keys without their prefix), for requests built with
    /// GRDB's query interface, which bring positional arguments of their own:
    /// `request.arguments + session.statements.namedParameterArguments`.
    var namedParameterArguments: StatementArguments {
        parameters.namedArguments
    }

    /// Evaluates a `.parameter set` value the way sqlite3 does: as an SQL expression when it
    /// compiles to one value (`42`, `'text'`, `x'00ff'`, `date('now')`), else as the text typed.
    func evaluateParameterValue(_ text: String) throws(Diagnostic) -> DatabaseValue {
        // GRDB compiles what follows the SELECT too, to refuse it.
        try SafeStatementCheck.check("SELECT \(text)", safe: connection.options.isSafe)
        do {
            return try connection.queue.inDatabase { db -> DatabaseValue in
                guard let statement = try? db.makeStatement(sql: "SELECT \(text)"),
                      statement.columnCount == 1 else {
                    return text.databaseValue
                }
                statement.setUncheckedArguments(parameterArguments(for: statement))
                return try DatabaseValue.fetchOne(statement) ?? .null
            }
        } catch {
            throw Diagnostic(converting: error).prefixed(".parameter: cannot evaluate \(text): ")
        }
    }

    /// A value as an SQL literal, by SQLite's own `quote()`: what `.parameter list` shows.
    func sqlLiteral(_ value: DatabaseValue) -> String {
        (try? connection.queue.inDatabase { db in
            try String.fetchOne(db, sql: "SELECT quote(?)", arguments: [value])
        }) ?? "NULL"
    }
}
