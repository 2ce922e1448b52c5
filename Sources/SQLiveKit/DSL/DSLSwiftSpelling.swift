/// What a Swift program writes around a query that a DSL query has no use for, so that a line
/// pasted from an app runs as it is:
///
///     try player.filter(score > 10).fetchAll(db)     // as player.filter(score > 10).fetchAll()
///     let best = try Player.order(score.desc).fetchOne(db)
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
    /// The text with what a Swift statement puts before its expression blanked out: `let
    /// name =` (or `var name =`) or `return`, then `try` (`try!`, `try?`). Offsets stay those
    /// of the text typed, for carets. Only when a query (or nothing yet: Tab completes the
    /// table after `try `) follows; a table named `try` or `let` stays a table.
    static func withoutSwiftPrefix(_ text: String) -> String {
        var scanner = PrefixScanner(Array(text.utf8))
        scanner.skipBlanks()
        let start = scanner.index
        var matched = false
        if scanner.word("let") || scanner.word("var") {
            guard scanner.skipBlanks(), scanner.name() else { return text }
            scanner.skipBlanks()
            guard scanner.assignment() else { return text }
            scanner.skipBlanks()
            matched = true
        } else if scanner.word("return") {
            guard scanner.skipBlanks() else { return text }
            matched = true
        }
        let beforeTry = scanner.index
        if scanner.word("try") {
            _ = scanner.symbol(UInt8(ascii: "!")) || scanner.symbol(UInt8(ascii: "?"))
            if scanner.skipBlanks() { matched = true } else { scanner.index = beforeTry }
        }
        guard matched, scanner.atEnd || scanner.startsName else { return text }
        var blanked = scanner.bytes
        for position in start..<scanner.index { blanked[position] = 0x20 }
        return String(decoding: blanked, as: UTF8.self)
    }

    /// Reads the words before a query, one byte at a time.
    private struct PrefixScanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        /// A name, or a backquoted one, starts here.
        var startsName: Bool {
            !atEnd && (DSLNameBytes.starts(bytes[index]) || bytes[index] == UInt8(ascii: "`"))
        }

        /// Skips spaces and tabs; true when there was one.
        @discardableResult
        mutating func skipBlanks() -> Bool {
            let before = index
            while !atEnd, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            return index > before
        }

        /// The keyword, as a whole word.
        mutating func word(_ keyword: String) -> Bool {
            let keyword = Array(keyword.utf8)
            guard bytes[index...].starts(with: keyword) else { return false }
            let after = index + keyword.count
            if after < bytes.count, DSLNameBytes.continues(bytes[after]) { return false }
            index = after
            return true
        }

        /// A Swift name: `players`, `_`.
        mutating func name() -> Bool {
            guard startsName, bytes[index] != UInt8(ascii: "`") else { return false }
            while !atEnd, DSLNameBytes.continues(bytes[index]) { index += 1 }
            return true
        }

        /// `=`, not `==`.
        mutating func assignment() -> Bool {
            guard symbol(UInt8(ascii: "=")) else { return false }
            if !atEnd, bytes[index] == UInt8(ascii: "=") { return false }
            return true
        }

        mutating func symbol(_ byte: UInt8) -> Bool {
            guard !atEnd, bytes[index] == byte else { return false }
            index += 1
            return true
        }

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
