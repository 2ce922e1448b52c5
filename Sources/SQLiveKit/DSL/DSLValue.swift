import GRDB

/// What a piece of a DSL query compiles to: a GRDB value, tagged with its kind so the
/// compiler can check that each method receives what it expects.
///
///     player                  relation (the request Table("player").all())
///     score > 10              expression
///     score.desc              ordering
///     name.forKey("n")        selection
///     team.count              aggregate (inside a request on player's parent table)
enum DSLValue {
    case relation(DSLRelation)
    case expression(SQLExpression)
    /// A literal, kept as written so GRDB's overloads for `nil` and booleans apply
    /// (`x == nil` is `IS NULL`, `flag == true` is `flag`).
    case literal(DSLLiteral)
    case aggregate(DSLAggregate)
    case ordering(SQLOrdering)
    /// `expression.forKey("alias")`.
    case selection(SQLSelection, alias: String, expression: SQLExpression)
    case assignment(ColumnAssignment)
    /// `.nocase`, `.integer`: meaningful only where a collation or a storage class is expected.
    case implicitMember(DSLName)
    /// `[a, b]`, compiled element by element by the method that receives it.
    case array([DSLNode])
    case dictionary([DSLDictionaryEntry])
    /// `1...5` or `"a"..<"m"`: literal bounds, as Swift ranges need.
    case range(DSLRange)
    /// `*`, only meaningful in `count(*)`.
    case wildcard
    /// A finished query: `.count`, `.deleteAll()`, `.updateAll(…)`.
    case query(DSLCompiledQuery)
    /// An association joined under a key of its own, whose columns can be named:
    /// `manager.name`.
    case joined(DSLJoin)
    /// `CommonTableExpression(named: …)`, for `with(…)`.
    case commonTable(DSLCommonTables.Entry)

    /// How messages name this kind of value: "expected an expression, found an ordering".
    var kindDescription: String {
        switch self {
        case .relation(let relation): relation.isRoot ? "the table request \(relation.table)" : "the association \(relation.table)"
        case .expression, .literal: "an expression"
        case .aggregate: "an association aggregate"
        case .ordering: "an ordering"
        case .selection: "a selection with a key"
        case .assignment: "a column assignment"
        case .implicitMember(let name): ".\(name.text)"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .range: "a range"
        case .wildcard: "*"
        case .query: "a finished query"
        case .joined(let join): "the joined association \(join.link.key)"
        case .commonTable(let entry): "the common table expression \(entry.name)"
        }
    }
}

extension DSLLiteral {
    /// The literal as a database value: integers, reals, strings, booleans as 1/0, NULL.
    var databaseValue: DatabaseValue {
        switch self {
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .string(let value): value.databaseValue
        case .boolean(let value): value.databaseValue
        case .null: .null
        }
    }
}

/// An association aggregate (`player.count`), with the associations it joins so the
/// compiler can check them against the request's other joins.
struct DSLAggregate {
    var aggregate: AssociationAggregate<Row>
    var joins: [DSLJoinKey]
    /// The name given with `forKey`, which later methods may refer to.
    var alias: String?

    /// Transforms the aggregate (`abs(a.count)`, `a.count > 2`), keeping its joins.
    func mapped(_ transform: (AssociationAggregate<Row>) -> AssociationAggregate<Row>) -> DSLAggregate {
        DSLAggregate(aggregate: transform(aggregate), joins: joins)
    }
}

/// `lower...upper` or `lower..<upper` with literal bounds of one type.
struct DSLRange {
    enum Bounds {
        case integers(Int64, Int64)
        case reals(Double, Double)
        case strings(String, String)
    }

    var bounds: Bounds
    var isClosed: Bool

    /// GRDB's `BETWEEN` (closed) or `>= AND <` (half-open) test of an expression.
    func contains(_ element: SQLExpression) -> SQLExpression {
        switch bounds {
        case .integers(let lower, let upper): isClosed ? (lower...upper).contains(element) : (lower..<upper).contains(element)
        case .reals(let lower, let upper): isClosed ? (lower...upper).contains(element) : (lower..<upper).contains(element)
        case .strings(let lower, let upper): isClosed ? (lower...upper).contains(element) : (lower..<upper).contains(element)
        }
    }
}
