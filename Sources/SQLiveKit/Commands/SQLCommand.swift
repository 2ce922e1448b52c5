import GRDB
import GRDBSQLite

/// `.sql QUERY`: the SQL a query runs — for a DSL query, the SQL GRDB generates — with its
/// arguments inlined for reading.
///
///     sqlite> .sql product.filter(price > 100).order(name)
///     SELECT * FROM "product" WHERE "price" > 100 ORDER BY "name";
struct SQLCommand: RawTextCommand {
    let name = "sql"
    let usage = "QUERY"
    let summary = "show the SQL a query (SQL or DSL) runs, its arguments inlined"
    let details = """
        .sql QUERY prints the SQL statement QUERY compiles to, without running it. For a DSL
        query this is the SQL GRDB generates, with its arguments written in as SQL literals:
          .sql product.filter(price > 100)
          SELECT * FROM "product" WHERE "price" > 100;
        """

    func parse(text: String) throws(Diagnostic) -> String {
        try requiring(text)
    }

    func run(_ query: String, in scope: DatabaseScope) throws(Diagnostic) {
        let sql = try scope.withStatement(of: query) { statement, _ in statement.sqlWithInlinedArguments }
        scope.output.append(sql + ";\n")
    }
}

extension Statement {
    /// The SQL with bound arguments written in as SQLite writes literals
    /// (`sqlite3_expanded_sql`), without a trailing `;`.
    var sqlWithInlinedArguments: String {
        guard let expanded = sqlite3_expanded_sql(sqliteStatement) else { return sql }
        defer { sqlite3_free(expanded) }
        var text = Substring(String(cString: expanded))
        while let last = text.last, last == ";" || last.isWhitespace { text.removeLast() }
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        return String(text)
    }
}
