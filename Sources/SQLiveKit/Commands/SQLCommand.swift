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
        // Bound as running the query would bind them: `.parameter` values for SQL.
        let sql = try scope.withBoundStatement(of: query) { statement, db in try statement.sqlWithInlinedArguments(db) }
        scope.output.append(sql + ";\n")
    }
}
