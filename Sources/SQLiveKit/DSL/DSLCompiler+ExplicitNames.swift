import GRDB

/// `Column("name")` and `Table("name")`: GRDB's spellings of what bare names stand for in the
/// DSL, as a Swift program writes them. They mean what the bare names mean, except that a
/// `Column` is only ever a column (or a name given with `forKey`) and a `Table` only ever a
/// table request, never an association: as in Swift.
///
///     Table("product").filter(Column("price") > 100)   SELECT * FROM "product" WHERE "price" > 100
///     product.updateAll(Column("stock") += 1)           UPDATE "product" SET "stock" = "stock" + 1
enum DSLExplicitName: String {
    case column = "Column"
    case table = "Table"

    var usage: String { "\(rawValue)(\"name\")" }
}

extension DSLNode {
    /// The name a node spells: a bare name (`price`), or GRDB's spelling of that kind
    /// (`Column("price")`, `Table("product")`). Nil for anything else.
    func spelledName(as explicit: DSLExplicitName) -> String? {
        switch kind {
        case .identifier(let name):
            return name
        case .call(let callee, let arguments):
            guard case .identifier(explicit.rawValue) = callee.kind, arguments.count == 1, arguments[0].label == nil,
                  case .literal(.string(let name)) = arguments[0].value.kind else { return nil }
            return name
        default:
            return nil
        }
    }
}

extension DSLCompiler {
    /// `Column("name")` or `Table("name")`, with the checks of bare names.
    func explicitName(_ explicit: DSLExplicitName, _ call: DSLCall, in scope: Scope) throws(Diagnostic) -> DSLValue {
        guard let arguments = call.matching([nil]) else { throw wrongArguments(call, usage: explicit.usage, expected: [nil]) }
        let kind = explicit == .column ? "column" : "table"
        guard case .literal(.string(let name)) = arguments[0].kind else {
            throw error("expected a \(kind) name in double quotes, as in \(explicit.usage)", at: arguments[0])
        }
        switch explicit {
        case .table:
            guard let table = try schema.writableTable(named: name) else { throw unknownTable(name, at: arguments[0]) }
            return .relation(.table(table))
        case .column:
            guard let scope else {
                throw error("Column(…) names a column of a request: use it inside a method, as in filter(Column(\"\(name)\") > 0)",
                            at: call.name)
            }
            guard let column = try columnOrAlias(named: name, in: scope) else { throw try unknownColumn(name, at: arguments[0], in: scope) }
            return column
        }
    }

    /// A column of the table in scope, or a name given with `forKey` (unqualified, as SQL refers
    /// to result columns: GRDB's `Column("name").detached`).
    func columnOrAlias(named name: String, in scope: DSLRelation) throws(Diagnostic) -> DSLValue? {
        if let column = try schema.column(named: name, in: scope.table) {
            return .expression(Column(column).sqlExpression)
        }
        if let alias = scope.aliases.first(where: { $0.isSameName(as: name) }) {
            return .expression(Column(alias).detached)
        }
        return nil
    }

    /// "no such column", with the closest name and, for a small table, its columns.
    func unknownColumn(_ name: String, at node: DSLNode, in scope: DSLRelation) throws(Diagnostic) -> Diagnostic {
        let columns = try schema.columns(of: scope.table)
        let hint = columns.count <= 16 ? "\(scope.table) has columns \(columns.joined(separator: ", "))" : nil
        return DSLDiagnostic.unknown("column", name, among: columns + scope.aliases, at: node.range.lowerBound, in: text, hint: hint)
    }
}
