/// Puts the arguments of `.query NAME ARGS…` in place of `$1`, `$2`… in the saved query, as
/// literals: a number as it is, anything else as a quoted string. The query text is then
/// whole, so a pane pinned from it (`.pin .query NAME ARGS`) keeps its values.
///
///     SavedQueryArguments.filled("SELECT * FROM t WHERE city = $1 AND n > $2", with: ["Paris", "3"])
///     // SELECT * FROM t WHERE city = 'Paris' AND n > 3
///
/// In a DSL query a string is a Swift literal (`"Paris"`). `$1` inside a string literal or
/// a quoted name is text, not a placeholder, and `$12` is the twelfth argument.
enum SavedQueryArguments {
    /// The query with its placeholders filled. Throws when a placeholder has no argument.
    static func filled(_ query: String, with arguments: [String]) throws(Diagnostic) -> String {
        let isSQL = SQLKeywords.startsSQLStatement(query)
        var result = ""
        var closing: Character?
        var index = query.startIndex
        while index < query.endIndex {
            let character = query[index]
            if let quote = closing {
                if character == quote { closing = nil }
            } else if "'\"`[".contains(character) {
                closing = character == "[" ? "]" : character
            } else if character == "$" {
                let digits = query[query.index(after: index)...].prefix { $0.isASCII && $0.isNumber }
                if let number = Int(digits), number >= 1 {
                    guard number <= arguments.count else {
                        throw Diagnostic("the query uses $\(number) but \(arguments.count) argument\(arguments.count == 1 ? " was" : "s were") given")
                    }
                    result += literal(arguments[number - 1], isSQL: isSQL)
                    index = digits.endIndex
                    continue
                }
            }
            result.append(character)
            index = query.index(after: index)
        }
        return result
    }

    /// How many placeholders a query uses: the highest `$N`.
    static func placeholderCount(in query: String) -> Int {
        var highest = 0
        var rest = query[...]
        while let dollar = rest.firstIndex(of: "$") {
            let digits = rest[rest.index(after: dollar)...].prefix { $0.isASCII && $0.isNumber }
            highest = max(highest, Int(digits) ?? 0)
            rest = rest[rest.index(after: dollar)...]
        }
        return highest
    }

    private static func literal(_ argument: String, isSQL: Bool) -> String {
        if Int(argument) != nil || (Double(argument).map(\.isFinite) ?? false) && argument.first != "." {
            return argument
        }
        if isSQL {
            return "'" + argument.replacingOccurrences(of: "'", with: "''") + "'"
        }
        let escaped = argument.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + escaped + "\""
    }
}
