import GRDB

/// `.fullschema`: the schema, then the statistics `ANALYZE` gathered as the statements that
/// restore them, as sqlite3 prints them, so the query planner's view of a database can be
/// rebuilt elsewhere.
///
///     CREATE TABLE t(a,b);
///     CREATE INDEX ti on t(a);
///     ANALYZE sqlite_schema;
///     INSERT INTO sqlite_stat1 VALUES('t','ti','3 2');
///     ANALYZE sqlite_schema;
struct FullSchemaCommand: MetaCommand {
    let name = "fullschema"
    let usage = "?--indent?"
    let summary = "show the schema and the statistics of ANALYZE (sqlite_stat1, sqlite_stat4)"
    let details = """
        .fullschema prints the CREATE statements of the main database (SQLite's own tables
        left out), then the rows of sqlite_stat1 and sqlite_stat4 as INSERT statements
        between two ANALYZE sqlite_schema, or a comment saying there are none.
        """

    static let statisticsTables = ["sqlite_stat1", "sqlite_stat4"]

    /// True for `--indent`: sqlite3 takes it and lays the statements out as `.schema
    /// --indent` does.
    func parse(_ words: [String]) throws(Diagnostic) -> Bool {
        try expect(words.filter { $0 != "--indent" }, count: 0...0)
        return words.contains("--indent")
    }

    func run(_ indent: Bool, in scope: DatabaseScope) throws(Diagnostic) {
        let (statements, statistics) = try SchemaQuery.read(scope.connection) { db in
            let statements = try String.fetchAll(db, sql: """
                SELECT sql FROM main.sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid
                """)
            let statistics = try Self.statisticsTables.filter { try db.tableExists($0) }
            return (statements, statistics)
        }
        // The same bytes as `.schema`: laid out, then `IF NOT EXISTS` for a quoted table name,
        // and a comment the entry leaves open closed before its `;`.
        let shown = statements.map(SchemaText.firstStatement).map { statement in
            SchemaCommand.asSQLite3Shows(indent ? SchemaIndenter.indented(statement) : statement)
        }
        scope.output.append(shown.map { SchemaText.terminated($0) + ";\n" }.joined())
        guard !statistics.isEmpty else {
            scope.output.append("/* No STAT tables available */\n")
            return
        }
        scope.output.append("ANALYZE sqlite_schema;\n")
        for table in statistics {
            try runQuery("SELECT * FROM \(table)", in: scope) { context in
                var context = context
                context.settings.insertTable = table
                context.settings.showHeaders = false
                return InsertRenderer(context)
            }
        }
        scope.output.append("ANALYZE sqlite_schema;\n")
    }
}
