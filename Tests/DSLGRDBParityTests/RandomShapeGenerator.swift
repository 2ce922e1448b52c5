import Foundation
import SQLiveTestSupport

/// Draws a `RandomShape` from a seed: the same seed, the same shape.
struct RandomShapeGenerator {
    private var random: SeededRandom
    private var widens = false
    /// Names given with `forKey` in the current selection.
    private var aliases: [String] = []
    /// Associations joined at the top of the request, whose columns may be named.
    private var joined: [(key: String, table: RandomTable)] = []
    private var table: RandomTable

    static func shape(seed: UInt64) -> RandomShape {
        var generator = RandomShapeGenerator(seed: seed)
        return generator.make()
    }

    private init(seed: UInt64) {
        random = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 17)
        table = RandomTable.all[0]
    }

    private mutating func make() -> RandomShape {
        table = random.pick(RandomTable.all)
        let spelling = random.chance(0.1) ? "Table(\"\(table.name)\")" : random.chance(0.2) ? table.name.lowercased() : table.name
        var steps: [RandomStep] = []
        var grouped = false
        var selected = false
        for _ in 0..<random.int(in: 0...5) {
            switch random.int(in: 0...19) {
            case 0...4:
                steps.append(.filter(boolean(depth: 2)))
            case 5:
                guard table.primaryKey.count == 1 else { continue }
                widens = true
                steps.append(.filterKey(random.chance(0.1) ? .null : keyLiteral()))
            case 6:
                guard table.primaryKey.count == 1 else { continue }
                widens = true
                steps.append(.filterKeys(RandomLiteral.unified((0..<random.int(in: 0...3)).map { _ in keyLiteral() })))
            case 7, 8:
                steps.append(.order((0..<random.int(in: 1...2)).map { _ in (value(depth: 1), random.pick([.plain, .asc, .desc, .ascNullsLast, .descNullsFirst])) }))
            case 9:
                steps.append(random.pick([.reversed, .unordered, .orderByPrimaryKey]))
            case 10:
                steps.append(.limit(random.pick([0, 1, 2, 3, 5, 10, 100, -1]), offset: random.chance(0.5) ? random.pick([0, 1, 3, 50, 10_000]) : nil))
            case 11, 12:
                aliases = []
                steps.append(.select(selection(aggregates: grouped || random.chance(0.3))))
                selected = true
            case 13:
                steps.append(.annotated(random.chance(0.5) && !table.hasMany.isEmpty
                    ? [associationAggregate(keyed: random.chance(0.5))]
                    : selection(aggregates: false)))
            case 14:
                steps.append(.distinct)
            case 15:
                steps.append(.group((0..<random.int(in: 1...2)).map { _ in .column(column()) }))
                grouped = true
            case 16:
                steps.append(.having(havingCondition()))
            case 17, 18:
                guard let association = drawAssociation(from: table, depth: 0, topLevel: true) else { continue }
                steps.append(.join(association))
            default:
                guard !aliases.isEmpty else { continue }
                let alias = random.pick(aliases)
                steps.append(random.chance(0.5)
                    ? .order([(.alias(alias), random.pick([.plain, .desc]))])
                    : .filter(.binary(random.pick(RandomOperator.comparisons), .alias(alias), .literal(literal(for: .integer)))))
            }
        }
        _ = selected
        var ending = random.pick(RandomEnding.allCases)
        if ending == .deleteAll || ending == .updateAll, random.chance(0.6) || steps.contains(where: \.shapesSelection) {
            // GRDB has no DELETE or UPDATE for a grouped request (a fatal error): mutations stay plain.
            ending = .none
        }
        var assignments: [RandomAssignment] = []
        if ending == .updateAll {
            let writable = table.columns.filter { !table.primaryKey.contains($0.name) }
            guard !writable.isEmpty else { ending = .none; return finish(spelling, steps, ending, []) }
            for _ in 0..<random.int(in: 1...2) {
                let column = random.pick(writable)
                var value = literal(for: column.kind)
                if case .boolean = value { value = .integer(1, "1") }
                let op = random.pick(["set", "set", "+=", "-=", "*=", "/="])
                if op == "set", random.chance(0.2) { value = .null }
                if assignments.contains(where: { $0.column == column.name }) { continue }
                assignments.append(RandomAssignment(column: column.name, op: op, value: value))
            }
        }
        return finish(spelling, steps, ending, assignments)
    }

    private mutating func finish(_ spelling: String, _ steps: [RandomStep], _ ending: RandomEnding,
                                 _ assignments: [RandomAssignment]) -> RandomShape {
        var ending = ending
        if ending == .count || ending == .fetchCount,
           steps.contains(where: { if case .having = $0 { true } else { false } }),
           !steps.contains(where: { if case .group = $0 { true } else { false } }) {
            // GRDB's fetchCount of `SELECT COUNT(*) … HAVING …` without GROUP BY force-unwraps
            // a row SQLite does not return when the condition is false (a fatal error).
            ending = .fetchAll
        }
        if ending == .fetchSet, steps.contains(where: { if case .join(let association) = $0 { association.including } else { false } }) {
            // GRDB's Set of rows with included associations hashes only the request's own
            // columns: thousands of equal hashes make fetchSet quadratic (minutes).
            ending = .fetchAll
        }
        return RandomShape(table: table, tableSpelling: spelling, steps: steps, ending: ending,
                           pastedFromSwift: random.chance(0.15), assignments: assignments, mayWidenRegion: widens)
    }

    // MARK: Expressions

    private mutating func column(kind: RandomTable.Kind? = nil, allowJoined: Bool = true) -> RandomColumn {
        var source: (key: String?, table: RandomTable) = (nil, table)
        if allowJoined, !joined.isEmpty, random.chance(0.25) {
            let pick = random.pick(joined)
            source = (pick.key, pick.table)
        }
        let candidates = source.table.columns.filter { kind == nil || $0.kind == kind }
        let name = (candidates.isEmpty ? source.table.columns : candidates).map(\.name)
        let spelling: RandomColumn.Spelling = source.key != nil ? .schema
            : random.pick([.schema, .schema, .schema, .schema, .lowercased, .uppercased, .columnCall])
        return RandomColumn(association: source.key, name: random.pick(name), spelling: spelling)
    }

    private func kind(of column: RandomColumn) -> RandomTable.Kind {
        let source = column.association.flatMap { key in joined.first { $0.key == key }?.table } ?? table
        return source.columns.first { $0.name == column.name }?.kind ?? .integer
    }

    private mutating func literal(for kind: RandomTable.Kind?) -> RandomLiteral {
        let integers: [(Int, String)] = [(0, "0"), (1, "1"), (2, "2"), (3, "3"), (7, "7"), (10, "10"), (25, "25"), (100, "100"),
                                         (1000, "1_000"), (300_000, "300000"), (-1, "-1"), (-5, "-5"), (-300_000, "-300_000"),
                                         (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808")]
        let reals: [(Double, String)] = [(0.5, "0.5"), (0.99, "0.99"), (2.5, "2.5"), (1000, "1e3"), (300_000, "300000.0"),
                                        (0.0015, "1.5e-3"), (-0.5, "-0.5"), (-2.25, "-2.25"), (1000.5, "1_000.5"), (10, "1E1")]
        let strings = ["", "a", "A", "Rock", "Jazz", "1", "7", " 7 ", "1e1", "0.99", "-3", "3.5", "abc", "é", "Brazil", "USA",
                       "2010-01-01", "2013-06-30 00:00:00", "AC/DC", "quote\"d", "back\\slash", "%", "line\nbreak", "Λ"]
        var pickKind = kind
        if random.chance(0.3) || kind == nil { pickKind = random.pick([.integer, .real, .text]) }
        if random.chance(0.04) { return .boolean(random.chance(0.5)) }
        switch pickKind {
        case .integer?:
            if random.chance(0.08) { let pick = integers[random.int(in: 13...14)]; return .integer(pick.0, pick.1) }
            let pick = integers[random.int(in: 0...12)]; return .integer(pick.0, pick.1)
        case .real?:
            let pick = random.pick(reals)
            return .real(pick.0, pick.1)
        default:
            widens = true
            return .string(random.pick(strings))
        }
    }

    private mutating func keyLiteral() -> RandomLiteral {
        let key: RandomLiteral
        switch random.int(in: 0...9) {
        case 0...5: key = .integer(random.int(in: -1...30), "")
        case 6: key = .real(random.pick([3.0, 3.5, 10.0]), "")
        default: key = .string(random.pick(["3", " 7 ", "1e1", "3.5", "abc", "-1", "12"]))
        }
        return key.withText()
    }

    /// A value: a column, arithmetic on it, a function of it.
    private mutating func value(depth: Int, kind wanted: RandomTable.Kind? = nil) -> RandomExpression {
        let leaf = RandomExpression.column(column(kind: wanted))
        guard depth > 0 else { return leaf }
        switch random.int(in: 0...9) {
        case 0...3: return leaf
        case 4, 5:
            let op = random.pick(RandomOperator.arithmetic)
            let left = value(depth: depth - 1, kind: wanted == .text ? nil : wanted)
            let right: RandomExpression = random.chance(0.6) ? .literal(literal(for: kind(of: left))) : value(depth: depth - 1)
            return random.chance(0.2) ? .binary(op, right, left) : .binary(op, left, right)
        case 6: return .negate(value(depth: depth - 1))
        case 7: return .binary(.coalesce, value(depth: depth - 1), .literal(literal(for: wanted)))
        case 8:
            switch random.int(in: 0...3) {
            case 0: return .cast(value(depth: depth - 1), random.pick(["integer", "real", "text", "blob"]))
            case 1: return .coalesce([value(depth: 0), random.chance(0.5) ? value(depth: 0) : .literal(literal(for: wanted))])
            default: return .function(random.pick([.abs, .length]), value(depth: depth - 1))
            }
        default: return .function(random.pick([.uppercased, .lowercased]), .column(column(kind: .text)))
        }
    }

    private func kind(of expression: RandomExpression) -> RandomTable.Kind? {
        if case .column(let column) = expression { return kind(of: column) }
        return nil
    }

    /// A condition, now and then in parentheses Swift does not need.
    private mutating func boolean(depth: Int) -> RandomExpression {
        let condition = bareBoolean(depth: depth)
        return random.chance(0.08) ? .parenthesized(condition) : condition
    }

    private mutating func bareBoolean(depth: Int) -> RandomExpression {
        switch random.int(in: 0...16) {
        case 0...4:
            let left = value(depth: 1)
            let right: RandomExpression = random.chance(0.75) ? .literal(literal(for: kind(of: left))) : value(depth: 0)
            let op = random.pick(RandomOperator.comparisons)
            return random.chance(0.2) ? .binary(op, right, left) : .binary(op, left, right)
        case 5:
            return .binary(random.pick([.equal, .notEqual, .identical, .notIdentical]), value(depth: 0), .literal(.null))
        case 6:
            let patterns = ["A%", "%a%", "%love%", "_", "%", "", "%50!%%", "r%", "%é%"]
            return .like(value(depth: random.chance(0.8) ? 0 : 1, kind: .text), random.pick(patterns))
        case 7:
            let target = value(depth: 0)
            let elements = (0..<random.int(in: 0...3)).map { _ in random.chance(0.1) ? .null : literal(for: kind(of: target)) }
            return .inArray(elements, target)
        case 8:
            let target = value(depth: 0)
            let columnKind = kind(of: target)
            var a = literal(for: columnKind == .text || columnKind == .date ? .text : random.pick([.integer, .real]))
            var b = literal(for: a.isString ? .text : random.pick([.integer, .real]))
            if a.isString != b.isString { b = a }
            if case .boolean = a { a = .integer(1, "1"); b = .integer(2, "2") }
            if case .boolean = b { b = a }
            if a.isNull || b.isNull { a = .integer(1, "1"); b = .integer(2, "2") }
            if !a.isOrdered(before: b) { swap(&a, &b) }
            let closed = random.chance(0.5)
            return .range(a, b, closed: closed, target)
        case 9, 10:
            guard depth > 0 else { return boolean(depth: 0) }
            return .binary(random.pick([.and, .or]), boolean(depth: depth - 1), boolean(depth: depth - 1))
        case 11:
            guard depth > 0 else { return boolean(depth: 0) }
            return .not(boolean(depth: depth - 1))
        case 12:
            guard depth > 0 else { return boolean(depth: 0) }
            // GRDB's boolean comparison: `x.like("A%") == false`.
            let flag = RandomExpression.literal(.boolean(random.chance(0.5)))
            let condition = boolean(depth: depth - 1)
            let op: RandomOperator = random.pick([.equal, .notEqual, .equal])
            return random.chance(0.3) ? .binary(op, flag, condition) : .binary(op, condition, flag)
        case 13:
            guard depth > 0 else { return boolean(depth: 0) }
            return .binary(random.pick([.and, .or]), boolean(depth: depth - 1), .literal(.boolean(random.chance(0.5))))
        case 14:
            let text = RandomExpression.column(column(kind: .text))
            let collated = RandomExpression.collated(text, random.pick(["nocase", "binary", "rtrim"]))
            return .binary(random.pick([.equal, .notEqual, .less, .greaterOrEqual]), collated, .literal(literal(for: .text)))
        case 15:
            guard depth > 0 else { return boolean(depth: 0) }
            switch random.int(in: 0...2) {
            case 0:
                let target = value(depth: 0, kind: .integer)
                return .subqueryContains(subquery(selectingColumn: true), target)
            case 1:
                return .subqueryExists(subquery(selectingColumn: false))
            default:
                let left = value(depth: 0)
                return .binary(random.pick([.greater, .less, .equal]), left, .subqueryValue(subquery(selectingColumn: true)))
            }
        default:
            let left = value(depth: 0)
            return .binary(random.pick(RandomOperator.comparisons), left, value(depth: 0))
        }
    }

    private mutating func subquery(selectingColumn: Bool) -> RandomSubquery {
        let target = random.pick(RandomTable.all)
        let saved = (table, joined, widens)
        table = target
        joined = []
        var subquery = RandomSubquery(table: target.name, filter: nil, selection: nil, limit: nil)
        if random.chance(0.6) { subquery.filter = boolean(depth: 0) }
        if selectingColumn {
            subquery.selection = random.chance(0.7) ? .column(column(kind: .integer, allowJoined: false)) : aggregate()
        }
        if random.chance(0.2) { subquery.limit = random.pick([1, 3]) }
        table = saved.0
        joined = saved.1
        widens = saved.2 || widens
        return subquery
    }

    private mutating func aggregate() -> RandomExpression {
        if random.chance(0.2) { return .countAll }
        if random.chance(0.15) {
            let function: RandomFunction = random.pick([.sum, .total, .min, .max, .average])
            return .filteredAggregate(function, value(depth: 0), filter: boolean(depth: 0))
        }
        let function: RandomFunction = random.pick([.count, .countDistinct, .sum, .total, .min, .max, .average])
        return .function(function, value(depth: random.chance(0.7) ? 0 : 1))
    }

    private mutating func selection(aggregates: Bool) -> [RandomExpression] {
        (0..<random.int(in: 1...3)).map { _ in
            var expression: RandomExpression = aggregates && random.chance(0.5) ? aggregate() : value(depth: random.chance(0.6) ? 0 : 1)
            if random.chance(0.08) {
                let constant = literal(for: nil)
                if case .boolean = constant {} else { expression = .literal(constant) }
            }
            if random.chance(0.3) {
                let alias = random.pick(["a", "b", "n", "x_1"])
                if !aliases.contains(alias) { aliases.append(alias) }
                expression = .keyed(expression, alias)
            }
            return expression
        }
    }

    private mutating func associationAggregate(keyed: Bool) -> RandomExpression {
        let target = random.pick(table.hasMany)
        let targetTable = RandomTable.named(target)
        let aggregate = random.pick(RandomAssociationAggregate.allCases)
        let column: String? = aggregate == .count || aggregate == .isEmpty ? nil
            : random.pick(targetTable.columns.filter { $0.kind == .integer || $0.kind == .real }.map(\.name))
        var key: String? = nil
        if keyed {
            key = random.pick(["agg", "n"])
            if !aliases.contains(key!) { aliases.append(key!) }
        }
        return .associationAggregate(target, aggregate, column, key: key)
    }

    private mutating func havingCondition() -> RandomExpression {
        let left: RandomExpression
        if !table.hasMany.isEmpty, random.chance(0.4) {
            left = associationAggregate(keyed: false)
        } else {
            left = aggregate()
        }
        if case .associationAggregate(_, .isEmpty, _, _) = left, random.chance(0.5) { return left }
        return .binary(random.pick([.greater, .less, .equal, .greaterOrEqual, .notEqual]), left, .literal(literal(for: .integer)))
    }

    private mutating func drawAssociation(from origin: RandomTable, depth: Int, topLevel: Bool) -> RandomAssociation? {
        let choices = origin.belongsTo.map { ($0, false) } + origin.hasMany.map { ($0, true) }
        guard !choices.isEmpty else { return nil }
        let (name, isToMany) = random.pick(choices)
        let target = RandomTable.named(name)
        // A table joined twice under one key: GRDB merges them; keep one per request.
        if topLevel, joined.contains(where: { $0.key == name }) || name == table.name { return nil }
        var association = RandomAssociation(name: name, isToMany: isToMany, required: random.chance(0.5),
                                            including: random.chance(0.6), filter: nil, select: nil, nested: [],
                                            spelling: random.chance(0.15) ? name.lowercased() : name)
        let savedTable = table, savedJoined = joined
        table = target
        joined = []
        if random.chance(0.35) { association.filter = boolean(depth: 1) }
        if random.chance(0.3) { association.select = Array(Set((0..<random.int(in: 1...2)).map { _ in random.pick(target.columns).name })).sorted() }
        if depth < 1, random.chance(0.25), let nested = drawAssociation(from: target, depth: depth + 1, topLevel: false), nested.name != savedTable.name {
            var nested = nested
            // GRDB has no SQL for a required association behind an optional one (a fatal error).
            if !association.required { nested.required = false }
            association.nested = [nested]
        }
        table = savedTable
        joined = savedJoined
        if topLevel {
            joined.append((name, target))
            // A nested join's columns are named by its key too (`Album.Title`).
            for nested in association.nested where !joined.contains(where: { $0.key == nested.name }) && nested.name != table.name {
                joined.append((nested.name, RandomTable.named(nested.name)))
            }
        }
        return association
    }
}


private extension RandomLiteral {
    var isString: Bool { if case .string = self { true } else { false } }
    var isNull: Bool { self == .null }

    func isOrdered(before other: RandomLiteral) -> Bool {
        switch (self, other) {
        case (.string(let a), .string(let b)): a <= b
        default: (number ?? 0) <= (other.number ?? 0)
        }
    }

    var number: Double? {
        switch self {
        case .integer(let value, _): Double(value)
        case .real(let value, _): value
        default: nil
        }
    }

    /// Literals drawn as values get their Swift spelling.
    func withText() -> RandomLiteral {
        switch self {
        case .integer(let value, _): .integer(value, "\(value)")
        case .real(let value, _): .real(value, value == value.rounded() ? String(format: "%.1f", value) : "\(value)")
        default: self
        }
    }
}

private extension RandomStep {
    var shapesSelection: Bool {
        switch self {
        case .select, .annotated, .distinct, .group, .having: true
        default: false
        }
    }
}
