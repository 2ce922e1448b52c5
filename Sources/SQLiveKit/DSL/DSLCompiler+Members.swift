import GRDB

/// `base.name` and `base.name(arguments)`: dispatched on what the base compiled to.
extension DSLCompiler {
    func member(_ name: DSLName, of baseNode: DSLNode, arguments call: DSLCall?, in scope: Scope,
                preferring preference: Preference) throws(Diagnostic) -> DSLValue {
        // `team.count` means the association when a column is also named team; `score.desc`
        // means the column.
        let basePreference: Preference = DSLExpressionMember(rawValue: name.text) == nil ? .association : preference
        let base = try value(baseNode, in: scope, preferring: basePreference)
        switch base {
        case .relation(let relation):
            return try relationMember(name, of: relation, call, at: baseNode, in: scope)
        case .expression, .literal:
            return try expressionMember(name, of: expression(base, at: baseNode), call, at: baseNode, in: scope)
        case .aggregate(let aggregate):
            guard name.text == DSLExpressionMember.forKey.rawValue, let call, let arguments = call.matching([nil]) else {
                throw error("an association aggregate has only forKey(\"name\"), found \(name.text)", at: name)
            }
            let key = try typedName(arguments[0], in: scope, expecting: "a name in double quotes")
            var named = aggregate.mapped { $0.forKey(key) }
            named.alias = key
            return .aggregate(named)
        case .array(let elements):
            let contained = try containedElement(name, call, of: "an array")
            let containsRowID = try namesRowID(contained, in: scope)
            var expressions: [SQLExpression] = []
            var values: [DSLValue] = []
            for element in elements { values.append(try value(element, in: scope)) }
            let asReals = Self.arrayLiteralHoldsReals(values, existentialUnlessNil: true)
            for (element, elementValue) in zip(elements, values) {
                var value = elementValue
                if asReals, case .literal(.integer(let integer)) = value { value = .literal(.real(Double(integer))) }
                if containsRowID, case .literal(let literal) = value { value = .literal(try rowIDKey(literal)) }
                expressions.append(try expression(value, at: element))
            }
            return .expression(expressions.contains(try expression(contained, in: scope)))
        case .range(let range):
            return .expression(range.contains(try expression(try containedElement(name, call, of: "a range"), in: scope)))
        case .query:
            throw error("nothing can follow count, a fetch method, deleteAll() or updateAll(…): they end a query", at: name)
        case .joined(let join):
            let namesColumn = try schema.column(named: name.text, in: join.table) != nil
            if DSLRequestMember(rawValue: name.text) != nil, call != nil || !namesColumn {
                // `album.select(max(id))` where album names a join deeper in the request: the
                // table's request, for a subquery, as `Table("album")` is in Swift (it was
                // "no such column: select").
                return try relationMember(name, of: .table(join.table), call, at: baseNode, in: scope)
            }
            guard call == nil, let column = try schema.column(named: name.text, in: join.table) else {
                throw DSLDiagnostic.unknown("column", name.text, among: try schema.columns(of: join.table), at: name.range.lowerBound, in: text)
            }
            return .expression(join.alias[Column(column)])
        default:
            throw error("\(base.kindDescription) has no member \(name.text)", at: name)
        }
    }

    /// The `x` of `[a, b].contains(x)` and `(a...b).contains(x)`.
    private func containedElement(_ name: DSLName, _ call: DSLCall?, of kind: String) throws(Diagnostic) -> DSLNode {
        guard name.text == "contains" else {
            throw DSLDiagnostic.unknown("method", name.text, among: ["contains"], at: name.range.lowerBound, in: text,
                                        hint: "\(kind) has one method: contains(expression)")
        }
        guard let call, let arguments = call.matching([nil]) else {
            throw call.map { wrongArguments($0, usage: "contains(expression)", expected: [nil]) }
                ?? error("contains is a method: write contains(expression)", at: name)
        }
        return arguments[0]
    }

    /// `score.desc`, `name.like("A%")`, `name.collating(.nocase)`, `score.set(to: 0)`…
    private func expressionMember(_ name: DSLName, of expression: SQLExpression, _ call: DSLCall?, at node: DSLNode,
                                  in scope: Scope) throws(Diagnostic) -> DSLValue {
        guard let member = DSLExpressionMember(rawValue: name.text) else {
            throw DSLDiagnostic.unknown("property or method", name.text, among: DSLExpressionMember.allCases.map(\.rawValue),
                                        at: name.range.lowerBound, in: text)
        }
        if member.isProperty, call != nil {
            throw error("\(member.rawValue) is a property: write .\(member.rawValue) without parentheses", at: name)
        }
        switch member {
        case .asc: return .ordering(expression.asc)
        case .desc: return .ordering(expression.desc)
        case .ascNullsLast: return .ordering(expression.ascNullsLast)
        case .descNullsFirst: return .ordering(expression.descNullsFirst)
        case .lowercased: return .expression(expression.lowercased)
        case .uppercased: return .expression(expression.uppercased)
        case .capitalized: return .expression(expression.capitalized)
        case .localizedCapitalized: return .expression(expression.localizedCapitalized)
        case .localizedLowercased: return .expression(expression.localizedLowercased)
        case .localizedUppercased: return .expression(expression.localizedUppercased)
        case .forKey:
            let arguments = try methodArguments(member, call, name, labels: [nil])
            let alias = try typedName(arguments[0], in: scope, expecting: "a name in double quotes")
            return .selection(expression.forKey(alias), alias: alias, expression: expression)
        case .like:
            if let arguments = call?.matching([nil, "escape"]) {
                return .expression(expression.like(try self.expression(arguments[0], in: scope), escape: try self.expression(arguments[1], in: scope)))
            }
            let arguments = try methodArguments(member, call, name, labels: [nil])
            return .expression(expression.like(try self.expression(arguments[0], in: scope)))
        case .collating:
            let arguments = try methodArguments(member, call, name, labels: [nil])
            let collation = try implicitMember(arguments[0], among: DSLImplicitMember.collations, kind: "collation", plural: "collations")
            return .expression(expression.collating(Database.CollationName(rawValue: collation.uppercased())))
        case .set:
            let arguments = try methodArguments(member, call, name, labels: ["to"])
            let column = try assignedColumn(node, in: scope)
            return .assignment(column.set(to: try self.expression(arguments[0], in: scope)))
        }
    }

    /// The arguments of a method call with the given labels, or the error saying how to
    /// write it.
    private func methodArguments(_ member: DSLExpressionMember, _ call: DSLCall?, _ name: DSLName, labels: [String?]) throws(Diagnostic) -> [DSLNode] {
        guard let call else {
            throw error("\(member.rawValue) is a method: write .\(member.usage)", at: name)
        }
        guard let arguments = call.matching(labels) else {
            throw wrongArguments(call, usage: member.usage, expected: labels)
        }
        return arguments
    }

    /// `.nocase`, `.integer`: one of the names a parameter accepts after a lone dot.
    func implicitMember(_ node: DSLNode, among names: [String], kind: String, plural: String) throws(Diagnostic) -> String {
        let list = names.map { "." + $0 }.joined(separator: ", ")
        guard case .implicitMember(let name) = node.kind else {
            throw error("expected a \(kind): \(list)", at: node)
        }
        guard names.contains(name.text) else {
            throw DSLDiagnostic.unknown(kind, "." + name.text, among: names.map { "." + $0 }, at: node.range.lowerBound, in: text,
                                        hint: "the \(plural) are \(list)")
        }
        return name.text
    }
}
