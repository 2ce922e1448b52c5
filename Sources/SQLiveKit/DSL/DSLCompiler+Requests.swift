import GRDB

/// The methods and properties of table requests and associations: `filter`, `select`,
/// `order`, `limit`, `count`… Each maps to the GRDB method of the same name.
extension DSLCompiler {
    func relationMember(_ name: DSLName, of relation: DSLRelation, _ call: DSLCall?, at node: DSLNode, in scope: Scope) throws(Diagnostic) -> DSLValue {
        guard let member = DSLRequestMember(rawValue: name.text) else {
            if call == nil, let column = try qualifiedColumn(name, of: relation, in: scope) {
                return .expression(column)
            }
            throw unknownMember(name, of: relation)
        }
        if member == .forKey && relation.isRoot && scope != nil, let call, let arguments = call.matching([nil]) {
            // `invoice.select(max(total)).forKey("best")`: a subquery named in a selection.
            let subquery = try expression(.relation(relation), at: node)
            let key = try typedName(arguments[0], in: relation, expecting: "a name in double quotes")
            return .selection(subquery.forKey(key), alias: key, expression: subquery)
        }
        if member == .isEmpty && relation.isRoot {
            if call == nil, let scope {
                // `team.having(player.isEmpty)` names an association: say why this one is not.
                _ = try association(named: relation.table, at: node, from: scope, required: true)
            }
            return try fetchOrSubquery(member, name, of: relation, call, in: scope)
        }
        var relation = relation
        if member.isRequestOnly && !relation.isRoot, let standalone = relation.asSubquery {
            // `category.select(id).limit(1)` inside brackets: a subquery of the table.
            relation = standalone
            relation.madeSubqueryBy = name
        }
        if member.isAssociationOnly && relation.isRoot {
            if let scope {
                // `team.annotated(with: player.sum(score))` names an association: say why this one is not.
                _ = try association(named: relation.table, at: node, from: scope, required: true)
            }
            throw error("\(member.rawValue) applies to an association, as in team.annotated(with: player.\(member.usage))", at: name)
        }
        if member.isRequestOnly && !relation.isRoot {
            throw error("\(member.rawValue) applies to a table request, not to an association (GRDB can't join it)", at: name)
        }
        if member.isProperty {
            guard call == nil else {
                throw error("\(member.rawValue) is a property: write .\(member.rawValue) without parentheses", at: name)
            }
            if member == .count && relation.isRoot {
                if let scope {
                    // `team.annotated(with: player.count)` names an association: say why this one is not.
                    _ = try association(named: relation.table, at: node, from: scope, required: true)
                }
                return .query(DSLCompiledQuery(request: try request(of: relation), action: .count(relation.countShape),
                                               replacedAliases: relation.replacedAliases))
            }
            return try aggregate(member, of: relation, nil, at: node)
        }
        guard let call else {
            throw error("\(member.rawValue) is a method: write .\(member.usage)", at: name)
        }
        return try method(member, call, of: relation, at: node, in: scope)
    }

    private func method(_ member: DSLRequestMember, _ call: DSLCall, of relation: DSLRelation, at node: DSLNode,
                        in scope: Scope) throws(Diagnostic) -> DSLValue {
        switch member {
        case .all: return .relation(try noArguments(call, relation))
        case .filter: return .relation(try filter(call, relation))
        case .select: return .relation(try select(call, relation))
        case .annotated: return .relation(try annotated(call, relation))
        case .order: return .relation(try order(call, relation))
        case .reversed: return .relation(try noArguments(call, relation).applying(.reversed, as: member))
        case .unordered: return .relation(try noArguments(call, relation).applying(.unordered, as: member))
        case .orderByPrimaryKey: return .relation(try noArguments(call, relation).applying(.orderByPrimaryKey, as: member))
        case .distinct: return .relation(try noArguments(call, relation).applying(.distinct, as: member))
        case .limit: return .relation(try limit(call, relation))
        case .group: return .relation(try group(call, relation))
        case .having: return .relation(try having(call, relation))
        case .matching: return .relation(try matching(call, relation))
        case .including, .joining: return .relation(try join(call, as: member, into: relation))
        case .deleteAll: return .query(try deleteAll(call, relation))
        case .updateAll: return .query(try updateAll(call, relation))
        case .sum, .total, .average, .min, .max, .count, .isEmpty: return try aggregate(member, of: relation, call, at: node)
        case .fetchAll, .fetchOne, .fetchCount, .fetchSet, .exists, .contains:
            return try fetchOrSubquery(member, call.name, of: relation, call, in: scope)
        case .with: return .relation(try with(call, relation))
        case .forKey:
            guard let arguments = call.matching([nil]) else { throw wrongArguments(call, usage: member.usage, expected: [nil]) }
            return .relation(relation.rekeyed(try typedName(arguments[0], in: relation, expecting: "a key in double quotes")))
        }
    }

    /// GRDB's request, for a relation that is one.
    func request(of relation: DSLRelation) throws(Diagnostic) -> QueryInterfaceRequest<Row> {
        guard case .request(let request) = relation.base else {
            throw Diagnostic("\(relation.table) is an association, not a table request")
        }
        return request
    }

    private func noArguments(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        guard call.arguments.isEmpty else { throw wrongArguments(call, usage: "\(call.name.text)()") }
        return relation
    }

    private func select(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        if let arguments = call.matching([nil, "as"]) {
            // `select(name, as: String.self)`: GRDB decodes the values as that type; the SQL and
            // the values SQLite returns are those of `select(name)`.
            try checkDecodedType(arguments[1])
            return try select(DSLCall(name: call.name, arguments: [call.arguments[0]], range: call.range), relation)
        }
        guard let arguments = call.variadic() else {
            throw wrongArguments(call, usage: DSLRequestMember.select.usage, expected: [nil])
        }
        var selection: [any SQLSelectable] = []
        var items: [DSLSelectedItem] = []
        var aliases: [String] = []
        for argument in arguments {
            switch try value(argument, in: relation) {
            case .selection(let selected, let alias, let expression):
                selection.append(selected)
                items.append(.aliased(expression))
                aliases.append(alias)
            case .aggregate:
                throw error("select can't take an association aggregate: use annotated(with: …)", at: argument)
            case let value:
                let expression = try expression(value, at: argument)
                selection.append(expression)
                items.append(.expression(expression))
            }
        }
        var result = relation.applying(.select(selection), as: .select)
        result.replacedAliases += relation.aliases.filter { !aliases.contains($0) }
        result.aliases = aliases
        result.selection = items
        return result
    }

    /// `String.self`, `Int.self`…: a type GRDB can decode a database value as.
    private func checkDecodedType(_ node: DSLNode) throws(Diagnostic) {
        let types = DSLImplicitMember.decodedTypes
        guard case .member(let base, let member) = node.kind, member.text == "self", case .identifier(let type) = base.kind else {
            throw error("expected a type, as in select(name, as: String.self)", at: node)
        }
        guard types.contains(type) else {
            throw DSLDiagnostic.unknown("type", type, among: types, at: base.range.lowerBound, in: text,
                                        hint: "the types are " + types.map { "\($0).self" }.joined(separator: ", "))
        }
    }

    private func annotated(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        guard let arguments = call.variadic(firstLabel: "with") else {
            throw wrongArguments(call, usage: DSLRequestMember.annotated.usage, expected: ["with"])
        }
        var selection: [any SQLSelectable] = []
        var aggregates: [DSLAggregate] = []
        var result = relation
        for argument in arguments {
            switch try value(argument, in: relation) {
            case .selection(let selected, let alias, let expression):
                selection.append(selected)
                result.selection.append(.aliased(expression))
                result.aliases.append(alias)
            case .aggregate(let aggregate):
                aggregates.append(aggregate)
                if let name = aggregate.alias {
                    result.aliases.append(name)
                } else if let name = try selectedName(of: aggregate, on: relation.table) {
                    result.aliases.append(name)
                }
            case let value:
                let expression = try expression(value, at: argument)
                selection.append(expression)
                result.selection.append(.expression(expression))
            }
        }
        if !selection.isEmpty {
            result = result.applying(.annotate(selection), as: .annotated)
        }
        if !aggregates.isEmpty {
            result = try adding(aggregates, to: result, at: arguments[0])
                .applying(.annotateAggregates(aggregates.map(\.aggregate)), as: .annotated)
            result.applied.insert(.group)
        }
        return result
    }

    private func order(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        guard let arguments = call.arguments.isEmpty ? [] : call.variadic() else {
            throw wrongArguments(call, usage: DSLRequestMember.order.usage, expected: [nil])
        }
        var orderings: [any SQLOrderingTerm] = []
        for argument in arguments {
            switch try value(argument, in: relation) {
            case .ordering(let ordering):
                orderings.append(ordering)
            case .aggregate(let aggregate):
                // GRDB sorts by an aggregate once selected, by its name (if reading the name
                // fails, the error stays this one).
                let name = (try? selectedName(of: aggregate, on: relation.table)) ?? nil
                let hint = name.map { "select it with annotated(with: …), then order(\($0))" }
                throw error("order can't take an association aggregate", at: argument,
                            hint: hint ?? "name it in annotated(with: ….forKey(\"n\")), then order by n")
            case let value:
                orderings.append(try expression(value, at: argument))
            }
        }
        return relation.applying(.order(orderings), as: .order)
    }

    private func limit(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        let request = try request(of: relation)
        let limit: DSLLimit
        if let arguments = call.matching([nil]) {
            limit = DSLLimit(count: try integer(arguments[0], in: relation))
        } else if let arguments = call.matching([nil, "offset"]) {
            limit = DSLLimit(count: try integer(arguments[0], in: relation), offset: try integer(arguments[1], in: relation))
        } else {
            throw wrongArguments(call, usage: "limit(n) or limit(n, offset: m)", expected: [nil, "offset"])
        }
        var result = relation
        result.base = .request(request.limit(limit.count, offset: limit.offset))
        result.limit = limit
        result.applied.insert(.limit)
        return result
    }

    private func group(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        guard let arguments = call.variadic() else {
            throw wrongArguments(call, usage: DSLRequestMember.group.usage, expected: [nil])
        }
        var expressions: [SQLExpression] = []
        for argument in arguments {
            expressions.append(try expression(argument, in: relation))
        }
        return relation.applying(.group(expressions), as: .group)
    }

    private func having(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        guard let arguments = call.matching([nil]) else {
            throw wrongArguments(call, usage: DSLRequestMember.having.usage, expected: [nil])
        }
        switch try value(arguments[0], in: relation) {
        case .aggregate(let aggregate):
            var result = try adding([aggregate], to: relation, at: arguments[0]).applying(.havingAggregate(aggregate.aggregate), as: .having)
            result.applied.insert(.group)
            return result
        case let value:
            return relation.applying(.having(try expression(value, at: arguments[0])), as: .having)
        }
    }

    private func matching(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        guard let arguments = call.matching([nil]) else {
            throw wrongArguments(call, usage: DSLRequestMember.matching.usage, expected: [nil])
        }
        let pattern = try string(arguments[0], in: relation, expecting: "a full-text pattern in double quotes")
        do {
            switch try schema.fullTextKind(of: relation.table) {
            case .fts5:
                return relation.applying(.matchingFTS5(try schema.db.makeFTS5Pattern(rawPattern: pattern, forTable: relation.table)), as: .matching)
            case .fts3:
                return relation.applying(.matchingFTS3(try FTS3Pattern(rawPattern: pattern)), as: .matching)
            case nil:
                throw error("matching needs a full-text table (FTS3, FTS4 or FTS5): \(relation.table) is not one", at: call.name)
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw self.error("invalid full-text pattern: \(Diagnostic(converting: error).message)", at: arguments[0])
        }
    }

    /// `team.name` in a request that joins `team`: the column through the join's alias.
    /// `player.score` in a request on `player` is just the column.
    private func qualifiedColumn(_ name: DSLName, of relation: DSLRelation, in scope: Scope) throws(Diagnostic) -> SQLExpression? {
        guard let scope, let column = try schema.column(named: name.text, in: relation.table) else { return nil }
        guard let link = relation.link else {
            return relation.table == scope.table ? Column(column).sqlExpression : nil
        }
        guard let join = scope.joins.first(where: { $0.link == link }) else {
            throw error("\(link.key) is not joined here: add .joining(required: \(link.key)) before naming its columns", at: name)
        }
        return join.alias[Column(column)]
    }

    private func unknownMember(_ name: DSLName, of relation: DSLRelation) -> Diagnostic {
        let members = DSLRequestMember.allCases.filter { relation.isRoot ? !$0.isAssociationOnly : !$0.isRequestOnly }.map(\.rawValue)
        let columns = relation.isRoot ? [] : ((try? schema.columns(of: relation.table)) ?? [])
        let kind = relation.isRoot ? "method" : "method or column"
        return DSLDiagnostic.unknown(kind, name.text, among: members + columns, at: name.range.lowerBound, in: text)
    }
}
