import GRDB

/// A compiled DSL query: a GRDB request and what to do with it. GRDB writes the SQL.
///
///     let query = try DSLCompiler.compile("player.filter(score > 10).count", in: db)
///     try query.makeStatement(db).sql   // SELECT COUNT(*) FROM "player" WHERE "score" > ?
public struct DSLCompiledQuery {
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
    public func makeStatement(_ db: Database) throws -> Statement {
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
            return try Self.removingReturningClause(request.deleteAndFetchStatement(db, selection: [Self.returningMarker]), db)
        case .updateAll(let assignments):
            let statement = try request.updateAndFetchStatement(db, assignments, selection: [Self.returningMarker])
            return try Self.removingReturningClause(statement, db)
        }
    }

    /// `COUNT(*)`, which GRDB's public API has no function for.
    static let countAll = SQL("COUNT(*)").sqlExpression

    private static let returningMarker = SQL("1").sqlExpression

    /// GRDB's `deleteAll` and `updateAll` run at once; only their `RETURNING` variants hand out
    /// a statement. We ask for `RETURNING 1` and prepare the statement again without the clause
    /// GRDB appended at our request, so the SQL is otherwise GRDB's own.
    private static func removingReturningClause(_ statement: Statement, _ db: Database) throws -> Statement {
        let clause = " RETURNING 1"
        guard statement.sql.hasSuffix(clause) else {
            throw Diagnostic("unexpected SQL from GRDB for a mutation: \(statement.sql)")
        }
        let mutation = try db.makeStatement(sql: String(statement.sql.dropLast(clause.count)))
        try mutation.setArguments(statement.arguments)
        return mutation
    }
}
