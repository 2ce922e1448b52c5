/// The syntax tree of a DSL query: Swift expression syntax, and nothing of SQL.
///
/// The parser builds it; the compiler gives it meaning (which names are tables, columns,
/// methods). Every node keeps the UTF-8 range of its text, for carets in diagnostics.
///
///     // player.filter(score > 10)
///     call(member(identifier player, filter), [binary(>, identifier score, integer 10)])
struct DSLNode: Equatable, Sendable {
    indirect enum Kind: Equatable, Sendable {
        /// A bare name: `player`, `score`, `count`.
        case identifier(String)
        case literal(DSLLiteral)
        /// `.nocase`, `.integer`: a member of a type Swift would infer.
        case implicitMember(DSLName)
        /// `base.name`: `player.filter`, `name.desc`.
        case member(DSLNode, DSLName)
        /// `callee(arguments)`.
        case call(DSLNode, [DSLArgument])
        case prefix(DSLPrefixOperator, DSLNode)
        case binary(DSLBinaryOperator, DSLNode, DSLNode)
        /// `[a, b]`.
        case array([DSLNode])
        /// `["id": 1]`; `[:]` is an empty dictionary.
        case dictionary([DSLDictionaryEntry])
        /// `*`, as in `count(*)`.
        case wildcard
    }

    var kind: Kind
    var range: Range<Int>
    /// How deep the tree under this node goes; the parser refuses trees deeper than a limit,
    /// so the compiler's recursion is bounded.
    var depth: Int

    init(_ kind: Kind, range: Range<Int>, children: [DSLNode] = []) {
        self.kind = kind
        self.range = range
        self.depth = 1 + (children.map(\.depth).max() ?? 0)
    }
}

/// A name and where it was written: a member (`filter`), a label (`offset`).
struct DSLName: Equatable, Sendable {
    var text: String
    var range: Range<Int>
}

enum DSLLiteral: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case string(String)
    case boolean(Bool)
    case null
}

/// One argument of a call: `limit: 5` has the label `limit`; `score > 10` has none.
struct DSLArgument: Equatable, Sendable {
    var label: DSLName?
    var value: DSLNode

    /// Where the argument starts, label included.
    var start: Int { label?.range.lowerBound ?? value.range.lowerBound }
}

struct DSLDictionaryEntry: Equatable, Sendable {
    var key: DSLNode
    var value: DSLNode
}

enum DSLPrefixOperator: String, Equatable, Sendable {
    case not = "!"
    case negate = "-"
}
