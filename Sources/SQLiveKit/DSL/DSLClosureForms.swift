/// Closures and key paths (`filter { $0.score > 10 }`, `order(\.name)`), which GRDB accepts
/// for record types that declare their columns. A DSL query's tables are `Table("…")`, whose
/// columns have no Swift properties, so the DSL has neither: columns are named directly. The
/// error says so and, when it can, spells out the query to type instead.
///
///     player.filter { $0.score > 10 }       write player.filter(score > 10)
///     player.filter({ p in p.score > 10 })  write player.filter(score > 10)
///     player.order(\.name)                  write player.order(name)
enum DSLClosureForms {
    /// True for the characters that start a closure or a key path, which the DSL has no use for.
    static func starts(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "{") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "\\")
    }

    /// The error for a closure or a key path starting at a UTF-8 offset of the query.
    static func diagnostic(at offset: Int, in text: String) -> Diagnostic {
        let isKeyPath = text.utf8.dropFirst(offset).first == UInt8(ascii: "\\")
        let message = isKeyPath
            ? "the query DSL has no key paths: name the column, as in order(name) or order(Column(\"name\"))"
            : "the query DSL has no closures: name the columns, as in filter(score > 10) or filter(Column(\"score\") > 10)"
        // The rewrite is a suggestion only when it is a query the DSL parses (and parsing it
        // can't come back here: it has none of these characters left).
        let hint = rewritten(text).flatMap { rewrite in
            rewrite.utf8.contains(where: starts) || (try? DSLParser.parse(rewrite)) == nil ? nil : "write \(rewrite)"
        }
        return DSLDiagnostic.at(offset, in: text, message, hint: hint)
    }

    /// The query with its closures and key paths replaced by bare column names: `{ $0.x > 1 }`
    /// becomes `(x > 1)` (or `x > 1` inside parentheses already), `\.x` and `\Type.x` become
    /// `x`. Nil when a closure is not one this can rewrite, or `$0` is outside a closure.
    static func rewritten(_ text: String) -> String? {
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            switch characters[index] {
            case "\"":
                let end = endOfString(characters, from: index)
                result += String(characters[index..<end])
                index = end
            case "\\":
                // `\.name` or `\Type.name`: the name that follows the dot stays.
                var dot = index + 1
                while dot < characters.count, characters[dot].isNameCharacter { dot += 1 }
                guard dot < characters.count, characters[dot] == "." else { return nil }
                index = dot + 1
            case "$":
                return nil
            case "{":
                guard let close = matchingBrace(characters, from: index),
                      let body = closureBody(String(characters[(index + 1)..<close])) else { return nil }
                while result.last?.isWhitespace == true { result.removeLast() }
                // `filter({ … })` already has its parentheses; `filter { … }` is a trailing closure.
                result += result.last == "(" ? body : "(" + body + ")"
                index = close + 1
            default:
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    /// A closure's body with its parameter's members as bare names: `$0.score > 10` or
    /// `p in p.score > 10` is `score > 10`. Nil for a body still naming the parameter alone.
    private static func closureBody(_ text: String) -> String? {
        var body = Substring(text).drop(while: \.isWhitespace)
        while body.last?.isWhitespace == true { body = body.dropLast() }
        var parameter = "$0"
        if let match = body.firstMatch(of: /^\(?\s*(\w+)\s*\)?\s+in\s+/) {
            parameter = String(match.output.1)
            body = body[match.range.upperBound...]
        }
        let prefix = parameter + "."
        var stripped = ""
        var rest = body
        while let range = rest.range(of: prefix) {
            let before = rest[..<range.lowerBound]
            let isWhole = (before.last ?? (stripped.last ?? " ")).isNameCharacter == false
            stripped += before + (isWhole ? "" : prefix)
            rest = rest[range.upperBound...]
        }
        stripped += rest
        let names = stripped.split { !$0.isNameCharacter }
        return names.contains(Substring(parameter)) || stripped.isEmpty ? nil : stripped
    }

    private static func endOfString(_ characters: [Character], from start: Int) -> Int {
        var index = start + 1
        while index < characters.count, characters[index] != "\"" {
            index += characters[index] == "\\" ? 2 : 1
        }
        return min(index + 1, characters.count)
    }

    private static func matchingBrace(_ characters: [Character], from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < characters.count {
            switch characters[index] {
            case "\"": index = endOfString(characters, from: index) - 1
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }
}

extension Character {
    /// Letters, digits and `_`: the characters of a Swift name (and `$` of `$0`).
    fileprivate var isNameCharacter: Bool { isLetter || isNumber || self == "_" || self == "$" }
}
