import GRDB

/// Common table expressions: declared inline in `with(…)` (a DSL query has no variables), then
/// named like tables by the methods after it.
///
///     product.with(CommonTableExpression(named: "cheap", request: product.filter(price < 10)))
///            .filter(cheap.select(id).contains(id))
///     product.with(CommonTableExpression(recursive: true, named: "n", columns: ["i"], sql: "…"))
///     order_item.with(…).including(required: association(to: cheap, on: productId == cheap.id))
extension DSLCompiler {
    /// `CommonTableExpression(recursive:named:columns:request:)` or `…sql:)`, as in GRDB.
    func commonTableExpression(_ call: DSLCall) throws(Diagnostic) -> DSLValue {
        let usage = DSLFunction.commonTableExpression.usage
        var labels = call.labels
        var nodes = call.arguments.map(\.value)
        var recursive = false
        if labels.first == "recursive" {
            guard case .literal(.boolean(let flag)) = nodes[0].kind else { throw error("expected true or false", at: nodes[0]) }
            recursive = flag
            labels.removeFirst()
            nodes.removeFirst()
        }
        guard labels.first == "named", nodes.count >= 2 else { throw wrongArguments(call, usage: usage, expected: ["named"]) }
        let name = try typedName(nodes[0], in: nil, expecting: "the table name of the expression in double quotes")
        var columns: [String]?
        if labels[1] == "columns" {
            guard case .array(let elements) = nodes[1].kind, !elements.isEmpty else {
                throw error("expected an array of column names, as in [\"n\"]", at: nodes[1])
            }
            var names: [String] = []
            for element in elements { names.append(try typedName(element, in: nil, expecting: "a column name in double quotes")) }
            columns = names
            labels.remove(at: 1)
            nodes.remove(at: 1)
        }
        guard labels.count == 2, nodes.count == 2 else { throw wrongArguments(call, usage: usage, expected: ["named", "request"]) }
        let expression: CommonTableExpression<Row>
        switch labels[1] {
        case "request":
            let value = try value(nodes[1], in: nil)
            guard case .relation(let relation) = value, relation.isRoot else {
                throw error("expected a request, found \(value.kindDescription)", at: nodes[1])
            }
            expression = CommonTableExpression(recursive: recursive, named: name, columns: columns, request: try request(of: relation))
        case "sql":
            let sql = try string(nodes[1], in: nil, expecting: "SQL in double quotes")
            // Typed SQL, checked as typed SQL is: GRDB compiles what follows the statement
            // too (to refuse it), so `…) SELECT 1; PRAGMA …; SELECT (1` ran a pragma. No CTE
            // needs the --safe ones: refused in every mode here.
            try SafeStatementCheck.check(sql, safe: true)
            expression = CommonTableExpression(recursive: recursive, named: name, columns: columns, sql: sql)
        default:
            throw wrongArguments(call, usage: usage, expected: ["named", "request"])
        }
        return .commonTable(DSLCommonTables.Entry(name: name, expression: expression, columns: try resultColumns(of: expression, at: call)))
    }

    /// The columns `SELECT * FROM name` returns, read from the SQL GRDB writes for the
    /// expression: a wrong request or SQL fails here, with SQLite's message.
    private func resultColumns(of expression: CommonTableExpression<Row>, at call: DSLCall) throws(Diagnostic) -> [String] {
        do {
            return try expression.all().with(expression).makePreparedRequest(schema.db).statement.columnNames
        } catch {
            throw DSLDiagnostic.at(call.range.lowerBound, in: text,
                                   "the common table expression fails: \(Diagnostic(converting: error).message)")
        }
    }

    /// `with(CommonTableExpression(…))`: the request declares the expression, and the methods
    /// after it name it.
    func with(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        guard let arguments = call.matching([nil]) else {
            throw wrongArguments(call, usage: DSLRequestMember.with.usage, expected: [nil])
        }
        let value = try value(arguments[0], in: relation)
        guard case .commonTable(let entry) = value else {
            throw error("expected CommonTableExpression(named: \"name\", request: …), found \(value.kindDescription)", at: arguments[0])
        }
        schema.commonTables.declare(entry)
        return relation.applying(.with(entry.expression), as: .with)
    }

    /// `association(to: cte, on: condition)`: GRDB's join to a common table expression. In the
    /// condition, plain column names are the request's and `cte.column` the expression's.
    func commonTableAssociation(_ call: DSLCall, in scope: Scope) throws(Diagnostic) -> DSLValue {
        guard let scope else {
            throw error("association(to:on:) joins a request: use it inside including(required: …) or joining(…)", at: call.name)
        }
        let arguments: [DSLNode]
        if let withCondition = call.matching(["to", "on"]) {
            arguments = withCondition
        } else if let without = call.matching(["to"]) {
            arguments = without
        } else {
            throw wrongArguments(call, usage: DSLFunction.association.usage, expected: ["to", "on"])
        }
        guard case .identifier(let name) = arguments[0].kind, let entry = schema.commonTables.entry(named: name) else {
            throw error("expected the name of a common table expression declared by with(…) before", at: arguments[0])
        }
        let link = DSLLink(key: entry.name, isToMany: false, identity: "cte \(entry.name)".lowercased())
        let right = TableAlias()
        let left = TableAlias()
        var association = Table<Row>(scope.table).association(to: entry.expression)
        if arguments.count == 2 {
            var conditionScope = scope
            conditionScope.joins.append(DSLJoin(path: [entry.name], link: link, table: entry.name, alias: right, isRequired: false))
            // Plain column names belong to the request: qualified with its alias, as GRDB's
            // closure would write `left[column]`.
            let condition = left[try expression(arguments[1], in: conditionScope)]
            association = Table<Row>(scope.table).association(to: entry.expression, on: { _, _ in condition })
        }
        var relation = DSLRelation(table: entry.name, base: .join(association), link: link)
        relation.alias = right
        relation.originAlias = left
        return .relation(relation)
    }
}
