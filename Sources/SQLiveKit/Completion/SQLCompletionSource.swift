/// Completes SQL: keywords in the case the user types them, table and view names, and the
/// columns of the tables the statement names.
///
///     SELECT * FROM al⇥       → albums          (after FROM, JOIN, INTO, UPDATE, TABLE: tables only)
///     SELECT a.Ti⇥ FROM albums a → a.Title      (after `name.`: that table's or alias's columns)
///     sel⇥                    → select          (lower case typed, lower case given)
///     SELECT Ti⇥              → Title           (columns of the named tables, or of all)
///
/// Names that are not plain identifiers are offered quoted: `"order items"`.
public struct SQLCompletionSource: CompletionSource {
    public init() {}

    /// The words after which only a table name makes sense.
    private static let tableIntroducers: Set<String> = ["FROM", "JOIN", "INTO", "UPDATE", "TABLE"]
    private static let keywords = Set(SQLKeywords.all)

    public func completion(for request: CompletionRequest, in session: Session) -> Completion? {
        let context = SQLCompletionContext(before: request.statementText, after: request.restOfLine)
        guard context.isCompletable else { return .none() }
        let schema = SchemaNames(session: session)
        let word = context.word

        if let qualifier = context.qualifier {
            let tables = Set(schema.tables.map { $0.lowercased() })
            let table = context.aliases(tables: tables)[qualifier.lowercased()] ?? qualifier
            return Completion(word: word, candidates: matching(schema.columns(of: table), context))
        }
        if let previous = context.previousToken, Self.tableIntroducers.contains(previous) {
            return Completion(word: word, candidates: matching(schema.tables, context))
        }
        // With nothing typed, every keyword and name would be a wall of text.
        guard !context.bareWord.isEmpty else { return .none(for: word) }

        let mentioned = schema.tables.filter { table in
            context.names.contains { $0.lowercased() == table.lowercased() }
        }
        let columns = (mentioned.isEmpty ? schema.tables : mentioned).flatMap(schema.columns(of:))
        var candidates = matching(schema.tables + columns, context)
        if word == context.bareWord {
            candidates += keywords(matching: word)
        }
        return Completion(word: word, candidates: candidates)
    }

    /// The names starting with the word (ignoring case), quoted when they must be or when
    /// the user opened a quote.
    private func matching(_ names: [String], _ context: SQLCompletionContext) -> [String] {
        let prefix = context.bareWord.lowercased()
        let opensQuote = context.word != context.bareWord
        return names
            .filter { $0.lowercased().hasPrefix(prefix) }
            .map { opensQuote || needsQuotes($0) ? quoted($0, opener: context.word.first ?? "\"") : $0 }
    }

    /// Keywords starting with the word, in lower case when the user types in lower case.
    private func keywords(matching word: String) -> [String] {
        let matches = SQLKeywords.all.filter { $0.hasPrefix(word.uppercased()) }
        let typesLowercase = word.contains(where: \.isLetter) && word == word.lowercased()
        return typesLowercase ? matches.map { $0.lowercased() } : matches
    }

    private func needsQuotes(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return true }
        let isPlain = name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return !isPlain || Self.keywords.contains(name.uppercased())
    }

    private func quoted(_ name: String, opener: Character) -> String {
        switch opener {
        case "`": "`" + name + "`"
        case "[": "[" + name + "]"
        default: "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        }
    }
}
