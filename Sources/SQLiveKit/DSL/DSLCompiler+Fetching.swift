import GRDB

/// Fetch methods, which end a query as they end a Swift expression, and subqueries.
///
///     product.order(price.desc).fetchOne()      SELECT * FROM "product" ORDER BY "price" DESC LIMIT 1
///     product.filter(stock == 0).fetchCount()   SELECT COUNT(*) FROM "product" WHERE "stock" = 0
///     product.filter(stock == 0).isEmpty()      SELECT NOT EXISTS (SELECT * FROM "product" WHERE "stock" = 0)
///     product.filter(category.filter(name == "Games").select(id).contains(categoryId))
///         SELECT * FROM "product" WHERE "categoryId" IN (SELECT "id" FROM "category" WHERE "name" = 'Games')
extension DSLCompiler {
    /// `fetchOne()`, `fetchAll()`, `fetchCount()`, `fetchSet()`, `isEmpty()` on a request;
    /// `exists()` and `contains(…)` on a request or an association used as a subquery.
    func fetchOrSubquery(_ member: DSLRequestMember, _ name: DSLName, of relation: DSLRelation, _ call: DSLCall?,
                         in scope: Scope) throws(Diagnostic) -> DSLValue {
        guard let call else {
            throw error("\(member.rawValue) is a method: write .\(member == .isEmpty ? "isEmpty()" : member.usage)", at: name)
        }
        if member == .contains {
            guard let scope else {
                throw error("contains(…) tests a value against a subquery: use it inside a method, as in filter(…)", at: name)
            }
            guard let arguments = call.matching([nil]) else { throw wrongArguments(call, usage: member.usage, expected: [nil]) }
            return .expression(try subquery(of: relation, at: name).contains(try expression(arguments[0], in: scope)))
        }
        guard call.arguments.isEmpty else { throw wrongArguments(call, usage: "\(member.rawValue)()") }
        if member == .exists {
            let request = try subquery(of: relation, at: name)
            guard scope == nil else { return .expression(request.exists()) }
            return .query(DSLCompiledQuery(request: request, action: .exists(negated: false), replacedAliases: relation.replacedAliases))
        }
        guard scope == nil else {
            throw error("\(member.rawValue)() runs a request: it ends a query, and has no value inside brackets", at: name,
                        hint: "a request is a value as a subquery: request.select(column), request.exists(), request.contains(x)")
        }
        let request = try request(of: relation)
        let action: DSLCompiledQuery.Action
        var fetched = request
        switch member {
        case .fetchOne:
            action = .fetchOne
            fetched = relation.limit?.firstRow(of: request) ?? request
        case .fetchCount: action = .count(relation.countShape)
        case .isEmpty: action = .exists(negated: true)
        case .fetchSet: action = .fetchSet
        default: action = .fetch
        }
        return .query(DSLCompiledQuery(request: fetched, action: action, isLimited: relation.applied.contains(.limit),
                                       replacedAliases: relation.replacedAliases))
    }

    /// The request a relation stands for as a subquery.
    func subquery(of relation: DSLRelation, at name: DSLName) throws(Diagnostic) -> QueryInterfaceRequest<Row> {
        guard let standalone = relation.asSubquery, case .request(let request) = standalone.base else {
            throw error("\(relation.table) joins another association here: GRDB can't use it as a subquery", at: name)
        }
        return request
    }
}
