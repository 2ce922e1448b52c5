import GRDB

/// One refinement of a request or an association, applied the same way to either: GRDB
/// declares these methods on `DerivableRequest`, which both conform to.
enum DSLOperation {
    case filter(SQLExpression)
    case filterKey(DatabaseValue)
    case filterKeys([DatabaseValue])
    case filterUniqueKeys([[String: DatabaseValue]])
    case select([any SQLSelectable])
    case annotate([any SQLSelectable])
    case annotateAggregates([AssociationAggregate<Row>])
    case order([any SQLOrderingTerm])
    case reversed
    case unordered
    case orderByPrimaryKey
    case group([SQLExpression])
    case having(SQLExpression)
    case havingAggregate(AssociationAggregate<Row>)
    case distinct
    case matchingFTS3(FTS3Pattern)
    case matchingFTS5(FTS5Pattern)
    case join(DSLRelation, DSLJoinKind)
    case aliased(TableAlias<Void>)
    case with(CommonTableExpression<Row>)

    func apply<Request: DerivableRequest<Row>>(to request: Request) -> Request {
        switch self {
        case .filter(let expression): request.filter(expression)
        case .filterKey(let key): request.filter(key: key)
        case .filterKeys(let keys): request.filter(keys: keys)
        case .filterUniqueKeys(let keys): request.filter(keys: keys)
        case .select(let selection): request.select(selection)
        case .annotate(let selection): request.annotated(with: selection)
        case .annotateAggregates(let aggregates): request.annotated(with: aggregates)
        case .order(let orderings): request.order(orderings)
        case .reversed: request.reversed()
        case .unordered: request.unordered()
        case .orderByPrimaryKey: request.orderByPrimaryKey()
        case .group(let expressions): request.group(expressions)
        case .having(let expression): request.having(expression)
        case .havingAggregate(let aggregate): request.having(aggregate)
        case .distinct: request.distinct()
        case .matchingFTS3(let pattern): request.matching(pattern)
        case .matchingFTS5(let pattern): request.matching(pattern)
        case .join(let association, let kind): Self.join(association.base, to: request, kind)
        case .aliased(let alias): request.aliased(alias)
        case .with(let expression): request.with(expression)
        }
    }

    private static func join<Request: JoinableRequest>(_ association: DSLRelation.Base, to request: Request, _ kind: DSLJoinKind) -> Request
    where Request.RowDecoder == Row {
        switch association {
        case .request: request
        case .toOne(let association): join(association, to: request, kind)
        case .toMany(let association): join(association, to: request, kind)
        case .join(let association): join(association, to: request, kind)
        case .toManyThrough(let association): join(association, to: request, kind)
        case .toOneThrough(let association): join(association, to: request, kind)
        }
    }

    private static func join<Request: JoinableRequest, A: Association>(_ association: A, to request: Request, _ kind: DSLJoinKind) -> Request
    where A.OriginRowDecoder == Request.RowDecoder {
        switch kind {
        case .includingRequired: request.including(required: association)
        case .includingOptional: request.including(optional: association)
        case .joiningRequired: request.joining(required: association)
        case .joiningOptional: request.joining(optional: association)
        }
    }
}
