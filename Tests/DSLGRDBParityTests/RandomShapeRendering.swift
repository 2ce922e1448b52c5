import Foundation
import GRDB

// A RandomShape written twice: as DSL text, and as the GRDB request a Swift program builds.

extension RandomShape {
    /// The query typed in sqlive.
    var dsl: String {
        var text = tableSpelling
        for step in steps { text += "." + step.dsl }
        let db = pastedFromSwift ? "db" : ""
        switch ending {
        case .none: break
        case .fetchAll: text += ".fetchAll(\(db))"
        case .fetchOne: text += ".fetchOne(\(db))"
        case .fetchCount: text += ".fetchCount(\(db))"
        case .count: text += ".count"
        case .isEmpty: text += ".isEmpty(\(db))"
        case .fetchSet: text += ".fetchSet(\(db))"
        case .deleteAll: text += ".deleteAll(\(db))"
        case .updateAll: text += ".updateAll(\(pastedFromSwift ? "db, " : "")\(assignments.map(\.dsl).joined(separator: ", ")))"
        case .exists: text += ".exists()"
        }
        return pastedFromSwift && ending != .none && ending != .count && ending != .exists ? "try " + text : text
    }

    /// The request a Swift program builds for the same tree, and what it does with it.
    func swiftRequest() -> SwiftRequest {
        var builder = RandomSwiftBuilder(root: table.name)
        var request = Table<Row>(table.name).all()
        for step in steps { request = builder.apply(step, to: request) }
        switch ending {
        case .none, .fetchAll: return .fetch(request)
        case .fetchOne: return .fetchOne(request)
        case .fetchCount, .count: return .count(request)
        case .isEmpty: return .isEmpty(request)
        case .fetchSet: return .fetchSet(request)
        case .deleteAll: return .deleteAll(request, table: table.name)
        case .updateAll: return .updateAll(request, assignments.map(\.swift), table: table.name)
        case .exists: return .fetchRequest(SQLRequest<Row>(literal: "SELECT \(request.exists())"))
        }
    }
}

extension RandomStep {
    var dsl: String {
        switch self {
        case .filter(let expression): "filter(\(expression.dsl))"
        case .filterKey(let key): "filter(key: \(key.dsl))"
        case .filterKeys(let keys): "filter(keys: [\(keys.map(\.dsl).joined(separator: ", "))])"
        case .order(let terms): "order(\(terms.map { $0.0.receiverDSL + $0.1.suffix }.joined(separator: ", ")))"
        case .reversed: "reversed()"
        case .unordered: "unordered()"
        case .orderByPrimaryKey: "orderByPrimaryKey()"
        case .limit(let limit, let offset?): "limit(\(limit), offset: \(offset))"
        case .limit(let limit, nil): "limit(\(limit))"
        case .select(let selection): "select(\(selection.map(\.dsl).joined(separator: ", ")))"
        case .annotated(let selection): "annotated(with: \(selection.map(\.dsl).joined(separator: ", ")))"
        case .distinct: "distinct()"
        case .group(let expressions): "group(\(expressions.map(\.dsl).joined(separator: ", ")))"
        case .having(let expression): "having(\(expression.dsl))"
        case .join(let association):
            "\(association.including ? "including" : "joining")(\(association.required ? "required" : "optional"): \(association.dsl))"
        }
    }
}

extension RandomAssignment {
    var dsl: String { op == "set" ? "\(column).set(to: \(value.dsl))" : "\(column) \(op) \(value.dsl)" }

    var swift: ColumnAssignment {
        let column = Column(self.column)
        let value = self.value.databaseValue
        switch op {
        case "set": return self.value == .null ? column.set(to: nil) : column.set(to: value)
        case "+=": return column += value
        case "-=": return column -= value
        case "*=": return column *= value
        default: return column /= value
        }
    }
}

extension RandomSubquery {
    var dsl: String {
        var text = table
        if let filter { text += ".filter(\(filter.dsl))" }
        if let selection { text += ".select(\(selection.dsl))" }
        if let limit { text += ".limit(\(limit))" }
        return text
    }

    var swift: QueryInterfaceRequest<Row> {
        let builder = RandomSwiftBuilder(root: table)
        var request = Table<Row>(table).all()
        if let filter { request = request.filter(builder.sql(filter)) }
        if let selection { request = request.select(builder.sql(selection)) }
        if let limit { request = request.limit(limit) }
        return request
    }
}

extension RandomOrdering {
    var suffix: String {
        switch self {
        case .plain: ""
        case .asc: ".asc"
        case .desc: ".desc"
        case .ascNullsLast: ".ascNullsLast"
        case .descNullsFirst: ".descNullsFirst"
        }
    }
}

extension RandomAssociation {
    var dsl: String {
        var text = spelling
        if let filter { text += ".filter(\(filter.dsl))" }
        if let select { text += ".select(\(select.joined(separator: ", ")))" }
        for nested in nested {
            text += ".\(nested.including ? "including" : "joining")(\(nested.required ? "required" : "optional"): \(nested.dsl))"
        }
        return text
    }
}

extension RandomExpression {
    /// Swift's precedence of the expression's outermost operator (1000: an atom or a postfix
    /// form, 500: a prefix operator or a negative literal).
    private var precedence: Int {
        switch self {
        case .binary(let op, _, _): op.precedence
        case .not, .negate: 500
        case .literal(let literal): literal.isNegativeNumber ? 500 : 1000
        default: 1000
        }
    }

    var dsl: String {
        switch self {
        case .column(let column):
            if let association = column.association { return "\(association).\(column.name)" }
            switch column.spelling {
            case .schema: return column.name
            case .lowercased: return column.name.lowercased()
            case .uppercased: return column.name.uppercased()
            case .columnCall: return "Column(\"\(column.name)\")"
            }
        case .alias(let name): return name
        case .literal(let literal): return literal.dsl
        case .binary(let op, let left, let right):
            let leftNeedsParentheses = left.precedence < op.precedence || (left.precedence == op.precedence && op.associativity != .left)
            let rightNeedsParentheses = right.precedence < op.precedence || (right.precedence == op.precedence && op.associativity != .right)
            let leftText = leftNeedsParentheses ? "(\(left.dsl))" : left.dsl
            let rightText = rightNeedsParentheses ? "(\(right.dsl))" : right.dsl
            return "\(leftText) \(op.rawValue) \(rightText)"
        case .not(let operand): return "!" + operand.operandDSL
        case .negate(let operand): return "-" + operand.operandDSL
        case .like(let operand, let pattern): return operand.receiverDSL + ".like(\(RandomLiteral.string(pattern).dsl))"
        case .inArray(let elements, let operand): return "[\(elements.map(\.dsl).joined(separator: ", "))].contains(\(operand.dsl))"
        case .range(let lower, let upper, let closed, let operand):
            return "(\(lower.dsl)\(closed ? "..." : "..<")\(upper.dsl)).contains(\(operand.dsl))"
        case .function(let function, let operand):
            switch function {
            case .uppercased, .lowercased: return operand.receiverDSL + "." + function.rawValue
            case .countDistinct: return "count(distinct: \(operand.dsl))"
            default: return "\(function.rawValue)(\(operand.dsl))"
            }
        case .countAll: return "count(*)"
        case .associationAggregate(let association, let aggregate, let column, let key):
            var text = association + "." + aggregate.rawValue
            if let column { text += "(\(column))" }
            if let key { text += ".forKey(\"\(key)\")" }
            return text
        case .keyed(let expression, let key): return expression.receiverDSL + ".forKey(\"\(key)\")"
        case .parenthesized(let expression): return "(\(expression.dsl))"
        case .collated(let expression, let collation): return expression.receiverDSL + ".collating(.\(collation))"
        case .cast(let expression, let storageClass): return "cast(\(expression.dsl), as: .\(storageClass))"
        case .coalesce(let expressions): return "coalesce([\(expressions.map(\.dsl).joined(separator: ", "))])"
        case .filteredAggregate(let function, let expression, let filter): return "\(function.rawValue)(\(expression.dsl), filter: \(filter.dsl))"
        case .subqueryContains(let subquery, let expression): return subquery.dsl + ".contains(\(expression.dsl))"
        case .subqueryExists(let subquery): return subquery.dsl + ".exists()"
        case .subqueryValue(let subquery): return subquery.dsl
        }
    }

    /// The expression before `.like(…)`, `.desc`, `.forKey(…)`: in parentheses unless an atom.
    var receiverDSL: String { precedence < 1000 ? "(\(dsl))" : dsl }

    /// The operand of `!` or `-`.
    var operandDSL: String { precedence < 1000 ? "(\(dsl))" : dsl }
}

/// Builds the GRDB request of a shape, as Swift code would: `Column("…")`, the operators on
/// typed values, `TableAlias` for the columns of a joined association.
struct RandomSwiftBuilder {
    var root: String
    var aliases: [String: TableAlias<Row>] = [:]

    init(root: String) {
        self.root = root
    }

    mutating func apply(_ step: RandomStep, to request: QueryInterfaceRequest<Row>) -> QueryInterfaceRequest<Row> {
        switch step {
        case .filter(let expression): return request.filter(sql(expression))
        case .filterKey(.null): return request.filter(key: nil as [String: (any DatabaseValueConvertible)?]?)
        case .filterKey(let key): return request.filter(key: key.databaseValue)
        case .filterKeys(let keys): return request.filter(keys: keys.map(\.databaseValue))
        case .order(let terms): return request.order(terms.map { ordering($0.0, $0.1) })
        case .reversed: return request.reversed()
        case .unordered: return request.unordered()
        case .orderByPrimaryKey: return request.orderByPrimaryKey()
        case .limit(let limit, let offset): return request.limit(limit, offset: offset)
        case .select(let selection): return request.select(selection.map(selectable))
        case .annotated(let selection):
            let aggregates = selection.compactMap(associationAggregate)
            if aggregates.count == selection.count { return request.annotated(with: aggregates) }
            return request.annotated(with: selection.map(selectable))
        case .distinct: return request.distinct()
        case .group(let expressions): return request.group(expressions.map(sql))
        case .having(let expression):
            if let aggregate = associationAggregate(expression) { return request.having(aggregate) }
            return request.having(sql(expression))
        case .join(let association):
            let alias = TableAlias<Row>()
            aliases[association.name] = alias
            var nestedAliases: [String: TableAlias<Row>] = [:]
            for nested in association.nested where aliases[nested.name] == nil && nested.name != root {
                nestedAliases[nested.name] = TableAlias<Row>()
                aliases[nested.name] = nestedAliases[nested.name]
            }
            return join(association, from: root, to: request, alias: alias, nestedAliases: nestedAliases)
        }
    }

    private func join(_ shape: RandomAssociation, from origin: String, to request: QueryInterfaceRequest<Row>, alias: TableAlias<Row>,
                      nestedAliases: [String: TableAlias<Row>]) -> QueryInterfaceRequest<Row> {
        if shape.isToMany {
            let association = configured(Table<Row>(origin).hasMany(Table<Row>(shape.name)), shape, nestedAliases: nestedAliases).aliased(alias)
            return joined(request, association, shape)
        }
        let association = configured(Table<Row>(origin).belongsTo(Table<Row>(shape.name)), shape, nestedAliases: nestedAliases).aliased(alias)
        return joined(request, association, shape)
    }

    private func joined<A: Association>(_ request: QueryInterfaceRequest<Row>, _ association: A, _ shape: RandomAssociation) -> QueryInterfaceRequest<Row>
    where A.OriginRowDecoder == Row {
        switch (shape.including, shape.required) {
        case (true, true): request.including(required: association)
        case (true, false): request.including(optional: association)
        case (false, true): request.joining(required: association)
        case (false, false): request.joining(optional: association)
        }
    }

    private func configured<A: Association>(_ association: A, _ shape: RandomAssociation,
                                            nestedAliases: [String: TableAlias<Row>] = [:]) -> A where A.RowDecoder == Row {
        var association = association
        let inner = RandomSwiftBuilder(root: shape.name)
        if let filter = shape.filter { association = association.filter(inner.sql(filter)) }
        if let select = shape.select { association = association.select(select.map { Column($0) }) }
        for nested in shape.nested {
            let alias = nestedAliases[nested.name]
            if nested.isToMany {
                var child = inner.configured(Table<Row>(shape.name).hasMany(Table<Row>(nested.name)), nested)
                if let alias { child = child.aliased(alias) }
                association = Self.joinedNested(association, child, nested)
            } else {
                var child = inner.configured(Table<Row>(shape.name).belongsTo(Table<Row>(nested.name)), nested)
                if let alias { child = child.aliased(alias) }
                association = Self.joinedNested(association, child, nested)
            }
        }
        return association
    }

    private static func joinedNested<A: Association, B: Association>(_ association: A, _ child: B, _ shape: RandomAssociation) -> A
    where B.OriginRowDecoder == A.RowDecoder {
        switch (shape.including, shape.required) {
        case (true, true): association.including(required: child)
        case (true, false): association.including(optional: child)
        case (false, true): association.joining(required: child)
        case (false, false): association.joining(optional: child)
        }
    }

    func ordering(_ expression: RandomExpression, _ ordering: RandomOrdering) -> any SQLOrderingTerm {
        let value = sql(expression)
        switch ordering {
        case .plain: return value
        case .asc: return value.asc
        case .desc: return value.desc
        case .ascNullsLast: return value.ascNullsLast
        case .descNullsFirst: return value.descNullsFirst
        }
    }

    func selectable(_ expression: RandomExpression) -> any SQLSelectable {
        switch expression {
        case .keyed(.literal(let literal), let key): literal.databaseValue.forKey(key)
        case .keyed(let inner, let key): sql(inner).forKey(key)
        case .literal(let literal): literal.databaseValue
        default: sql(expression)
        }
    }

    func associationAggregate(_ expression: RandomExpression) -> AssociationAggregate<Row>? {
        switch expression {
        case .associationAggregate(let target, let aggregate, let column, let key):
            let association = Table<Row>(root).hasMany(Table<Row>(target))
            var result: AssociationAggregate<Row>
            switch aggregate {
            case .count: result = association.count
            case .isEmpty: result = association.isEmpty
            case .sum: result = association.sum(Column(column!))
            case .total: result = association.total(Column(column!))
            case .average: result = association.average(Column(column!))
            case .min: result = association.min(Column(column!))
            case .max: result = association.max(Column(column!))
            }
            if let key { result = result.forKey(key) }
            return result
        case .binary(let op, let left, .literal(let literal)):
            guard let aggregate = associationAggregate(left) else { return nil }
            let value = literal.databaseValue
            switch op {
            case .greater: return aggregate > value
            case .less: return aggregate < value
            case .equal: return aggregate == value
            case .notEqual: return aggregate != value
            case .greaterOrEqual: return aggregate >= value
            default: return nil
            }
        default:
            return nil
        }
    }

    func sql(_ expression: RandomExpression) -> SQLExpression {
        switch expression {
        case .column(let column):
            if let association = column.association, let alias = aliases[association] { return alias[Column(column.name)] }
            return Column(column.name).sqlExpression
        case .alias(let name): return Column(name).detached
        case .literal(let literal): return Self.literalExpression(literal)
        case .binary(let op, let left, let right): return binary(op, left, right)
        case .not(let operand): return !sql(operand)
        case .negate(let operand): return -sql(operand)
        case .like(let operand, let pattern): return sql(operand).like(pattern)
        case .inArray(let elements, let operand):
            return RandomLiteral.unified(elements, existentialUnlessNil: true).map(\.databaseValue).contains(sql(operand))
        case .range(let lower, let upper, let closed, let operand):
            let bounds = RandomLiteral.unified([lower, upper])
            let value = sql(operand)
            switch (bounds[0], bounds[1]) {
            case (.integer(let a, _), .integer(let b, _)): return closed ? (a...b).contains(value) : (a..<b).contains(value)
            case (.real(let a, _), .real(let b, _)): return closed ? (a...b).contains(value) : (a..<b).contains(value)
            case (.string(let a), .string(let b)): return closed ? (a...b).contains(value) : (a..<b).contains(value)
            default: fatalError("range bounds \(bounds)")
            }
        case .function(let function, let operand):
            let value = sql(operand)
            switch function {
            case .abs: return abs(value)
            case .length: return length(value)
            case .uppercased: return value.uppercased
            case .lowercased: return value.lowercased
            case .count: return count(value)
            case .countDistinct: return count(distinct: value)
            case .sum: return sum(value)
            case .total: return total(value)
            case .min: return min(value)
            case .max: return max(value)
            case .average: return average(value)
            }
        case .countAll: return SQL("COUNT(*)").sqlExpression
        case .associationAggregate: fatalError("an association aggregate outside annotated(with:) and having(_:)")
        case .keyed(let inner, _): return sql(inner)
        case .parenthesized(let inner): return sql(inner)
        case .collated(let inner, let collation): return sql(inner).collating(Database.CollationName(rawValue: collation.uppercased()))
        case .cast(let inner, let storageClass): return cast(sql(inner), as: Database.StorageClass(rawValue: storageClass.uppercased()))
        case .coalesce(let expressions):
            return coalesce(expressions.map { expression -> any SQLSpecificExpressible in
                if case .literal(let literal) = expression { return literal.databaseValue }
                return sql(expression)
            })
        case .filteredAggregate(let function, let inner, let filter):
            let value = sql(inner), condition = sql(filter)
            switch function {
            case .sum: return sum(value, filter: condition)
            case .total: return total(value, filter: condition)
            case .min: return min(value, filter: condition)
            case .max: return max(value, filter: condition)
            default: return average(value, filter: condition)
            }
        case .subqueryContains(let subquery, let inner): return subquery.swift.contains(sql(inner))
        case .subqueryExists(let subquery): return subquery.swift.exists()
        case .subqueryValue(let subquery): return subquery.swift.sqlExpression
        }
    }

    static func literalExpression(_ literal: RandomLiteral) -> SQLExpression {
        switch literal {
        case .integer(let value, _): value.sqlExpression
        case .real(let value, _): value.sqlExpression
        case .string(let value): value.sqlExpression
        case .null: DatabaseValue.null.sqlExpression
        case .boolean(let value): value.sqlExpression
        }
    }

    /// The operator as Swift resolves it on these operands: `x == true` is GRDB's boolean
    /// test, `x == nil` its `IS NULL`.
    private func binary(_ op: RandomOperator, _ left: RandomExpression, _ right: RandomExpression) -> SQLExpression {
        if op == .equal || op == .notEqual {
            if case .literal(.boolean(let flag)) = right {
                return op == .equal ? sql(left) == flag : sql(left) != flag
            }
            if case .literal(.boolean(let flag)) = left {
                return op == .equal ? flag == sql(right) : flag != sql(right)
            }
        }
        if case .literal(.null) = right {
            let l = sql(left)
            switch op {
            case .equal: return l == nil
            case .notEqual: return l != nil
            case .identical: return l === nil
            case .notIdentical: return l !== nil
            default: break
            }
        }
        let l = sql(left), r = sql(right)
        switch op {
        case .add: return l + r
        case .subtract: return l - r
        case .multiply: return l * r
        case .divide: return l / r
        case .equal: return l == r
        case .notEqual: return l != r
        case .less: return l < r
        case .lessOrEqual: return l <= r
        case .greater: return l > r
        case .greaterOrEqual: return l >= r
        case .identical: return l === r
        case .notIdentical: return l !== r
        case .and: return l && r
        case .or: return l || r
        case .coalesce: return l ?? r
        }
    }
}
