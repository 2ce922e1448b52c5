import GRDB

/// `deleteAll()` and `updateAll(…)`: the requests' batch mutations.
///
///     player.filter(score < 10).deleteAll()                  // DELETE FROM "player" WHERE "score" < 10
///     player.updateAll(score += 1, name.set(to: "x"))        // UPDATE "player" SET "score" = "score" + 1, …
extension DSLCompiler {
    func deleteAll(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLCompiledQuery {
        guard call.arguments.isEmpty else { throw wrongArguments(call, usage: DSLRequestMember.deleteAll.usage) }
        return mutation(try mutableRequest(relation, call), .deleteAll, of: relation)
    }

    func updateAll(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLCompiledQuery {
        guard let arguments = call.variadic() else {
            throw wrongArguments(call, usage: DSLRequestMember.updateAll.usage, expected: [nil])
        }
        var assignments: [ColumnAssignment] = []
        for argument in arguments {
            let value = try value(argument, in: relation)
            guard case .assignment(let assignment) = value else {
                throw error("expected a column assignment such as score.set(to: 0) or score += 1, found \(value.kindDescription)", at: argument)
            }
            assignments.append(assignment)
        }
        return mutation(try mutableRequest(relation, call), .updateAll(assignments), of: relation)
    }

    private func mutation(_ request: QueryInterfaceRequest<Row>, _ action: DSLCompiledQuery.Action, of relation: DSLRelation) -> DSLCompiledQuery {
        // Through a join, GRDB mutates the rows whose key the request selects, its limit
        // inside; without one, it writes `… ORDER BY … LIMIT n` itself.
        let isLimited = relation.applied.contains(.limit) && relation.joins.isEmpty
        return DSLCompiledQuery(request: request, action: action, table: relation.table, isLimited: isLimited)
    }

    /// The request to mutate, once checked: GRDB can't delete or update a grouped request,
    /// and needs a one-column key to mutate through a join.
    private func mutableRequest(_ relation: DSLRelation, _ call: DSLCall) throws(Diagnostic) -> QueryInterfaceRequest<Row> {
        if relation.applied.contains(.group) || relation.applied.contains(.having) {
            throw error("\(call.name.text) can't apply to a grouped request", at: call.name)
        }
        let request = try request(of: relation)
        guard !relation.joins.isEmpty else { return request }
        guard try schema.hasSingleColumnKey(relation.table) else {
            throw error("\(call.name.text) through a join needs a rowid or a one-column primary key, which \(relation.table) lacks", at: call.name)
        }
        return request
    }

    /// `score.set(to: 0)`, `score += 1`: an assignment of a column of the table being updated.
    func assignment(_ assign: DSLOperatorDefinition.Assign?, _ lhs: DSLNode, _ rhs: DSLNode, in scope: Scope) throws(Diagnostic) -> DSLValue {
        guard let assign else {
            throw error("= is not a comparison: write == to compare", at: lhs, hint: "to assign in updateAll(…), write column.set(to: value)")
        }
        let column = try assignedColumn(lhs, in: scope)
        let value = try expression(rhs, in: scope)
        return .assignment(assign(column, value))
    }

    /// The column on the left of an assignment: a column of the table in scope, bare or
    /// spelled `Column("name")`.
    func assignedColumn(_ node: DSLNode, in scope: Scope) throws(Diagnostic) -> Column {
        guard let name = node.spelledName(as: .column), let scope else {
            throw error("expected a column name to assign", at: node)
        }
        guard let column = try schema.column(named: name, in: scope.table) else {
            throw DSLDiagnostic.unknown("column", name, among: try schema.columns(of: scope.table), at: node.range.lowerBound, in: text)
        }
        return Column(column)
    }
}
