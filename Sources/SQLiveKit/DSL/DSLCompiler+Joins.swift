import GRDB

/// Joining associations into a request or another association, and the aggregates of
/// to-many associations, with the checks that keep GRDB from stopping the process: GRDB
/// can't merge two different associations under one key, nor nest a required join in an
/// optional one.
extension DSLCompiler {
    /// `including(required: team)`, `joining(optional: team.filter(…))`…
    func join(_ call: DSLCall, as member: DSLRequestMember, into relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        let kinds: [String: DSLJoinKind] = member == .including
            ? ["required": .includingRequired, "optional": .includingOptional]
            : ["required": .joiningRequired, "optional": .joiningOptional]
        let usage = "\(member.rawValue)(required: association) or \(member.rawValue)(optional: association)"
        if member == .including, call.labels == ["all"] {
            throw error("including(all:) fetches in several queries, which one result can't show", at: call.name,
                        hint: "including(optional: …) of a to-many association shows one row per child, with its parent's columns")
        }
        guard call.arguments.count == 1, let label = call.labels[0], let kind = kinds[label] else {
            let typed = call.labels.first ?? nil
            let expectedLabel = typed.flatMap { kinds[$0] == nil ? nil : $0 } ?? "required"
            throw wrongArguments(call, usage: usage, expected: [expectedLabel])
        }
        let node = call.arguments[0].value
        let value = try value(node, in: relation, preferring: .association)
        guard case .relation(let association) = value, let link = association.link else {
            if case .relation(let request) = value, let method = request.madeSubqueryBy {
                throw error("\(method.text) applies to a table request, not to an association (GRDB can't join it)", at: method)
            }
            if case .relation(let request) = value, case .identifier(let name) = node.kind, request.table.isSameName(as: name) {
                // A table no foreign key links (or several do): the association lookup says so.
                _ = try self.association(named: name, at: node, from: relation, required: true)
            }
            throw error("expected an association (a table linked to \(relation.table) by a foreign key), found \(value.kindDescription)", at: node)
        }
        if !kind.isRequired && association.containsRequiredJoin {
            throw error("GRDB can't join a required association inside an optional one", at: node,
                        hint: "make the inner join optional, or this one required")
        }
        try checkKeys([DSLJoinKey(path: [link.key], link: link)] + association.joins.map { DSLJoinKey(path: [link.key] + $0.path, link: $0.link) },
                      in: relation, at: node)
        let alias = association.alias ?? relation.joins.first { $0.path == [link.key] }?.alias ?? TableAlias()
        // A join to a common table expression names the request's columns through its alias.
        let origin = association.originAlias.map(relation.aliased) ?? relation
        var result = origin.applying(.join(association.aliased(alias), kind), as: member)
        result.joins.append(DSLJoin(path: [link.key], link: link, table: association.table, alias: alias, isRequired: kind.isRequired))
        result.joins += association.joins.map { join in
            var join = join
            join.path = [link.key] + join.path
            return join
        }
        return result
    }

    /// Refuses a join whose key is already used by a different association.
    private func checkKeys(_ incoming: [DSLJoinKey], in relation: DSLRelation, at node: DSLNode) throws(Diagnostic) {
        let existing = relation.joins.map(\.key) + relation.aggregateJoins
        for join in incoming {
            if let other = existing.first(where: { $0.path == join.path }), other.link.identity != join.link.identity {
                throw error("two different associations are named \(join.link.key) in this request", at: node,
                            hint: "give one another key: belongsTo(table, key: \"other\", using: column), or association.forKey(\"other\")")
            }
        }
    }

    /// `team.annotated(with: player.count)`, `team.having(player.isEmpty)`: the aggregates'
    /// joins join the relation, which GRDB then groups by its primary key.
    func adding(_ aggregates: [DSLAggregate], to relation: DSLRelation, at node: DSLNode) throws(Diagnostic) -> DSLRelation {
        guard relation.isRoot else {
            throw error("association aggregates apply to a table request, not to an association", at: node)
        }
        let joins = aggregates.flatMap(\.joins)
        try checkKeys(joins, in: relation, at: node)
        var result = relation
        result.aggregateJoins += joins
        return result
    }

    /// The name GRDB gives an aggregate it selects (`playerCount`, `maxPlayerScore`,
    /// `hasNoPlayer`, or the key given with `forKey`), by which later methods may name it, as
    /// Swift does with `Column("playerCount").detached`. Nil when GRDB gives none (an aggregate
    /// of an expression, or most transformed ones).
    ///
    /// GRDB keeps default names to itself: the name is read from the SQL GRDB writes for the
    /// aggregate alone, `SELECT "team".*, COUNT(…) AS "playerCount" FROM …`.
    func selectedName(of aggregate: DSLAggregate, on table: String) throws(Diagnostic) -> String? {
        let statement = try DSLSchema.reading {
            try Table<Row>(table).annotated(with: aggregate.aggregate).makePreparedRequest(schema.db).statement
        }
        guard let name = statement.columnNames.last, statement.sql.contains(" AS \(name.quotedDatabaseIdentifier) FROM ") else {
            return nil
        }
        return name
    }

    /// `player.count`, `player.isEmpty`, `player.sum(score)`… on a to-many association (or a
    /// `hasMany(…, through:, using:)`).
    func aggregate(_ member: DSLRequestMember, of association: DSLRelation, _ call: DSLCall?, at node: DSLNode) throws(Diagnostic) -> DSLValue {
        guard let link = association.link else {
            throw error("\(association.table) is a to-one association here: \(member.rawValue) needs a to-many association", at: node)
        }
        let aggregate: AssociationAggregate<Row>
        switch association.base {
        case .toMany(let hasMany): aggregate = try self.aggregate(member, of: hasMany, association, call, at: node)
        case .toManyThrough(let hasMany): aggregate = try self.aggregate(member, of: hasMany, association, call, at: node)
        case .request, .toOne, .join, .toOneThrough:
            throw error("\(association.table) is a to-one association here: \(member.rawValue) needs a to-many association", at: node)
        }
        let joins = [DSLJoinKey(path: [link.key], link: link)] + association.joins.map { DSLJoinKey(path: [link.key] + $0.path, link: $0.link) }
        return .aggregate(DSLAggregate(aggregate: aggregate, joins: joins))
    }

    private func aggregate<ToMany: AssociationToMany>(_ member: DSLRequestMember, of hasMany: ToMany, _ association: DSLRelation,
                                                      _ call: DSLCall?, at node: DSLNode) throws(Diagnostic) -> AssociationAggregate<Row>
    where ToMany.OriginRowDecoder == Row {
        if association.containsRequiredJoin {
            throw error("GRDB can't compute an aggregate over an association with a required join inside", at: node)
        }
        switch member {
        case .count, .isEmpty:
            guard try schema.hasSingleColumnKey(association.table) else {
                throw error("\(association.table) has no rowid nor single-column primary key for GRDB to count its rows", at: node)
            }
            return member == .count ? hasMany.count : hasMany.isEmpty
        default:
            guard let call, let arguments = call.matching([nil]) else {
                throw call.map { wrongArguments($0, usage: member.usage, expected: [nil]) } ?? error("write \(member.usage)", at: node)
            }
            // A column goes to GRDB as a Column, so that GRDB names the aggregate
            // (`productStockSum`, `minProductPrice`) as it does in Swift.
            let named: AssociationAggregate<Row>?
            if let name = arguments[0].spelledName(as: .column), let column = try schema.column(named: name, in: association.table) {
                named = Self.aggregate(member, of: hasMany, Column(column))
            } else {
                named = Self.aggregate(member, of: hasMany, try expression(arguments[0], in: association))
            }
            guard let named else { throw error("\(member.rawValue) is not an aggregate", at: node) }
            return named
        }
    }

    private static func aggregate<ToMany: AssociationToMany>(_ member: DSLRequestMember, of hasMany: ToMany,
                                                             _ expression: some SQLSpecificExpressible) -> AssociationAggregate<Row>?
    where ToMany.OriginRowDecoder == Row {
        switch member {
        case .sum: hasMany.sum(expression)
        case .total: hasMany.total(expression)
        case .average: hasMany.average(expression)
        case .min: hasMany.min(expression)
        case .max: hasMany.max(expression)
        default: nil
        }
    }
}
