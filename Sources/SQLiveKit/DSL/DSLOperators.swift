import GRDB

/// The DSL's binary operators as GRDB's: on expressions, on association aggregates, and on
/// an aggregate and an expression. Nil for operators that don't apply (ranges and
/// assignments, which the compiler handles itself).
enum DSLOperators {
    typealias Aggregate = AssociationAggregate<Row>

    static func apply(_ op: DSLBinaryOperator, _ lhs: SQLExpression, _ rhs: SQLExpression) -> SQLExpression? {
        switch op {
        case .equal: lhs == rhs
        case .notEqual: lhs != rhs
        case .identical: lhs === rhs
        case .notIdentical: lhs !== rhs
        case .less: lhs < rhs
        case .lessOrEqual: lhs <= rhs
        case .greater: lhs > rhs
        case .greaterOrEqual: lhs >= rhs
        case .and: lhs && rhs
        case .or: lhs || rhs
        case .plus: lhs + rhs
        case .minus: lhs - rhs
        case .times: lhs * rhs
        case .divide: lhs / rhs
        case .nilCoalescing: lhs ?? rhs
        case .closedRange, .halfOpenRange, .assign, .addAssign, .subtractAssign, .multiplyAssign, .divideAssign: nil
        }
    }

    /// `flag == true` is `flag IS 1` in GRDB, not `flag = 1`.
    static func apply(_ op: DSLBinaryOperator, _ lhs: SQLExpression, _ rhs: Bool) -> SQLExpression? {
        switch op {
        case .equal: lhs == rhs
        case .notEqual: lhs != rhs
        default: nil
        }
    }

    static func apply(_ op: DSLBinaryOperator, _ lhs: Aggregate, _ rhs: Aggregate) -> Aggregate? {
        switch op {
        case .equal: lhs == rhs
        case .notEqual: lhs != rhs
        case .identical: lhs === rhs
        case .notIdentical: lhs !== rhs
        case .less: lhs < rhs
        case .lessOrEqual: lhs <= rhs
        case .greater: lhs > rhs
        case .greaterOrEqual: lhs >= rhs
        case .and: lhs && rhs
        case .or: lhs || rhs
        case .plus: lhs + rhs
        case .minus: lhs - rhs
        case .times: lhs * rhs
        case .divide: lhs / rhs
        default: nil
        }
    }

    static func apply(_ op: DSLBinaryOperator, _ lhs: Aggregate, _ rhs: SQLExpression) -> Aggregate? {
        switch op {
        case .equal: lhs == rhs
        case .notEqual: lhs != rhs
        case .identical: lhs === rhs
        case .notIdentical: lhs !== rhs
        case .less: lhs < rhs
        case .lessOrEqual: lhs <= rhs
        case .greater: lhs > rhs
        case .greaterOrEqual: lhs >= rhs
        case .and: lhs && rhs
        case .or: lhs || rhs
        case .plus: lhs + rhs
        case .minus: lhs - rhs
        case .times: lhs * rhs
        case .divide: lhs / rhs
        case .nilCoalescing: lhs ?? rhs
        default: nil
        }
    }

    static func apply(_ op: DSLBinaryOperator, _ lhs: SQLExpression, _ rhs: Aggregate) -> Aggregate? {
        switch op {
        case .equal: lhs == rhs
        case .notEqual: lhs != rhs
        case .identical: lhs === rhs
        case .notIdentical: lhs !== rhs
        case .less: lhs < rhs
        case .lessOrEqual: lhs <= rhs
        case .greater: lhs > rhs
        case .greaterOrEqual: lhs >= rhs
        case .and: lhs && rhs
        case .or: lhs || rhs
        case .plus: lhs + rhs
        case .minus: lhs - rhs
        case .times: lhs * rhs
        case .divide: lhs / rhs
        default: nil
        }
    }
}
