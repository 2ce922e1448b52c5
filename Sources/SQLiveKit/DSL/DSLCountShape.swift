import GRDB

/// How GRDB's `fetchCount` counts a request (GRDB's `SQLRelation.fetchCount`, which runs
/// the count at once and hands out no statement): the compiler picks the shape from what the
/// query applied, and GRDB writes the SQL of that shape.
///
///     player.count                              SELECT COUNT(*) FROM "player"
///     player.select(name).count                 SELECT COUNT(*) FROM "player"
///     player.select(teamId).distinct().count    SELECT COUNT(DISTINCT "teamId") FROM "player"
///     player.limit(5).count                     SELECT COUNT(*) FROM (SELECT * FROM "player" LIMIT 5)
///     player.with(cte).count                    SELECT COUNT(*) FROM (WITH … SELECT * FROM "player")
enum DSLCountShape {
    /// The selection replaced by `COUNT(*)`.
    case countAll
    /// `COUNT(DISTINCT expression)` for a distinct one-column selection: unlike the rows of
    /// `SELECT DISTINCT`, it does not count NULL. `nonDistinct` is the request without
    /// `distinct()`, whose SQL GRDB then writes.
    case countDistinct(SQLExpression, nonDistinct: QueryInterfaceRequest<Row>)
    /// `SELECT COUNT(*) FROM (request)`: grouping, a limit, common table expressions, joins, or a selection that
    /// can't be replaced (`DISTINCT *`, several distinct columns, a name given with `forKey`
    /// among several columns, which a filter may use).
    case subquery

    func statement(counting request: QueryInterfaceRequest<Row>, _ db: Database) throws -> Statement {
        switch self {
        case .countAll:
            return try request.unordered().select(DSLCompiledQuery.countAll).makePreparedRequest(db).statement
        case .countDistinct(let expression, let nonDistinct):
            return try nonDistinct.unordered().select(count(distinct: expression)).makePreparedRequest(db).statement
        case .subquery:
            return try SQLRequest<Row>(literal: "SELECT COUNT(*) FROM (\(request.unordered()))").makePreparedRequest(db).statement
        }
    }

    /// For `COUNT(DISTINCT …)`: true when the distinct rows hold a NULL it did not count,
    /// which surprises whoever compares with the rows of the request.
    func skipsNull(_ db: Database) throws -> Bool {
        guard case .countDistinct(let expression, let nonDistinct) = self else { return false }
        return try nonDistinct.unordered().filter(expression == nil).select(SQL("1").sqlExpression).limit(1).fetchOne(db) != nil
    }
}

/// One item of a request's selection, as `fetchCount` tells them apart.
enum DSLSelectedItem {
    /// `*`, the selection of a table request until `select(…)`.
    case allColumns
    case expression(SQLExpression)
    /// An expression named with `forKey`.
    case aliased(SQLExpression)

    var expression: SQLExpression? {
        switch self {
        case .allColumns: nil
        case .expression(let expression), .aliased(let expression): expression
        }
    }
}

extension DSLRelation {
    /// The shape of GRDB's `fetchCount` for this request, in GRDB's order of checks.
    var countShape: DSLCountShape {
        if applied.contains(.group) || applied.contains(.limit) || applied.contains(.with) || !joins.isEmpty || !aggregateJoins.isEmpty {
            return .subquery
        }
        let isDistinct = applied.contains(.distinct)
        if selection.count == 1 {
            guard let expression = selection[0].expression else {
                return isDistinct ? .subquery : .countAll
            }
            guard isDistinct, let nonDistinct else { return .countAll }
            return .countDistinct(expression, nonDistinct: nonDistinct)
        }
        let hasAlias = selection.contains { if case .aliased = $0 { true } else { false } }
        return isDistinct || hasAlias ? .subquery : .countAll
    }
}
