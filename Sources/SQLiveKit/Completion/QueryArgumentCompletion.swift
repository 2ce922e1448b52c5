/// Completes the QUERY argument of a meta-command whose usage ends with `QUERY` (`.pin`,
/// `.sql`, `.explain`, `.chart`, `.region`, `.export FILE QUERY`) as the prompt completes a
/// statement: DSL names, SQL keywords, tables and columns.
///
///     .pin --rows 5 product.fil⇥     → product.filter
///     .pin SELECT * FROM prod⇥       → product
///
/// Where the query starts comes from the usage line (its last word is QUERY, or a choice of
/// words one of which is QUERY): options written `?--name NAME?` take
/// the next word, `?--dedupe?` none, and each other word before QUERY (`FILE`) is one word.
enum QueryArgumentCompletion {
    /// The completion of the query typed after the command name, or nil when the cursor is
    /// not in the query (still in an option or a FILE) or the command takes no query.
    static func completion(for command: any MetaCommand, arguments: Substring, restOfLine: String,
                           in context: CompletionContext) -> Completion? {
        guard let shape = Shape(usage: command.usage) else { return nil }
        var rest = arguments.drop { $0 == " " || $0 == "\t" }
        var positionals = shape.positionalCount
        while true {
            guard let end = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                // The cursor is in this word: the query when nothing else is expected.
                guard positionals == 0 && !(rest.hasPrefix("-") && !shape.options.isEmpty) else { return nil }
                break
            }
            let word = rest[..<end]
            if word.hasPrefix("-") && !shape.options.isEmpty {
                let takesValue = shape.options[String(word.drop { $0 == "-" })] ?? false
                rest = rest[end...].drop { $0 == " " || $0 == "\t" }
                if takesValue {
                    guard let valueEnd = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return nil }
                    rest = rest[valueEnd...].drop { $0 == " " || $0 == "\t" }
                }
                continue
            }
            guard positionals > 0 else { break }
            positionals -= 1
            rest = rest[end...].drop { $0 == " " || $0 == "\t" }
        }
        let request = CompletionRequest(line: String(rest), restOfLine: restOfLine)
        return statementProvider.completion(for: request, in: context)
    }

    /// A query is completed as a statement at the prompt: DSL first, then SQL.
    private static let statementProvider = CompletionProvider(sources: [DSLCompletionSource(), SQLCompletionSource()])

    /// What a usage line says comes before QUERY.
    private struct Shape {
        /// Option names (without dashes) and whether each takes a value.
        var options: [String: Bool] = [:]
        var positionalCount = 0

        init?(usage: String) {
            var words = usage.split(separator: " ").map(String.init)
            // `QUERY|on|off|auto` (`.explain`): the query is one of the choices.
            guard let last = words.last, last.split(separator: "|").contains("QUERY") else { return nil }
            words.removeLast()
            var index = 0
            while index < words.count {
                let word = words[index]
                if word.hasPrefix("?--") {
                    let name = String(word.dropFirst(3).prefix { $0 != "?" })
                    let takesValue = !word.hasSuffix("?")
                    options[name] = takesValue
                    index += takesValue ? 2 : 1
                } else {
                    positionalCount += 1
                    index += 1
                }
            }
        }
    }
}
