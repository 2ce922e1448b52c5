import GRDB

extension SQLExecutor {
    /// Runs one DSL query (`player.filter(score > 10)`): GRDB generates its statement, which
    /// then runs and renders exactly as SQL does, change counts and timer included.
    func runDSL(_ query: String) throws(Diagnostic) {
        var skippedNull: String?
        try runStatement { db in
            DSLMutationLock.take(for: query, in: db)
            let compiled = try DSLCompiler.compile(query, in: db)
            skippedNull = compiled.nullSkippedByCount(db)
            return try StatementRunner.statement(of: compiled, in: db)
        }
        if let skippedNull { diagnostics.warn(skippedNull) }
    }

    /// Compiles a query (SQL or DSL) and hands its statement to `body`, without running it.
    func withBoundStatement<T>(of query: String, _ body: (Statement, Database) throws -> T) throws(Diagnostic) -> T {
        try withStatement(of: query) { statement, db in
            statements.bindParameters(to: statement)
            return try body(statement, db)
        }
    }

    func withStatement<T>(of query: String, _ body: (Statement, Database) throws -> T) throws(Diagnostic) -> T {
        try statements.withDatabase { db in
            guard let statement = try statements.compileQuery(query, in: db) else {
                throw Diagnostic("no statement in \(query.firstLineSummary)")
            }
            return try body(statement, db)
        }
    }
}

extension StatementRunner {
    /// The one place typed queries become statements, SQL or DSL alike: input whose first
    /// word is an SQL statement keyword is SQL, anything else is a DSL query. Nil when the
    /// text holds no statement (only comments). `.sql`, `.explain` and pinned panes use it.
    ///
    ///     try statements.compileQuery("select * from player where score > 10", in: db)
    ///     try statements.compileQuery("player.filter(score > 10)", in: db)
    func compileQuery(_ text: String, in db: Database) throws(Diagnostic) -> Statement? {
        if SQLKeywords.startsSQLStatement(text) {
            return try compileSQL(text, in: db, single: true)
        }
        return try compileDSL(text, in: db)
    }

    /// Compiles a DSL query into the statement GRDB generates for it, arguments bound.
    func compileDSL(_ query: String, in db: Database) throws(Diagnostic) -> Statement {
        try Self.statement(of: DSLCompiler.compile(query, in: db), in: db)
    }

    fileprivate static func statement(of compiled: DSLCompiledQuery, in db: Database) throws(Diagnostic) -> Statement {
        do {
            return try compiled.makeStatement(db)
        } catch let error as DatabaseError {
            // SQLite refused the SQL GRDB generated: show that SQL, with SQLite's caret.
            var diagnostic = Diagnostic.compilation(error, sql: error.sql ?? "", connection: db.sqliteConnection)
            diagnostic.hint = compiled.hint(for: error) ?? diagnostic.hint
            throw diagnostic
        } catch {
            throw Diagnostic(converting: error)
        }
    }
}
