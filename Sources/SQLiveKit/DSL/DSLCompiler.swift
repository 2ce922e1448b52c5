import GRDB

/// Compiles a DSL query into a GRDB request: table names become `Table(…)`, column names
/// `Column(…)`, methods GRDB's methods, associations come from the schema's foreign keys.
/// GRDB generates the SQL.
///
///     try dbQueue.read { db in
///         let query = try DSLCompiler.compile("player.filter(score > 10).order(name)", in: db)
///         try query.makeStatement(db).sql
///         // SELECT * FROM "player" WHERE "score" > ? ORDER BY "name"
///     }
///
/// Names resolve against the schema case-insensitively; an unknown one is an error with a
/// suggestion and a caret under it.
struct DSLCompiler {
    let text: String
    let schema: DSLSchema
    /// How values compared to a rowid are compiled (see ``DSLKeyValues``).
    var keyValues = DSLKeyValues.asWritten

    /// Parses and compiles a query against the database's schema.
    static func compile(_ text: String, in db: Database) throws(Diagnostic) -> DSLCompiledQuery {
        let compiler = DSLCompiler(text: text, schema: try DSLSchema(db))
        let node: DSLNode
        do {
            node = try DSLParser.parse(text)
        } catch {
            throw compiler.withKeywordHint(error)
        }
        var query = try compiler.query(node)
        if query.action.reads {
            var twin = compiler
            twin.keyValues = .asSQLiteCompares
            // A twin that fails to compile leaves the region unnarrowed, never narrower.
            query.regionSource = (try? twin.query(node)).map { .convertedKeys($0) } ?? .unnarrowed
        }
        return query
    }

    /// `selct * from t` is SQL with a typo, not a DSL query: say so.
    private func withKeywordHint(_ diagnostic: Diagnostic) -> Diagnostic {
        let word = String(text.drop { $0.isWhitespace }.prefix { $0.isLetter || $0 == "_" })
        guard diagnostic.hint == nil, schema.table(named: word) == nil,
              let hint = SQLKeywords.misspeltStarterHint(word) else { return diagnostic }
        var diagnostic = diagnostic
        diagnostic.hint = hint
        return diagnostic
    }

    func query(_ node: DSLNode) throws(Diagnostic) -> DSLCompiledQuery {
        switch try value(node, in: nil) {
        case .relation(let relation):
            return DSLCompiledQuery(request: try request(of: relation), action: .fetch, replacedAliases: relation.replacedAliases)
        case .query(let query):
            return query
        case let other:
            throw error("expected a query starting with a table name, found \(other.kindDescription)", at: node)
        }
    }

    /// Where names are looked up: nil at the start of a query (names are tables), or the
    /// relation whose method's arguments are being compiled (names are its columns).
    typealias Scope = DSLRelation?

    /// What an identifier should preferably mean when it could be a column or an association.
    enum Preference {
        case column, association
    }

    /// Compiles any node to a value; methods then check it is the kind they need.
    func value(_ node: DSLNode, in scope: Scope, preferring preference: Preference = .column) throws(Diagnostic) -> DSLValue {
        switch node.kind {
        case .identifier(let name):
            return try identifier(name, at: node, in: scope, preferring: preference)
        case .literal(let literal):
            return .literal(literal)
        case .implicitMember(let name):
            return .implicitMember(name)
        case .member(let base, let name):
            return try member(name, of: base, arguments: nil, in: scope, preferring: preference)
        case .call(let callee, let arguments):
            return try call(callee, arguments, at: node, in: scope, preferring: preference)
        case .prefix(let op, let operand):
            return try prefix(op, operand, at: node, in: scope)
        case .binary(let op, let lhs, let rhs):
            if let constant = try constant(node) { return .literal(constant) }
            return try binary(op, lhs, rhs, at: node, in: scope)
        case .array(let elements):
            return .array(elements)
        case .dictionary(let entries):
            return .dictionary(entries)
        case .wildcard:
            return .wildcard
        }
    }

    private func call(_ callee: DSLNode, _ arguments: [DSLArgument], at node: DSLNode, in scope: Scope,
                      preferring preference: Preference) throws(Diagnostic) -> DSLValue {
        switch callee.kind {
        case .member(let base, let name):
            return try member(name, of: base, arguments: DSLCall(name: name, arguments: arguments, range: node.range), in: scope,
                              preferring: preference)
        case .identifier(let name):
            let call = DSLCall(name: DSLName(text: name, range: callee.range), arguments: arguments, range: node.range)
            if let explicit = DSLExplicitName(rawValue: name) {
                return try explicitName(explicit, call, in: scope)
            }
            return try function(call, in: scope)
        default:
            throw error("only methods and functions can be called", at: callee)
        }
    }

    /// A bare name: a table at the start of a query, else a column of the table in scope, a
    /// name given with `forKey`, or an association.
    private func identifier(_ name: String, at node: DSLNode, in scope: Scope, preferring preference: Preference) throws(Diagnostic) -> DSLValue {
        guard let scope else {
            guard let table = try schema.writableTable(named: name) else {
                throw unknownTable(name, at: node)
            }
            return .relation(.table(table))
        }
        if preference == .association, let association = try association(named: name, at: node, from: scope, required: false) {
            return .relation(association)
        }
        if let column = try columnOrAlias(named: name, in: scope) {
            return column
        }
        if let association = try association(named: name, at: node, from: scope, required: false) {
            return .relation(association)
        }
        if scope.isRoot, name.isSameName(as: scope.table) {
            // `player.score` in a request on player: the table itself, to qualify a column.
            return .relation(.table(scope.table))
        }
        if let join = scope.joins.first(where: { $0.path.last == name }) {
            // `manager.name` after `including(optional: belongsTo(person, key: "manager", …))`.
            return .joined(join)
        }
        if let function = DSLFunction(rawValue: name) {
            throw error("\(name) is a function: write \(function.usage)", at: node)
        }
        if let table = try schema.writableTable(named: name) {
            // A table not linked to this one (or linked twice): a request, for subqueries.
            return .relation(.table(table))
        }
        throw try unknownColumn(name, at: node, in: scope)
    }

    func unknownTable(_ name: String, at node: DSLNode) -> Diagnostic {
        let hint = SQLKeywords.misspeltStarterHint(name)
        let tables = schema.tableNames.filter { !$0.hasPrefix("sqlite_") }
        return DSLDiagnostic.unknown("table", name, among: tables, at: node.range.lowerBound, in: text, hint: hint)
    }

    // MARK: - Conversions

    /// The value as an SQL expression, or an error saying what was found instead.
    func expression(_ value: DSLValue, at node: DSLNode) throws(Diagnostic) -> SQLExpression {
        switch value {
        case .expression(let expression): return expression
        case .literal(let literal): return literal.databaseValue.sqlExpression
        case .relation(let relation) where relation.applied.contains(.select):
            // A request as a value: `price > product.select(average(price))`.
            if let standalone = relation.asSubquery, case .request(let request) = standalone.base {
                return request.sqlExpression
            }
            throw error("\(relation.table) joins another association here: GRDB can't use it as a subquery", at: node)
        case .aggregate:
            throw error("expected an expression, found an association aggregate (use it in annotated(with:) or having(…))", at: node)
        case let other:
            throw error("expected an expression, found \(other.kindDescription)", at: node)
        }
    }

    func expression(_ node: DSLNode, in scope: Scope) throws(Diagnostic) -> SQLExpression {
        try expression(value(node, in: scope), at: node)
    }

    /// A literal value (keys, limits, patterns), or an error.
    func literal(_ node: DSLNode, in scope: Scope, expecting what: String) throws(Diagnostic) -> DSLLiteral {
        let value = try value(node, in: scope)
        guard case .literal(let literal) = value else {
            throw error("expected \(what), found \(value.kindDescription)", at: node)
        }
        return literal
    }

    func integer(_ node: DSLNode, in scope: Scope) throws(Diagnostic) -> Int {
        guard case .integer(let value) = try literal(node, in: scope, expecting: "an integer") else {
            throw error("expected an integer", at: node)
        }
        return Int(value)
    }

    func string(_ node: DSLNode, in scope: Scope, expecting what: String) throws(Diagnostic) -> String {
        guard case .string(let value) = try literal(node, in: scope, expecting: what) else {
            throw error("expected \(what)", at: node)
        }
        return value
    }

    /// A name typed in double quotes (a key, an alias, a CTE's name or columns). One holding a
    /// `"` is refused: GRDB writes names in double quotes without doubling one.
    func typedName(_ node: DSLNode, in scope: Scope, expecting what: String) throws(Diagnostic) -> String {
        let name = try string(node, in: scope, expecting: what)
        guard !name.contains("\"") else {
            throw error("the name \(name) holds a double quote, which the DSL cannot write safely", at: node, hint: "use SQL for it")
        }
        return name
    }

    func error(_ message: String, at node: DSLNode, hint: String? = nil) -> Diagnostic {
        DSLDiagnostic.at(node.range.lowerBound, in: text, message, hint: hint)
    }

    func error(_ message: String, at name: DSLName, hint: String? = nil) -> Diagnostic {
        DSLDiagnostic.at(name.range.lowerBound, in: text, message, hint: hint)
    }
}
