/// Tab completion for DSL queries: table names at the start, methods after `.`, and inside
/// brackets the columns of the table in scope, its associations and the functions.
///
/// A pure function of the line, the cursor and a ``DSLCompletionSchema``, so the terminal
/// can call it on every Tab without touching the database.
///
///     DSLCompletion.candidates(line: "product.fil", cursor: 11, schema: schema)
///     // ["filter"]
///     DSLCompletion.candidates(line: "product.filter(pr", cursor: 17, schema: schema)
///     // ["price"]
public enum DSLCompletion {
    /// The words that complete the word ending at `cursor` (a UTF-8 offset in `line`),
    /// sorted. Empty inside a string, or where nothing can be typed.
    public static func candidates(line: String, cursor: Int, schema: DSLCompletionSchema) -> [String] {
        let bytes = Array(line.utf8)
        let end = min(max(cursor, 0), bytes.count)
        var start = end
        while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
        let prefix = String(decoding: bytes[start..<end], as: UTF8.self)
        let before = DSLSwiftSpelling.withoutSwiftPrefix(String(decoding: bytes[..<start], as: UTF8.self))
        guard let tokens = try? DSLLexer.tokens(in: before).dropLast() else {
            return []
        }
        let context = Context(tokens: Array(tokens), schema: schema)
        return context.words().filter { $0.lowercased().hasPrefix(prefix.lowercased()) }.uniqueSorted()
    }

    private static func isNameByte(_ byte: UInt8) -> Bool { DSLNameBytes.continues(byte) }

    /// The tokens before the word being completed, and what they say about it.
    private struct Context {
        let tokens: [DSLToken]
        let schema: DSLCompletionSchema

        func words() -> [String] {
            guard let last = tokens.last else {
                return schema.tables.map(\.name)
            }
            let openBrackets = self.openBrackets()
            let scope = self.scope(of: openBrackets)
            if last.symbol == .dot {
                return members(beforeDot: tokens.count - 1, scope: scope, isNested: !openBrackets.isEmpty)
            }
            guard !openBrackets.isEmpty, startsOperand(after: last) else { return [] }
            var words = DSLFunction.allCases.map(\.rawValue) + ["true", "false", "nil"]
            if let scope {
                words += schema.columns(of: scope) + schema.associations(of: scope)
            }
            return words
        }

        /// After `x.`: the methods of a request (outside brackets) or of an association, the
        /// properties of an expression, or `.nocase`-like names after a lone dot.
        private func members(beforeDot dot: Int, scope: String?, isNested: Bool) -> [String] {
            guard dot > 0, !startsOperand(after: tokens[dot - 1]) else {
                return DSLImplicitMember.collations + DSLImplicitMember.storageClasses + DSLImplicitMember.dateModifiers
            }
            guard let root = chainRoot(endingAt: dot - 1) else {
                // A parenthesized expression, an array or a range.
                return DSLExpressionMember.allCases.map(\.rawValue) + ["contains"]
            }
            if !isNested {
                // `contains` tests a value against a subquery: only inside brackets.
                return DSLRequestMember.allCases.filter { !$0.isAssociationOnly && $0 != .contains }.map(\.rawValue)
            }
            if let scope, schema.columns(of: scope).contains(where: { $0.isSameName(as: root) }) {
                return DSLExpressionMember.allCases.map(\.rawValue)
            }
            if let table = schema.table(named: root) {
                return DSLRequestMember.allCases.filter { !$0.isRequestOnly }.map(\.rawValue) + table.columns
            }
            return DSLExpressionMember.allCases.map(\.rawValue)
        }

        /// True when a value can start after this token: after `(`, `,`, `:`, `[`, operators.
        private func startsOperand(after token: DSLToken) -> Bool {
            guard let symbol = token.symbol else { return false }
            return ![.closeParenthesis, .closeBracket, .dot].contains(symbol)
        }

        /// The indexes of the brackets still open, outermost first.
        private func openBrackets() -> [Int] {
            var stack: [Int] = []
            for (index, token) in tokens.enumerated() {
                switch token.symbol {
                case .openParenthesis, .openBracket: stack.append(index)
                case .closeParenthesis, .closeBracket: _ = stack.popLast()
                default: break
                }
            }
            return stack
        }

        /// The table whose columns names inside the innermost bracket refer to: the table of
        /// the request or association whose method the bracket belongs to.
        private func scope(of openBrackets: [Int]) -> String? {
            var scope: String?
            for bracket in openBrackets where tokens[bracket].symbol == .openParenthesis && bracket >= 2 {
                guard tokens[bracket - 2].symbol == .dot, let root = chainRoot(endingAt: bracket - 3) else { continue }
                // `name.like(` keeps the scope: a column, even if a table has the same name.
                let isColumn = scope.map { schema.columns(of: $0).contains { $0.isSameName(as: root) } } ?? false
                if !isColumn, let table = schema.table(named: root) {
                    scope = table.name
                }
            }
            return scope
        }

        /// The name a chain of members and calls starts from: `team` in `team.filter(x).order`.
        private func chainRoot(endingAt index: Int) -> String? {
            var index = index
            while index >= 0 {
                let token = tokens[index]
                if token.symbol == .closeParenthesis {
                    guard let open = matchingOpen(index), open > 0, case .identifier = tokens[open - 1].kind else { return nil }
                    index = open - 1
                    continue
                }
                guard case .identifier(let name) = token.kind else { return nil }
                if index >= 2, tokens[index - 1].symbol == .dot, !startsOperand(after: tokens[index - 2]) {
                    index -= 2
                    continue
                }
                return name
            }
            return nil
        }

        private func matchingOpen(_ close: Int) -> Int? {
            var depth = 0
            for index in stride(from: close, through: 0, by: -1) {
                switch tokens[index].symbol {
                case .closeParenthesis, .closeBracket: depth += 1
                case .openParenthesis, .openBracket:
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            return nil
        }
    }
}

extension Array where Element == String {
    fileprivate func uniqueSorted() -> [String] {
        Array(Set(self)).sorted()
    }
}
