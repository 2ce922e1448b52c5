/// Expressions made only of literals are computed as Swift computes them, before GRDB sees
/// them: in Swift, `Column("name") == "Ada " + "Lovelace"` compares with the string
/// `"Ada Lovelace"`, and `60 * 1000 * 10` is the integer 600000 that GRDB binds.
///
///     "Ada " + "Lovelace"    "Ada Lovelace"     (String's +)
///     7 / 2                  3                  (Int: integer division)
///     7 / 2 + 0.5            4.0                (one real literal makes them all Double)
///     1 < 2                  true
///     "a" + 1                error, as in Swift
extension DSLCompiler {
    /// The value of a binary expression of literals, or nil when it holds anything else.
    func constant(_ node: DSLNode) throws(Diagnostic) -> DSLLiteral? {
        guard case .binary = node.kind, isConstant(node) else { return nil }
        return try evaluate(node, asReals: holdsReal(node))
    }

    /// Literals (but `nil`), and the operators Swift evaluates on them.
    private func isConstant(_ node: DSLNode) -> Bool {
        switch node.kind {
        case .literal(let literal): literal != .null
        case .prefix(_, let operand): isConstant(operand)
        case .binary(let op, let lhs, let rhs): Self.foldable.contains(op) && isConstant(lhs) && isConstant(rhs)
        default: false
        }
    }

    private static let arithmetic: Set<DSLBinaryOperator> = [.plus, .minus, .times, .divide]
    private static let comparisons: Set<DSLBinaryOperator> = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
    private static let foldable = arithmetic.union(comparisons).union([.and, .or])

    /// Swift gives all the number literals of one arithmetic expression (comparisons
    /// included) one type: Double as soon as one of them is written as a real.
    private func holdsReal(_ node: DSLNode) -> Bool {
        switch node.kind {
        case .literal(.real): true
        case .prefix(.negate, let operand): holdsReal(operand)
        case .binary(let op, let lhs, let rhs) where Self.arithmetic.contains(op) || Self.comparisons.contains(op):
            holdsReal(lhs) || holdsReal(rhs)
        default: false
        }
    }

    private func evaluate(_ node: DSLNode, asReals: Bool) throws(Diagnostic) -> DSLLiteral {
        switch node.kind {
        case .literal(.integer(let value)) where asReals:
            return .real(Double(value))
        case .literal(let literal):
            return literal
        case .prefix(.negate, let operand):
            switch try evaluate(operand, asReals: asReals) {
            case .integer(let value):
                let (negated, overflow) = Int64(0).subtractingReportingOverflow(value)
                guard !overflow else { throw error("-\(value) overflows Int, as in Swift", at: node) }
                return .integer(negated)
            case .real(let value): return .real(-value)
            case let other: throw error("- applies to a number, not to \(other.typeName)", at: node)
            }
        case .prefix(.not, let operand):
            // `!` starts a new expression for Swift's literal types.
            guard case .boolean(let value) = try evaluate(operand, asReals: holdsReal(operand)) else {
                throw error("! applies to a boolean", at: node)
            }
            return .boolean(!value)
        case .binary(let op, let lhsNode, let rhsNode) where op == .and || op == .or:
            let lhs = try evaluate(lhsNode, asReals: holdsReal(lhsNode))
            let rhs = try evaluate(rhsNode, asReals: holdsReal(rhsNode))
            guard case .boolean(let left) = lhs, case .boolean(let right) = rhs else {
                throw error("\(op.rawValue) combines two booleans, not \(lhs.typeName) and \(rhs.typeName)", at: node)
            }
            return .boolean(op == .and ? left && right : left || right)
        case .binary(let op, let lhsNode, let rhsNode):
            let lhs = try evaluate(lhsNode, asReals: asReals)
            let rhs = try evaluate(rhsNode, asReals: asReals)
            return try Self.comparisons.contains(op) ? compare(op, lhs, rhs, at: node) : compute(op, lhs, rhs, at: node)
        default:
            throw error("expected a constant", at: node)
        }
    }

    private func compute(_ op: DSLBinaryOperator, _ lhs: DSLLiteral, _ rhs: DSLLiteral, at node: DSLNode) throws(Diagnostic) -> DSLLiteral {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)):
            if op == .divide && b == 0 { throw error("division by zero, which Swift refuses", at: node) }
            let (result, overflow): (Int64, Bool)
            switch op {
            case .plus: (result, overflow) = a.addingReportingOverflow(b)
            case .minus: (result, overflow) = a.subtractingReportingOverflow(b)
            case .times: (result, overflow) = a.multipliedReportingOverflow(by: b)
            default: (result, overflow) = a.dividedReportingOverflow(by: b)
            }
            guard !overflow else { throw error("\(a) \(op.rawValue) \(b) overflows Int, as in Swift", at: node) }
            return .integer(result)
        case (.real(let a), .real(let b)):
            switch op {
            case .plus: return .real(a + b)
            case .minus: return .real(a - b)
            case .times: return .real(a * b)
            default: return .real(a / b)
            }
        case (.string(let a), .string(let b)) where op == .plus:
            return .string(a + b)
        default:
            throw error("\(op.rawValue) can't combine \(lhs.typeName) and \(rhs.typeName) (Swift refuses it too)", at: node)
        }
    }

    private func compare(_ op: DSLBinaryOperator, _ lhs: DSLLiteral, _ rhs: DSLLiteral, at node: DSLNode) throws(Diagnostic) -> DSLLiteral {
        let order: (equal: Bool, less: Bool)
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): order = (a == b, a < b)
        case (.real(let a), .real(let b)): order = (a == b, a < b)
        case (.string(let a), .string(let b)): order = (a == b, a < b)
        case (.boolean(let a), .boolean(let b)) where op == .equal || op == .notEqual: order = (a == b, false)
        default:
            throw error("\(op.rawValue) can't compare \(lhs.typeName) and \(rhs.typeName) (Swift refuses it too)", at: node)
        }
        switch op {
        case .equal: return .boolean(order.equal)
        case .notEqual: return .boolean(!order.equal)
        case .less: return .boolean(order.less)
        case .lessOrEqual: return .boolean(order.less || order.equal)
        case .greater: return .boolean(!order.less && !order.equal)
        default: return .boolean(!order.less)
        }
    }
}

extension DSLLiteral {
    /// The Swift type a literal has, for messages.
    var typeName: String {
        switch self {
        case .integer: "an Int"
        case .real: "a Double"
        case .string: "a String"
        case .boolean: "a Bool"
        case .null: "nil"
        }
    }
}
