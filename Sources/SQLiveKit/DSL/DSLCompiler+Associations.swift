import GRDB

/// Associations inferred from foreign keys, with no declaration: a table with a foreign key
/// to `team` has a to-one association named `team` (GRDB's `belongsTo`), and `team` has a
/// to-many association named after the table (`hasMany`).
///
///     player.including(required: team)          // belongsTo, via player.teamId
///     team.annotated(with: player.count)        // hasMany, via the same foreign key
///     book.including(required: belongsTo(person, using: authorId))   // one of two keys
extension DSLCompiler {
    /// One way two tables are linked.
    struct Candidate {
        var foreignKey: ForeignKeyInfo
        /// True when the foreign key is on the target table (a to-many association).
        var isToMany: Bool
    }

    /// The association from the scope's table to the table named `name`, or nil when `name`
    /// is not a table. Two tables linked by no foreign key, or by several, are errors when an
    /// association is `required`; otherwise nil, and the name is a table request, for
    /// subqueries (`employee.filter(id > employee.select(average(id)))`, where employee is
    /// linked to itself twice, as `belongsTo` and `hasMany`: that was an "ambiguous
    /// association" error, though GRDB runs `Table("employee").select(…)` as a subquery).
    func association(named name: String, at node: DSLNode, from scope: DSLRelation, required: Bool) throws(Diagnostic) -> DSLRelation? {
        guard let target = try schema.writableTable(named: name) else { return nil }
        let candidates = try self.candidates(from: scope.table, to: target)
        guard candidates.count == 1 else {
            if !required { return nil }
            throw linkError(candidates, from: scope.table, to: target, at: node)
        }
        return association(from: scope.table, to: target, candidates[0], key: nil)
    }

    /// Every foreign key linking two tables: theirs to the target, and the target's to them.
    func candidates(from origin: String, to target: String) throws(Diagnostic) -> [Candidate] {
        // SQLite numbers foreign keys from the last declared: sort them back in the schema's order.
        let toOne = try schema.foreignKeys(on: origin)
            .filter { $0.destinationTable.isSameName(as: target) }
            .sorted { $0.id > $1.id }
            .map { Candidate(foreignKey: $0, isToMany: false) }
        let toMany = try schema.foreignKeys(on: target)
            .filter { $0.destinationTable.isSameName(as: origin) }
            .sorted { $0.id > $1.id }
            .map { Candidate(foreignKey: $0, isToMany: true) }
        return toOne + toMany
    }

    /// GRDB's association for one foreign key, with every column given, so GRDB has nothing
    /// left to infer.
    func association(from origin: String, to target: String, _ candidate: Candidate, key: String?) -> DSLRelation {
        let key = key ?? target
        let foreignKey = ForeignKey(candidate.foreignKey.originColumns, to: candidate.foreignKey.destinationColumns)
        let columns = candidate.foreignKey.mapping.map { "\($0.origin)=\($0.destination)" }.joined(separator: ",")
        let link = DSLLink(key: key, isToMany: candidate.isToMany,
                           identity: "\(candidate.isToMany ? "many" : "one") \(origin) \(target) \(columns)".lowercased())
        let base: DSLRelation.Base = candidate.isToMany
            ? .toMany(Table<Row>(origin).hasMany(Table<Row>(target), key: key, using: foreignKey))
            : .toOne(Table<Row>(origin).belongsTo(Table<Row>(target), key: key, using: foreignKey))
        return DSLRelation(table: target, base: base, link: link, subquery: Table<Row>(target).all())
    }

    /// `belongsTo(person, key: "author", using: authorId)` or `hasMany(book, using: authorId)`:
    /// an association named explicitly, for tables several foreign keys link.
    func explicitAssociation(_ call: DSLCall, isToMany: Bool, in scope: Scope) throws(Diagnostic) -> DSLValue {
        let usage = DSLFunction(rawValue: call.name.text)?.usage ?? call.name.text
        guard let scope else {
            throw error("\(call.name.text)(…) names an association: use it inside a method such as including(required: …)", at: call.name)
        }
        if isToMany && call.labels.contains("through") {
            return try throughAssociation(call, isToMany: true, in: scope)
        }
        let shapes: [[String?]] = [[nil], [nil, "using"], [nil, "key"], [nil, "key", "using"]]
        guard let shape = shapes.first(where: { call.labels == $0 }) else {
            throw wrongArguments(call, usage: usage, expected: [nil, "key", "using"])
        }
        let nodes = call.arguments.map(\.value)
        guard let name = nodes[0].spelledName(as: .table) else {
            throw error("expected a table name", at: nodes[0])
        }
        guard let target = try schema.writableTable(named: name) else {
            throw unknownTable(name, at: nodes[0])
        }
        let key = shape.contains("key") ? try typedName(nodes[1], in: scope, expecting: "a key in double quotes") : nil
        var candidates = try self.candidates(from: scope.table, to: target).filter { $0.isToMany == isToMany }
        if shape.contains("using"), let columnsNode = nodes.last {
            let columns = try foreignKeyColumns(columnsNode, in: isToMany ? target : scope.table)
            candidates = candidates.filter { candidate in
                Set(candidate.foreignKey.originColumns.map { $0.lowercased() }) == Set(columns.map { $0.lowercased() })
            }
            guard candidates.count == 1 else {
                let holder = isToMany ? target : scope.table
                let other = isToMany ? scope.table : target
                throw error("\(holder) has no foreign key on \(columns.joined(separator: ", ")) to \(other)", at: columnsNode)
            }
        }
        guard candidates.count == 1 else {
            throw linkError(candidates, from: scope.table, to: target, at: nodes[0])
        }
        return .relation(association(from: scope.table, to: target, candidates[0], key: key))
    }

    /// `using: authorId` or `using: [a, b]`: columns of the table holding the foreign key.
    private func foreignKeyColumns(_ node: DSLNode, in table: String) throws(Diagnostic) -> [String] {
        let nodes: [DSLNode]
        if case .array(let elements) = node.kind, !elements.isEmpty {
            nodes = elements
        } else {
            nodes = [node]
        }
        var columns: [String] = []
        for node in nodes {
            guard case .identifier(let name) = node.kind else {
                throw error("expected a column of \(table)", at: node)
            }
            guard let column = try schema.column(named: name, in: table) else {
                throw DSLDiagnostic.unknown("column", name, among: try schema.columns(of: table), at: node.range.lowerBound, in: text,
                                            hint: "using: names columns of \(table), the table with the foreign key")
            }
            columns.append(column)
        }
        return columns
    }

    /// The error for two tables linked by no foreign key or by several, with the syntax that
    /// says which one to use.
    private func linkError(_ candidates: [Candidate], from origin: String, to target: String, at node: DSLNode) -> Diagnostic {
        if candidates.isEmpty {
            var missing = error("no association between \(origin) and \(target): neither has a foreign key to the other", at: node)
            // A migration may add the foreign key: a pane on the association waits for it,
            // as one on a table not made yet does (it was refused at `.pin`).
            missing.kind = .unknownName
            return missing
        }
        let spellings = candidates.map { candidate in
            let function = candidate.isToMany ? "hasMany" : "belongsTo"
            let columns = candidate.foreignKey.originColumns
            return "\(function)(\(target), using: \(columns.count == 1 ? columns[0] : "[\(columns.joined(separator: ", "))]"))"
        }
        return error("ambiguous association from \(origin) to \(target): \(candidates.count) foreign keys link them", at: node,
                     hint: "say which one with \(spellings.joined(separator: " or "))")
    }
}
