import GRDB

/// The DSL's binary operators, each declared once with its symbol here and its precedence
/// group and compilation in ``definition``: the parser and the compiler read both from there.
///
///     score > 10 && !isBanned      // .greater, .and
///     (1...5).contains(level)      // .closedRange
enum DSLBinaryOperator: String, Equatable, Sendable {
    case times = "*", divide = "/"
    case plus = "+", minus = "-"
    case closedRange = "...", halfOpenRange = "..<"
    case nilCoalescing = "??"
    case equal = "==", notEqual = "!=", identical = "===", notIdentical = "!=="
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case and = "&&"
    case or = "||"
    case assign = "=", addAssign = "+=", subtractAssign = "-=", multiplyAssign = "*=", divideAssign = "/="

    init?(_ symbol: DSLSymbol) {
        self.init(rawValue: symbol.rawValue)
    }

    /// The operator table. Forms are GRDB's operators: expression and expression, aggregate
    /// and aggregate, aggregate and expression, expression and aggregate (and expression and
    /// Bool for `==` and `!=`).
    var definition: DSLOperatorDefinition {
        switch self {
        case .times: .init(.multiplication, .sql(.init({ $0 * $1 }, { $0 * $1 }, { $0 * $1 }, { $0 * $1 })))
        case .divide: .init(.multiplication, .sql(.init({ $0 / $1 }, { $0 / $1 }, { $0 / $1 }, { $0 / $1 })))
        case .plus: .init(.addition, .sql(.init({ $0 + $1 }, { $0 + $1 }, { $0 + $1 }, { $0 + $1 })))
        case .minus: .init(.addition, .sql(.init({ $0 - $1 }, { $0 - $1 }, { $0 - $1 }, { $0 - $1 })))
        case .closedRange, .halfOpenRange: .init(.rangeFormation, .range)
        case .nilCoalescing: .init(.nilCoalescing, .sql(.init({ $0 ?? $1 }, nil, { $0 ?? $1 }, nil)))
        case .equal: .init(.comparison, .sql(.init({ $0 == $1 }, { $0 == $1 }, { $0 == $1 }, { $0 == $1 }, boolean: { $0 == $1 })))
        case .notEqual: .init(.comparison, .sql(.init({ $0 != $1 }, { $0 != $1 }, { $0 != $1 }, { $0 != $1 }, boolean: { $0 != $1 })))
        case .identical: .init(.comparison, .sql(.init({ $0 === $1 }, { $0 === $1 }, { $0 === $1 }, { $0 === $1 })))
        case .notIdentical: .init(.comparison, .sql(.init({ $0 !== $1 }, { $0 !== $1 }, { $0 !== $1 }, { $0 !== $1 })))
        case .less: .init(.comparison, .sql(.init({ $0 < $1 }, { $0 < $1 }, { $0 < $1 }, { $0 < $1 })))
        case .lessOrEqual: .init(.comparison, .sql(.init({ $0 <= $1 }, { $0 <= $1 }, { $0 <= $1 }, { $0 <= $1 })))
        case .greater: .init(.comparison, .sql(.init({ $0 > $1 }, { $0 > $1 }, { $0 > $1 }, { $0 > $1 })))
        case .greaterOrEqual: .init(.comparison, .sql(.init({ $0 >= $1 }, { $0 >= $1 }, { $0 >= $1 }, { $0 >= $1 })))
        case .and: .init(.conjunction, .sql(.init({ $0 && $1 }, { $0 && $1 }, { $0 && $1 }, { $0 && $1 })))
        case .or: .init(.disjunction, .sql(.init({ $0 || $1 }, { $0 || $1 }, { $0 || $1 }, { $0 || $1 })))
        case .assign: .init(.assignment, .assignment(nil))
        case .addAssign: .init(.assignment, .assignment({ $0 += $1 }))
        case .subtractAssign: .init(.assignment, .assignment({ $0 -= $1 }))
        case .multiplyAssign: .init(.assignment, .assignment({ $0 *= $1 }))
        case .divideAssign: .init(.assignment, .assignment({ $0 /= $1 }))
        }
    }

    /// Swift's precedence, as a number: higher binds tighter.
    var precedence: Int { definition.group.precedence }

    var isRightAssociative: Bool { definition.group.associativity == .right }

    /// Comparisons and ranges do not chain in Swift: `a < b < c` is an error.
    var isNonAssociative: Bool { definition.group.associativity == .none }
}
