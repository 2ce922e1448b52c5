/// Parses a DSL query into a ``DSLNode`` tree with Swift's expression grammar:
///
///     query      := expression ";"? end
///     expression := prefix (binary-operator prefix)*        Swift's precedences
///     prefix     := ("!" | "-")* postfix
///     postfix    := primary ("." name | "(" arguments? ")")*
///     primary    := name | number | string | true | false | nil | "." name | "*"
///                 | "(" expression ")" | "[" elements? "]" | "[" entries "]" | "[" ":" "]"
///     arguments  := (name ":")? expression ("," (name ":")? expression)* ","?
///
/// Errors say what was expected and point at the token found instead:
///
///     try DSLParser.parse("player.filter(score >)")
///     // error: expected an expression after ">", found ")"
struct DSLParser {
    /// The deepest tree the parser builds. Queries people write stay far below it; refusing
    /// deeper ones keeps the parser's and the compiler's recursion off the end of the stack.
    static let maximumDepth = 100

    private let text: String
    private let tokens: [DSLToken]
    private var index = 0
    private var nesting = 0

    private init(text: String, tokens: [DSLToken]) {
        self.text = text
        self.tokens = tokens
    }

    /// Parses a whole query; a trailing `;` is allowed.
    /// A line pasted from Swift parses too: its `try` and `db` arguments are taken out
    /// (``DSLSwiftSpelling``).
    static func parse(_ text: String) throws(Diagnostic) -> DSLNode {
        var parser = DSLParser(text: text, tokens: try DSLLexer.tokens(in: DSLSwiftSpelling.withoutSwiftPrefix(text)))
        return DSLSwiftSpelling.rewritten(try parser.query())
    }

    private var current: DSLToken { tokens[index] }

    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    private mutating func query() throws(Diagnostic) -> DSLNode {
        if case .end = current.kind {
            throw error("expected a query, such as a table name", at: current)
        }
        let node = try expression(minimumPrecedence: 0)
        if current.symbol == .semicolon { advance() }
        guard case .end = current.kind else {
            let expected = current.symbol == .semicolon ? "end of line" : "\".\" and a method, or end of line"
            throw error("expected \(expected) after the query, found \(current.description)", at: current)
        }
        return node
    }

    private mutating func expression(minimumPrecedence: Int) throws(Diagnostic) -> DSLNode {
        try enterNesting()
        defer { nesting -= 1 }
        var lhs = try prefix()
        while let op = currentBinaryOperator, op.precedence >= minimumPrecedence {
            let opToken = current
            advance()
            let rhs = try operand(after: opToken, precedence: op.isRightAssociative ? op.precedence : op.precedence + 1)
            if op.isNonAssociative, let next = currentBinaryOperator, next.precedence == op.precedence {
                throw error("\(op.rawValue) and \(next.rawValue) can't be chained; add parentheses", at: current)
            }
            lhs = try make(.binary(op, lhs, rhs), lhs.range.lowerBound..<rhs.range.upperBound, [lhs, rhs], at: opToken)
        }
        return lhs
    }

    /// The binary operator the current token is, if it is one.
    private var currentBinaryOperator: DSLBinaryOperator? {
        guard case .symbol(let symbol) = tokens[index].kind else { return nil }
        return DSLBinaryOperator(symbol)
    }

    /// The right-hand side of a binary operator, with an error naming the operator when missing.
    private mutating func operand(after opToken: DSLToken, precedence: Int) throws(Diagnostic) -> DSLNode {
        guard startsExpression(current) else {
            throw error("expected an expression after \(opToken.description), found \(current.description)", at: current)
        }
        return try expression(minimumPrecedence: precedence)
    }

    private mutating func prefix() throws(Diagnostic) -> DSLNode {
        let token = current
        let op: DSLPrefixOperator? = switch token.symbol {
        case .not: .not
        case .minus: .negate
        default: nil
        }
        guard let op else { return try postfix() }
        try enterNesting()
        defer { nesting -= 1 }
        advance()
        guard startsExpression(current) else {
            throw error("expected an expression after \(token.description), found \(current.description)", at: current)
        }
        let operand = try prefix()
        return try make(.prefix(op, operand), token.range.lowerBound..<operand.range.upperBound, [operand], at: token)
    }

    private mutating func postfix() throws(Diagnostic) -> DSLNode {
        var node = try primary()
        while true {
            if current.symbol == .dot {
                let dot = current
                advance()
                guard case .identifier(let name) = current.kind else {
                    throw error("expected a method or property name after \".\", found \(current.description)", at: current)
                }
                let member = DSLName(text: name, range: current.range)
                advance()
                node = try make(.member(node, member), node.range.lowerBound..<member.range.upperBound, [node], at: dot)
            } else if current.symbol == .openParenthesis {
                let open = current
                advance()
                let arguments = try self.arguments(openedBy: open)
                let end = tokens[index - 1].range.upperBound
                node = try make(.call(node, arguments), node.range.lowerBound..<end, [node] + arguments.map(\.value), at: open)
            } else {
                return node
            }
        }
    }

    /// The arguments of a call, after its `(`, up to and including its `)`.
    private mutating func arguments(openedBy open: DSLToken) throws(Diagnostic) -> [DSLArgument] {
        var arguments: [DSLArgument] = []
        while current.symbol != .closeParenthesis {
            var label: DSLName?
            if case .identifier(let name) = current.kind, tokens[index + 1].symbol == .colon {
                label = DSLName(text: name, range: current.range)
                advance()
                advance()
            }
            guard startsExpression(current) else {
                let what = label.map { "a value after \"\($0.text):\"" } ?? (arguments.isEmpty ? "an argument or \")\"" : "an argument")
                throw error("expected \(what), found \(current.description)", at: current)
            }
            arguments.append(DSLArgument(label: label, value: try expression(minimumPrecedence: 0)))
            if current.symbol == .comma {
                advance()
            } else if current.symbol != .closeParenthesis {
                throw error("expected \",\" or \")\" after the argument, found \(current.description)", at: current)
            }
        }
        advance()
        return arguments
    }

    private mutating func primary() throws(Diagnostic) -> DSLNode {
        let token = current
        switch token.kind {
        case .identifier(let name):
            advance()
            switch name {
            case "true": return DSLNode(.literal(.boolean(true)), range: token.range)
            case "false": return DSLNode(.literal(.boolean(false)), range: token.range)
            case "nil": return DSLNode(.literal(.null), range: token.range)
            default: return DSLNode(.identifier(name), range: token.range)
            }
        case .integer(let value):
            advance()
            return DSLNode(.literal(.integer(value)), range: token.range)
        case .real(let value):
            advance()
            return DSLNode(.literal(.real(value)), range: token.range)
        case .string(let value):
            advance()
            return DSLNode(.literal(.string(value)), range: token.range)
        case .symbol(.dot):
            advance()
            guard case .identifier(let name) = current.kind else {
                throw error("expected a name after \".\", found \(current.description)", at: current)
            }
            let member = DSLName(text: name, range: current.range)
            advance()
            return DSLNode(.implicitMember(member), range: token.range.lowerBound..<member.range.upperBound)
        case .symbol(.times):
            advance()
            return DSLNode(.wildcard, range: token.range)
        case .symbol(.openParenthesis):
            advance()
            guard startsExpression(current) else {
                throw error("expected an expression after \"(\", found \(current.description)", at: current)
            }
            var inner = try expression(minimumPrecedence: 0)
            guard current.symbol == .closeParenthesis else {
                throw error("expected \")\" to close the \"(\", found \(current.description)", at: current)
            }
            advance()
            inner.range = token.range.lowerBound..<tokens[index - 1].range.upperBound
            return inner
        case .symbol(.openBracket):
            advance()
            return try collection(openedBy: token)
        default:
            throw error("expected an expression, found \(token.description)", at: token)
        }
    }

    /// An array `[a, b]` or a dictionary `["id": 1]`, after its `[`.
    private mutating func collection(openedBy open: DSLToken) throws(Diagnostic) -> DSLNode {
        if current.symbol == .colon, tokens[index + 1].symbol == .closeBracket {
            advance()
            advance()
            return DSLNode(.dictionary([]), range: open.range.lowerBound..<tokens[index - 1].range.upperBound)
        }
        var elements: [DSLNode] = []
        var entries: [DSLDictionaryEntry] = []
        while current.symbol != .closeBracket {
            guard startsExpression(current) else {
                throw error("expected an element or \"]\", found \(current.description)", at: current)
            }
            let element = try expression(minimumPrecedence: 0)
            let isEntry = current.symbol == .colon
            if isEntry ? !elements.isEmpty : !entries.isEmpty {
                throw error("an array literal can't mix elements and \"key: value\" entries", at: current)
            }
            if isEntry {
                advance()
                guard startsExpression(current) else {
                    throw error("expected a value after \":\", found \(current.description)", at: current)
                }
                entries.append(DSLDictionaryEntry(key: element, value: try expression(minimumPrecedence: 0)))
            } else {
                elements.append(element)
            }
            if current.symbol == .comma {
                advance()
            } else if current.symbol != .closeBracket {
                throw error("expected \",\" or \"]\" after the element, found \(current.description)", at: current)
            }
        }
        advance()
        let range = open.range.lowerBound..<tokens[index - 1].range.upperBound
        if entries.isEmpty {
            return try make(.array(elements), range, elements, at: open)
        }
        return try make(.dictionary(entries), range, entries.flatMap { [$0.key, $0.value] }, at: open)
    }

    private func startsExpression(_ token: DSLToken) -> Bool {
        switch token.kind {
        case .identifier, .integer, .real, .string: true
        case .symbol(let symbol): [.dot, .times, .openParenthesis, .openBracket, .not, .minus].contains(symbol)
        case .end: false
        }
    }

    /// A node, unless the tree would grow deeper than ``maximumDepth``.
    private func make(_ kind: DSLNode.Kind, _ range: Range<Int>, _ children: [DSLNode], at token: DSLToken) throws(Diagnostic) -> DSLNode {
        let node = DSLNode(kind, range: range, children: children)
        guard node.depth <= Self.maximumDepth else { throw tooDeep(at: token) }
        return node
    }

    private mutating func enterNesting() throws(Diagnostic) {
        nesting += 1
        if nesting > Self.maximumDepth { throw tooDeep(at: current) }
    }

    private func tooDeep(at token: DSLToken) -> Diagnostic {
        error("the query is nested too deeply (more than \(Self.maximumDepth) levels)", at: token)
    }

    private func error(_ message: String, at token: DSLToken) -> Diagnostic {
        DSLDiagnostic.at(token.range.lowerBound, in: text, message)
    }
}
