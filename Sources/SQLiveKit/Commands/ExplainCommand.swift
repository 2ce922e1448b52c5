import GRDB

/// `.explain QUERY`: the query plan of a query, SQL or DSL, drawn as sqlite3 draws
/// `EXPLAIN QUERY PLAN`.
///
///     sqlite> .explain product.filter(key: 3)
///     QUERY PLAN
///     `--SEARCH product USING INTEGER PRIMARY KEY (rowid=?)
struct ExplainCommand: RawTextCommand {
    let name = "explain"
    let usage = "QUERY"
    let summary = "show the query plan of a query (SQL or DSL)"
    let details = """
        .explain QUERY prints SQLite's plan for QUERY (EXPLAIN QUERY PLAN) as a tree, the way
        sqlite3 prints it, without running the query. QUERY is SQL or a DSL query:
          .explain order_item.including(required: product)
        """

    func run(text query: String, in session: Session) throws(Diagnostic) {
        guard !query.isEmpty else { throw usageError("missing query") }
        let steps = try session.withStatement(of: query) { statement, db in
            let explain = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + statement.sql)
            explain.setUncheckedArguments(statement.arguments)
            return try Row.fetchAll(explain).map { row in
                QueryPlanTree.Step(id: row[0], parent: row[1], detail: row[3])
            }
        }
        session.output.append(QueryPlanTree(steps: steps).rendered)
    }
}
