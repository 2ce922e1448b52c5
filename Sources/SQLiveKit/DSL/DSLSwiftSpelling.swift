/// What a Swift program writes around a query that a DSL query has no use for, so that a line
/// pasted from an app runs as it is:
///
///     try player.filter(score > 10).fetchAll(db)     // as player.filter(score > 10).fetchAll()
///     try Player.fetchOne(db, key: 1)                // as Player.filter(key: 1).fetchOne()
///     try Player.deleteAll(db, keys: [1, 2])         // as Player.filter(keys: [1, 2]).deleteAll()
///
/// `id:` and `ids:` (an `Identifiable` record's) are its primary key, as `key:` and `keys:`.
///
/// The shell has one database, so the `db` argument of GRDB's fetch and batch methods names
/// nothing here; `try` (`try!`, `try?`) marks a call that throws, and every query may fail.
/// GRDB's methods that take a primary key with the database (`Table`'s `exists(_:key:)`,
/// `deleteOne(_:key:)`, `deleteAll(_:keys:)`, and a record type's `fetchOne(_:key:)`,
/// `fetchAll(_:keys:)`, `fetchSet(_:keys:)`) are what GRDB makes of them: the request
/// filtered by the key, then the method without it.
enum DSLSwiftSpelling {
    /// The text with a leading `try`, `try!` or `try?` blanked out (offsets stay those of the
    /// text typed, for carets), when a query (or nothing yet) follows it.
    static func withoutTry(_ text: String) -> String {
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count, utf8[index] == 0x20 || utf8[index] == 0x09 { index += 1 }
        guard utf8[index...].starts(with: Array("try".utf8)) else { return text }
        var end = index + 3
        if end < utf8.count, utf8[end] == UInt8(ascii: "!") || utf8[end] == UInt8(ascii: "?") { end += 1 }
        var next = end
        while next < utf8.count, utf8[next] == 0x20 || utf8[next] == 0x09 { next += 1 }
        // `try` is followed by a blank, then a query or nothing yet (Tab completes the table
        // after `try `); a table named `try` stays a table.
        guard next > end, next == utf8.count || startsName(utf8[next]) else { return text }
        var blanked = utf8
        for position in index..<end { blanked[position] = 0x20 }
        return String(decoding: blanked, as: UTF8.self)
    }

    private static func startsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "`") || byte >= 0x80
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Methods whose first argument is the database in Swift.
    private static let takingDatabase: Set<String> = [
        "fetchAll", "fetchOne", "fetchCount", "fetchSet", "isEmpty", "deleteAll", "updateAll", "exists", "deleteOne",
    ]

    /// Key methods: the label of the key, the filter GRDB applies, and the method that runs.
    private static let keyed: [String: (label: String, then: String)] = [
        "fetchOne": ("key", "fetchOne"), "fetchAll": ("keys", "fetchAll"), "fetchSet": ("keys", "fetchSet"),
        "exists": ("key", "exists"), "deleteOne": ("key", "deleteAll"), "deleteAll": ("keys", "deleteAll"),
    ]

    /// `id:` and `ids:` are how an `Identifiable` record names its primary key; GRDB runs
    /// `filter(id:)` as `filter(key:)`.
    private static func keyLabel(_ label: DSLName?) -> DSLName? {
        switch label?.text {
        case "id": DSLName(text: "key", range: label!.range)
        case "ids": DSLName(text: "keys", range: label!.range)
        default: label
        }
    }

    /// The tree with every `db` argument taken out, and key methods spelled as GRDB runs them.
    static func rewritten(_ node: DSLNode) -> DSLNode {
        switch node.kind {
        case .call(let callee, let arguments):
            let callee = rewritten(callee)
            let takesKeys = if case .member(_, let name) = callee.kind { name.text == "filter" || keyed[name.text] != nil } else { false }
            let arguments = arguments.map { argument in
                DSLArgument(label: takesKeys ? keyLabel(argument.label) : argument.label, value: rewritten(argument.value))
            }
            guard case .member(let base, let name) = callee.kind, takingDatabase.contains(name.text),
                  let first = arguments.first, first.label == nil, first.value.kind == .identifier("db") else {
                return DSLNode(.call(callee, arguments), range: node.range, children: [callee] + arguments.map(\.value))
            }
            let rest = Array(arguments.dropFirst())
            if rest.count == 1, let key = rest[0].label, let form = keyed[name.text], key.text == form.label {
                // base.filter(key: k).method()
                let filterName = DSLName(text: "filter", range: name.range)
                let filter = DSLNode(.member(base, filterName), range: base.range.lowerBound..<name.range.upperBound, children: [base])
                let filtered = DSLNode(.call(filter, rest), range: node.range, children: [filter, rest[0].value])
                let method = DSLNode(.member(filtered, DSLName(text: form.then, range: name.range)),
                                     range: node.range, children: [filtered])
                return DSLNode(.call(method, []), range: node.range, children: [method])
            }
            return DSLNode(.call(callee, rest), range: node.range, children: [callee] + rest.map(\.value))
        case .member(let base, let name):
            let base = rewritten(base)
            return DSLNode(.member(base, name), range: node.range, children: [base])
        case .prefix(let op, let operand):
            let operand = rewritten(operand)
            return DSLNode(.prefix(op, operand), range: node.range, children: [operand])
        case .binary(let op, let lhs, let rhs):
            let lhs = rewritten(lhs), rhs = rewritten(rhs)
            return DSLNode(.binary(op, lhs, rhs), range: node.range, children: [lhs, rhs])
        case .array(let elements):
            let elements = elements.map(rewritten)
            return DSLNode(.array(elements), range: node.range, children: elements)
        case .dictionary(let entries):
            let entries = entries.map { DSLDictionaryEntry(key: rewritten($0.key), value: rewritten($0.value)) }
            return DSLNode(.dictionary(entries), range: node.range, children: entries.flatMap { [$0.key, $0.value] })
        case .identifier, .literal, .implicitMember, .wildcard:
            return node
        }
    }
}
