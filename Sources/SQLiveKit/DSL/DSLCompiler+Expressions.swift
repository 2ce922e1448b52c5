import GRDB

/// Operators and functions: `score > 10 && !isBanned`, `count(*)`, `cast(x, as: .real)`,
/// `(1...5).contains(x)`, and the same operators on association aggregates.
extension DSLCompiler {
    func prefix(_ op: DSLPrefixOperator, _ operandNode: DSLNode, at node: DSLNode, in scope: Scope) throws(Diagnostic) -> DSLValue {
        let operand = try value(operandNode, in: scope)
        switch (op, operand) {
        case (.not, .literal(.boolean(let value))): return .literal(.boolean(!value))
        case (.negate, .literal(.integer(let value))):
            // -(-9223372036854775807 - 1) overflows, as in Swift (it stopped the process).
            let (negated, overflow) = Int64(0).subtractingReportingOverflow(value)
            guard !overflow else { throw error("-(\(value)) overflows Int, as in Swift", at: node) }
            return .literal(.integer(negated))
        case (.negate, .literal(.real(let value))): return .literal(.real(-value))
        case (.not, .aggregate(let aggregate)): return .aggregate(aggregate.mapped { !$0 })
        case (.negate, .aggregate(let aggregate)): return .aggregate(aggregate.mapped { -$0 })
        case (.not, _): return .expression(!(try expression(operand, at: operandNode)))
        case (.negate, _): return .expression(-(try expression(operand, at: operandNode)))
        }
    }

    func binary(_ op: DSLBinaryOperator, _ lhsNode: DSLNode, _ rhsNode: DSLNode, at node: DSLNode, in scope: Scope) throws(Diagnostic) -> DSLValue {
        let forms: DSLOperatorDefinition.Forms
        switch op.definition.compilation {
        case .assignment(let assign):
            return try assignment(assign, lhsNode, rhsNode, in: scope)
        case .range:
            return .range(try range(op, lhsNode, rhsNode, in: scope))
        case .sql(let sqlForms):
            forms = sqlForms
        }
        var lhs = try value(lhsNode, in: scope)
        var rhs = try value(rhsNode, in: scope)
        if op == .equal || op == .identical {
            // GRDB narrows the region on these comparisons with a rowid (see DSLKeyValues).
            if case .literal(let literal) = rhs, try namesRowID(lhsNode, in: scope) { rhs = .literal(try rowIDKey(literal)) }
            if case .literal(let literal) = lhs, try namesRowID(rhsNode, in: scope) { lhs = .literal(try rowIDKey(literal)) }
        }
        let unsupported = error("\(op.rawValue) can't combine \(lhs.kindDescription) and \(rhs.kindDescription)", at: node)
        switch (lhs, rhs) {
        case (.aggregate(let left), .aggregate(let right)):
            guard let combine = forms.aggregates else { throw unsupported }
            return .aggregate(DSLAggregate(aggregate: combine(left.aggregate, right.aggregate), joins: left.joins + right.joins))
        case (.aggregate(let left), _):
            let right = try expression(rhs, at: rhsNode)
            guard let combine = forms.aggregateAndExpression else { throw unsupported }
            return .aggregate(DSLAggregate(aggregate: combine(left.aggregate, right), joins: left.joins))
        case (_, .aggregate(let right)):
            let left = try expression(lhs, at: lhsNode)
            guard let combine = forms.expressionAndAggregate else { throw unsupported }
            return .aggregate(DSLAggregate(aggregate: combine(left, right.aggregate), joins: right.joins))
        case (_, .literal(.boolean(let flag))) where lhs.isExpression:
            let left = try expression(lhs, at: lhsNode)
            guard let compare = forms.boolean else { break }
            return .expression(compare(left, flag))
        case (.literal(.boolean(let flag)), _) where rhs.isExpression:
            let right = try expression(rhs, at: rhsNode)
            guard let compare = forms.boolean else { break }
            return .expression(compare(right, flag))
        default:
            break
        }
        return .expression(forms.expressions(try expression(lhs, at: lhsNode), try expression(rhs, at: rhsNode)))
    }

    /// `1...5`, `"a"..<"n"`: Swift ranges need literal bounds of one type (integers and reals
    /// mix as reals), the lower not above the upper.
    private func range(_ op: DSLBinaryOperator, _ lhsNode: DSLNode, _ rhsNode: DSLNode, in scope: Scope) throws(Diagnostic) -> DSLRange {
        let isClosed = op == .closedRange
        let lower = try literal(lhsNode, in: scope, expecting: "a number or a string as the range's lower bound")
        let upper = try literal(rhsNode, in: scope, expecting: "a number or a string as the range's upper bound")
        let bounds: DSLRange.Bounds
        switch (lower, upper) {
        case (.integer(let a), .integer(let b)) where a <= b: bounds = .integers(a, b)
        case (.string(let a), .string(let b)) where a <= b: bounds = .strings(a, b)
        case (.integer, .integer), (.string, .string):
            throw error("the range's lower bound is above its upper bound", at: lhsNode)
        default:
            guard let a = lower.number, let b = upper.number else {
                throw error("a range's bounds are two numbers or two strings", at: lhsNode)
            }
            guard a <= b else { throw error("the range's lower bound is above its upper bound", at: lhsNode) }
            bounds = .reals(a, b)
        }
        return DSLRange(bounds: bounds, isClosed: isClosed)
    }

    /// `count(*)`, `sum(score)`, `cast(x, as: .real)`, `belongsTo(person, using: authorId)`…
    func function(_ call: DSLCall, in scope: Scope) throws(Diagnostic) -> DSLValue {
        guard let function = DSLFunction(rawValue: call.name.text) else {
            throw DSLDiagnostic.unknown("function", call.name.text, among: DSLFunction.allCases.map(\.rawValue),
                                        at: call.name.range.lowerBound, in: text)
        }
        switch function {
        case .count:
            if let arguments = call.matching([nil]) {
                if case .wildcard = arguments[0].kind { return .expression(DSLCompiledQuery.countAll) }
                return .expression(count(try expression(arguments[0], in: scope)))
            }
            if let arguments = call.matching(["distinct"]) {
                return .expression(count(distinct: try expression(arguments[0], in: scope)))
            }
            throw wrongArguments(call, usage: function.usage, expected: [nil])
        case .sum, .total, .average, .min, .max, .abs, .length:
            if let arguments = call.matching([nil, "filter"]),
               let filtered = filteredAggregate(function, try expression(arguments[0], in: scope), filter: try expression(arguments[1], in: scope)) {
                return .expression(filtered)
            }
            guard let arguments = call.matching([nil]) else { throw wrongArguments(call, usage: function.usage, expected: [nil]) }
            let argument = try value(arguments[0], in: scope)
            if case .aggregate(let aggregate) = argument {
                switch function {
                case .abs: return .aggregate(aggregate.mapped { abs($0) })
                case .length: return .aggregate(aggregate.mapped { length($0) })
                default: throw error("\(function.rawValue) can't take an association aggregate", at: arguments[0])
                }
            }
            let expression = try expression(argument, at: arguments[0])
            switch function {
            case .sum: return .expression(sum(expression))
            case .total: return .expression(total(expression))
            case .average: return .expression(average(expression))
            case .min: return .expression(min(expression))
            case .max: return .expression(max(expression))
            case .abs: return .expression(abs(expression))
            default: return .expression(length(expression))
            }
        case .coalesce:
            return .expression(try coalesce(call, in: scope))
        case .dateTime, .julianDay:
            return .expression(try dateFunction(function, call, in: scope))
        case .cast:
            guard let arguments = call.matching([nil, "as"]) else { throw wrongArguments(call, usage: function.usage, expected: [nil, "as"]) }
            let name = try implicitMember(arguments[1], among: DSLImplicitMember.storageClasses, kind: "storage class", plural: "storage classes")
            let storageClass = Database.StorageClass(rawValue: name.uppercased())
            if case .aggregate(let aggregate) = try value(arguments[0], in: scope) {
                return .aggregate(aggregate.mapped { cast($0, as: storageClass) })
            }
            return .expression(cast(try expression(arguments[0], in: scope), as: storageClass))
        case .belongsTo, .hasMany:
            return try explicitAssociation(call, isToMany: function == .hasMany, in: scope)
        case .commonTableExpression:
            return try commonTableExpression(call)
        case .association:
            return try commonTableAssociation(call, in: scope)
        case .hasOne:
            guard let scope else {
                throw error("hasOne(…) names an association: use it inside a method such as including(required: …)", at: call.name)
            }
            return try throughAssociation(call, isToMany: false, in: scope)
        }
    }

    /// `coalesce([a, b])` as in GRDB, or `coalesce(a, b)` as in SQL.
    private func coalesce(_ call: DSLCall, in scope: Scope) throws(Diagnostic) -> SQLExpression {
        guard var nodes = call.variadic() else {
            throw wrongArguments(call, usage: DSLFunction.coalesce.usage, expected: [nil])
        }
        if nodes.count == 1, case .array(let elements) = nodes[0].kind {
            nodes = elements
        }
        guard nodes.count >= 2 else {
            throw wrongArguments(call, usage: DSLFunction.coalesce.usage + " with two values or more", expected: [nil])
        }
        var expressions: [any SQLSpecificExpressible] = []
        for node in nodes {
            expressions.append(try expression(node, in: scope))
        }
        return GRDB.coalesce(expressions)
    }
}

extension DSLValue {
    /// True for values that are SQL expressions (columns, computations, literals).
    var isExpression: Bool {
        switch self {
        case .expression, .literal: true
        default: false
        }
    }
}

extension DSLLiteral {
    /// Integers and reals as a real, for ranges that mix them.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }
}
