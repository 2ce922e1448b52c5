import GRDB

/// `filter(expression)`, `filter(key:)` and `filter(keys:)`: keys of any type, checked here
/// because GRDB stops the process on a key that isn't unique.
///
///     player.filter(score > 10)               WHERE "score" > 10
///     player.filter(key: 1)                   WHERE "id" = 1
///     player.filter(keys: ["1", 2])           WHERE "id" IN ('1', 2)
///     player.filter(key: ["email": "a@b.c"])  WHERE "email" = 'a@b.c'
extension DSLCompiler {
    func filter(_ call: DSLCall, _ relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        if let arguments = call.matching([nil]) {
            let value = try value(arguments[0], in: relation)
            if case .aggregate = value {
                throw error("filter can't test an association aggregate: use having(…)", at: arguments[0])
            }
            return relation.applying(.filter(try expression(value, at: arguments[0])), as: .filter)
        }
        if let arguments = call.matching(["key"]) {
            return relation.applying(try keyFilter(arguments[0], of: relation), as: .filter)
        }
        if let arguments = call.matching(["keys"]) {
            guard case .array(let elements) = arguments[0].kind else {
                throw error("expected an array of keys, as in filter(keys: [1, 2])", at: arguments[0])
            }
            var values: [DatabaseValue] = []
            var uniqueKeys: [[String: DatabaseValue]] = []
            var elementValues: [DSLValue] = []
            for element in elements { elementValues.append(try value(element, in: relation)) }
            let asReals = Self.arrayLiteralHoldsReals(elementValues)
            for element in elements {
                switch try keyFilter(element, of: relation, asReal: asReals) {
                case .filterKey(let value): values.append(value)
                case .filterUniqueKeys(let keys): uniqueKeys += keys
                default: break
                }
            }
            if !values.isEmpty && !uniqueKeys.isEmpty {
                throw error("filter(keys:) takes primary key values or [\"column\": value] dictionaries, not both", at: arguments[0])
            }
            return relation.applying(values.isEmpty && !uniqueKeys.isEmpty ? .filterUniqueKeys(uniqueKeys) : .filterKeys(values), as: .filter)
        }
        throw wrongArguments(call, usage: "filter(expression), filter(key: value) or filter(keys: [value, …])", expected: [nil])
    }

    /// `filter(key: 1)` (the primary key) or `filter(key: ["email": "a@b.c"])` (a unique key):
    /// checked here, because GRDB stops the process on a key that isn't unique.
    private func keyFilter(_ node: DSLNode, of relation: DSLRelation, asReal: Bool = false) throws(Diagnostic) -> DSLOperation {
        switch try value(node, in: relation) {
        case .literal(var literal):
            if asReal, case .integer(let integer) = literal { literal = .real(Double(integer)) }
            guard try !schema.isView(relation.table) else {
                throw error("\(relation.table) is a view: it has no primary key to filter on", at: node)
            }
            let primaryKey = try schema.primaryKey(of: relation.table).columns
            guard primaryKey.count == 1 else {
                throw error("the primary key of \(relation.table) has \(primaryKey.count) columns", at: node,
                            hint: "write filter(key: [\(primaryKey.map { "\"\($0)\": …" }.joined(separator: ", "))])")
            }
            return .filterKey(try primaryKeyValue(literal, of: relation.table))
        case .dictionary(let entries):
            var key: [String: DatabaseValue] = [:]
            for entry in entries {
                let name = try typedName(entry.key, in: relation, expecting: "a column name in double quotes")
                guard let column = try schema.column(named: name, in: relation.table) else {
                    throw DSLDiagnostic.unknown("column", name, among: try schema.columns(of: relation.table), at: entry.key.range.lowerBound, in: text)
                }
                key[column] = try literal(entry.value, in: relation, expecting: "a value").databaseValue
            }
            guard !key.isEmpty, try schema.hasUniqueKey(Array(key.keys), in: relation.table) else {
                throw error("no primary key or unique index of \(relation.table) is made of \(key.keys.sorted().joined(separator: ", "))", at: node)
            }
            return .filterUniqueKeys([key])
        case let other:
            throw error("expected a key value or a [\"column\": value] dictionary, found \(other.kindDescription)", at: node)
        }
    }

    /// Whether Swift types the number literals of an array literal as `Double`, integers
    /// included: `filter(keys: [10.0, 26])` takes a collection of one type, `[Double]`, so
    /// GRDB binds 26.0. `[1, 2.5].contains(x)` is an array of `any SQLExpressible` (GRDB's
    /// overload), whose 1 stays an `Int`, unless a `nil` makes it `[Double?]`
    /// (`[0.99, nil, 2]`). Elements of other kinds (`["1", 2]`, a column) keep their types.
    static func arrayLiteralHoldsReals(_ values: [DSLValue], existentialUnlessNil: Bool = false) -> Bool {
        var holdsReal = false
        var holdsNil = false
        for value in values {
            switch value {
            case .literal(.real): holdsReal = true
            case .literal(.null): holdsNil = true
            case .literal(.integer): break
            default: return false
            }
        }
        return holdsReal && (holdsNil || !existentialUnlessNil)
    }
}
