import GRDB

/// A compiled DSL query: a GRDB request and what to do with it. GRDB writes the SQL.
///
///     let query = try DSLCompiler.compile("player.filter(score > 10).count", in: db)
///     try query.makeStatement(db).sql   // SELECT COUNT(*) FROM "player" WHERE "score" > ?
struct DSLCompiledQuery {
    enum Action {
        /// Fetch the request's rows.
        case fetch
        /// Count them, as GRDB's `fetchCount` does. `isTrivial` when GRDB can just replace the
        /// selection with `COUNT(*)` (no grouping, limit, distinct, selection or join).
        case count(isTrivial: Bool)
        case deleteAll
        case updateAll([ColumnAssignment])
    }

    let request: QueryInterfaceRequest<Row>
    let action: Action

    /// The statement GRDB generates, its arguments bound, ready to step.
    func makeStatement(_ db: Database) throws -> Statement {
        switch action {
        case .fetch:
            return try request.makePreparedRequest(db, forSingleResult: false).statement
        case .count(let isTrivial):
            // The two shapes of GRDB's own `fetchCount` (see SQLRelation.fetchCount).
            if isTrivial {
                return try request.unordered().select(DSLCompiledQuery.countAll).makePreparedRequest(db).statement
            }
            let subquery = request.unordered()
            return try SQLRequest<Row>(literal: "SELECT COUNT(*) FROM (\(subquery))").makePreparedRequest(db).statement
        case .deleteAll:
            return try Self.mutation(db) { try request.deleteAndFetchStatement(db, selection: [Self.returningMarker]) }
        case .updateAll(let assignments):
            return try Self.mutation(db) { try request.updateAndFetchStatement(db, assignments, selection: [Self.returningMarker]) }
        }
    }

    /// `COUNT(*)`, which GRDB's public API has no function for.
    static let countAll = SQL("COUNT(*)").sqlExpression

    private static let returningMarker = SQL("1").sqlExpression

    /// The statement of GRDB's `deleteAll` or `updateAll`.
    ///
    /// Those run at once; only their `RETURNING` variants hand out a statement. We ask for
    /// `RETURNING 1` and prepare GRDB's SQL again without the clause it appended at our
    /// request, so the SQL is otherwise GRDB's own.
    private static func mutation(_ db: Database, _ makeReturningStatement: () throws -> Statement) throws -> Statement {
        let clause = " RETURNING 1"
        let statement = try makeReturningStatement()
        guard statement.sql.hasSuffix(clause) else {
            throw Diagnostic("unexpected SQL from GRDB for a mutation: \(statement.sql)")
        }
        let mutation = try db.makeStatement(sql: String(statement.sql.dropLast(clause.count)))
        try mutation.setArguments(statement.arguments)
        return mutation
    }
}
