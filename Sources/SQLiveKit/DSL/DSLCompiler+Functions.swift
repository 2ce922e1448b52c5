import GRDB

/// Date functions with GRDB's modifiers, and aggregates with a `filter:`.
///
///     dateTime(InvoiceDate, .startOfMonth, .day(1))   DATETIME("InvoiceDate", 'start of month', '1 days')
///     julianDay(InvoiceDate)                          JULIANDAY("InvoiceDate")
///     sum(Total, filter: Total > 5)                   SUM("Total") FILTER (WHERE "Total" > 5)
extension DSLCompiler {
    /// `dateTime(value, modifier, …)` or `julianDay(value, modifier, …)`.
    func dateFunction(_ function: DSLFunction, _ call: DSLCall, in scope: Scope) throws(Diagnostic) -> SQLExpression {
        guard let nodes = call.variadic(), let valueNode = nodes.first else {
            throw wrongArguments(call, usage: function.usage, expected: [nil])
        }
        let value = try expression(valueNode, in: scope)
        var modifiers: [SQLDateModifier] = []
        for node in nodes.dropFirst() {
            modifiers.append(try dateModifier(node, in: scope))
        }
        guard let dated = Self.dated(function == .dateTime ? dateTime : julianDay, value, modifiers) else {
            throw error("\(function.rawValue) takes at most \(Self.maximumModifiers) modifiers here", at: nodes[Self.maximumModifiers + 1])
        }
        return dated
    }

    private static let maximumModifiers = 6

    /// GRDB's variadic function called with the modifiers: Swift can't pass an array to a
    /// variadic parameter, so each count is written out.
    private static func dated(_ function: (SQLExpression, SQLDateModifier...) -> SQLExpression, _ value: SQLExpression,
                              _ m: [SQLDateModifier]) -> SQLExpression? {
        switch m.count {
        case 0: function(value)
        case 1: function(value, m[0])
        case 2: function(value, m[0], m[1])
        case 3: function(value, m[0], m[1], m[2])
        case 4: function(value, m[0], m[1], m[2], m[3])
        case 5: function(value, m[0], m[1], m[2], m[3], m[4])
        case 6: function(value, m[0], m[1], m[2], m[3], m[4], m[5])
        default: nil
        }
    }

    /// `.startOfDay`, `.day(1)`, `.second(1.5)`…: GRDB's `SQLDateModifier`.
    private func dateModifier(_ node: DSLNode, in scope: Scope) throws(Diagnostic) -> SQLDateModifier {
        let names = DSLImplicitMember.dateModifiers
        switch node.kind {
        case .implicitMember(let name):
            switch name.text {
            case "startOfDay": return .startOfDay
            case "startOfMonth": return .startOfMonth
            case "startOfYear": return .startOfYear
            case "unixEpoch": return .unixEpoch
            case "localTime": return .localTime
            case "utc": return .utc
            default:
                if DSLImplicitMember.countedDateModifiers.contains(name.text) {
                    throw error(".\(name.text) takes a number: write .\(name.text)(1)", at: node)
                }
                throw DSLDiagnostic.unknown("date modifier", "." + name.text, among: names.map { "." + $0 }, at: node.range.lowerBound,
                                            in: text, hint: "the date modifiers are " + names.map { "." + $0 }.joined(separator: ", "))
            }
        case .call(let callee, let arguments):
            guard case .implicitMember(let name) = callee.kind, DSLImplicitMember.countedDateModifiers.contains(name.text) else {
                break
            }
            guard arguments.count == 1, arguments[0].label == nil else {
                throw error("wrong arguments for .\(name.text): write .\(name.text)(1)", at: node)
            }
            let literal = try literal(arguments[0].value, in: scope, expecting: "a number")
            if name.text == "second", let seconds = literal.number { return .second(seconds) }
            guard case .integer(let count) = literal, let value = Int(exactly: count) else {
                throw error(".\(name.text) takes an integer", at: arguments[0].value)
            }
            switch name.text {
            case "minute": return .minute(value)
            case "hour": return .hour(value)
            case "day": return .day(value)
            case "month": return .month(value)
            case "year": return .year(value)
            default: return .weekday(value)
            }
        default:
            break
        }
        throw error("expected a date modifier: " + names.map { "." + $0 }.joined(separator: ", "), at: node)
    }

    /// `sum(x, filter: condition)`: GRDB's aggregate with a FILTER clause.
    func filteredAggregate(_ function: DSLFunction, _ value: SQLExpression, filter: SQLExpression) -> SQLExpression? {
        switch function {
        case .sum: sum(value, filter: filter)
        case .total: total(value, filter: filter)
        case .average: average(value, filter: filter)
        case .min: min(value, filter: filter)
        case .max: max(value, filter: filter)
        default: nil
        }
    }
}
