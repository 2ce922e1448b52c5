import GRDB

/// What the DSL knows about one binary operator: how tightly it binds (Swift's precedence
/// group) and what the compiler turns it into. ``DSLBinaryOperator/definition`` holds one for
/// every operator.
///
///     DSLBinaryOperator.plus.definition.group.precedence   // 140, as Swift's `+`
struct DSLOperatorDefinition {
    typealias Aggregate = AssociationAggregate<Row>
    typealias Assign = (Column, SQLExpression) -> ColumnAssignment

    var group: Group
    var compilation: Compilation

    init(_ group: Group, _ compilation: Compilation) {
        self.group = group
        self.compilation = compilation
    }

    /// Swift's precedence groups for the DSL's operators.
    enum Group {
        case multiplication, addition, rangeFormation, nilCoalescing, comparison, conjunction, disjunction, assignment

        /// Swift's order, as numbers: higher binds tighter.
        var precedence: Int {
            switch self {
            case .multiplication: 150
            case .addition: 140
            case .rangeFormation: 135
            case .nilCoalescing: 131
            case .comparison: 130
            case .conjunction: 120
            case .disjunction: 110
            case .assignment: 90
            }
        }

        /// Comparisons and ranges do not chain in Swift (`a < b < c` is an error); `??` and
        /// assignments group from the right.
        var associativity: Associativity {
            switch self {
            case .rangeFormation, .comparison: .none
            case .nilCoalescing, .assignment: .right
            default: .left
            }
        }
    }

    enum Associativity {
        case left, right, none
    }

    /// What `lhs op rhs` compiles to.
    enum Compilation {
        /// `1...5`: a range of literal bounds, which the compiler checks itself.
        case range
        /// `score += 1` in `updateAll(…)`; nil for `=`, which is an error outside `set(to:)`.
        case assignment(Assign?)
        /// GRDB's operator, for each pair of operands GRDB has it for.
        case sql(Forms)
    }

    /// One GRDB operator on expressions and association aggregates; nil where GRDB has no
    /// such overload.
    struct Forms {
        var expressions: (SQLExpression, SQLExpression) -> SQLExpression
        var aggregates: ((Aggregate, Aggregate) -> Aggregate)?
        var aggregateAndExpression: ((Aggregate, SQLExpression) -> Aggregate)?
        var expressionAndAggregate: ((SQLExpression, Aggregate) -> Aggregate)?
        /// `flag == true` is `flag IS 1` in GRDB, not `flag = 1`.
        var boolean: ((SQLExpression, Bool) -> SQLExpression)?

        /// The forms in that order: expression and expression, aggregate and aggregate,
        /// aggregate and expression, expression and aggregate, expression and Bool.
        init(_ expressions: @escaping (SQLExpression, SQLExpression) -> SQLExpression,
             _ aggregates: ((Aggregate, Aggregate) -> Aggregate)?,
             _ aggregateAndExpression: ((Aggregate, SQLExpression) -> Aggregate)?,
             _ expressionAndAggregate: ((SQLExpression, Aggregate) -> Aggregate)?,
             boolean: ((SQLExpression, Bool) -> SQLExpression)? = nil) {
            self.expressions = expressions
            self.aggregates = aggregates
            self.aggregateAndExpression = aggregateAndExpression
            self.expressionAndAggregate = expressionAndAggregate
            self.boolean = boolean
        }
    }
}
