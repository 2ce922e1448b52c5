/// Completes SQL from the statement being typed: after FROM, JOIN, INTO, UPDATE and TABLE
/// the tables and views; where an expression goes (after SELECT, WHERE, SET, ON, ORDER BY,
/// GROUP BY, an operator or a comma) the columns of the tables the statement names first,
/// then functions with their `(`, then tables and keywords last. A word no name starts
/// with matches the names holding its letters in order (`trk` → `Track`).
///
///     SELECT * FROM al⇥                    → albums
///     SELECT * FROM albums WHERE ⇥         → AlbumId  ArtistId  Title   (the columns in scope)
///     SELECT a.Ti⇥ FROM albums a           → a.Title
///     SELECT coun⇥                         → count(
///     sel⇥                                 → select      (the case typed is kept)
///     SELECT * FROM trk⇥                   → Track       (letters in order)
///
/// Names that are not plain identifiers are offered quoted: `"order items"`.
public struct SQLCompletionSource: CompletionSource {
    public init() {}

    /// The words after which only a table name makes sense.
    private static let tableIntroducers: Set<String> = ["FROM", "JOIN", "INTO", "UPDATE", "TABLE"]
    /// The tokens after which, in an expression clause, a column is expected.
    private static let expressionStarts: Set<String> = [
        "SELECT", "WHERE", "SET", "ON", "BY", "HAVING", "AND", "OR", "NOT", "DISTINCT", "WHEN", "THEN", "ELSE",
        "CASE", "RETURNING", "USING", ",", "(", "=", "<", ">", "!", "+", "-", "*", "/", "%", "|",
    ]
    private static let keywords = Set(SQLKeywords.all)

    public func completion(for request: CompletionRequest, in context: CompletionContext) -> Completion? {
        let connection = context.connection
        let context = SQLCompletionContext(before: request.statementText, after: request.restOfLine)
        guard context.isCompletable else { return .none() }
        // A number (`LIMIT 2`, `1e`, `0x1`) is no name: letters in order found `atan2(`.
        if context.word == context.bareWord, let first = context.word.unicodeScalars.first, ("0"..."9").contains(first) {
            return .none(for: context.word)
        }
        let schema = SchemaNames(connection: connection)
        let word = context.word
        let tablesByName = Set(schema.tables.map { $0.lowercased() })

        if let qualifier = context.qualifier {
            let table = context.aliases(tables: tablesByName)[qualifier.lowercased()] ?? qualifier
            return Completion(word: word, ranked: ranked([(schema.columns(of: table), true)], context))
        }
        if Self.expectsTable(context) {
            return Completion(word: word, ranked: ranked([(schema.tables, true)], context))
        }
        let references = context.tableReferences
        let inScope = schema.tables.filter { table in
            references.contains { $0.lowercased() == table.lowercased() }
        }
        let expectsColumn = context.previousToken.map(Self.expressionStarts.contains) ?? false
        guard !context.bareWord.isEmpty else {
            // With nothing typed, only the columns of the tables in scope: anything more
            // would be a wall of text.
            guard expectsColumn, !inScope.isEmpty else { return .none(for: word) }
            return Completion(word: word, ranked: ranked([(inScope.flatMap(schema.columns(of:)), true)], context))
        }
        let typesQuote = word != context.bareWord
        let keywords = typesQuote ? [] : SQLKeywords.all.map { inCase(of: word, $0) }
        // The first word starts a statement (a keyword) or a DSL query (a table).
        guard context.previousToken != nil else {
            return Completion(word: word, ranked: ranked([(schema.tables, true), (keywords, false)], context))
        }
        let columns = (inScope.isEmpty ? schema.tables : inScope).flatMap(schema.columns(of:))
        let functions = typesQuote ? [] : schema.functions.map { inCase(of: word, $0) + "(" }
        return Completion(word: word, ranked: ranked([(columns, true), (functions, false), (schema.tables, true), (keywords, false)], context))
    }

    /// After FROM, JOIN, INTO, UPDATE, TABLE, or a comma in a FROM clause.
    private static func expectsTable(_ context: SQLCompletionContext) -> Bool {
        guard let previous = context.previousToken else { return false }
        return tableIntroducers.contains(previous) || (previous == "," && (context.clause == "FROM" || context.clause == "JOIN"))
    }

    /// The names of each group that the word starts, group by group, each group sorted;
    /// when no name of any group starts so, those holding its letters in order. Names of
    /// tables and columns (`quotable`) are quoted when they must be or when the user opened
    /// a quote; keywords and functions never are.
    private func ranked(_ groups: [(names: [String], quotable: Bool)], _ context: SQLCompletionContext) -> [String] {
        let typed = context.bareWord.lowercased()
        let sorted = groups.map { group in
            (names: group.names.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }, quotable: group.quotable)
        }
        let startsWithWord = sorted.contains { $0.names.contains { $0.lowercased().hasPrefix(typed) } }
        let opensQuote = context.word != context.bareWord
        return sorted.flatMap { group in
            group.names.filter { name in
                startsWithWord ? name.lowercased().hasPrefix(typed) : Self.holdsInOrder(typed, name.lowercased())
            }.map { name in
                group.quotable && (opensQuote || needsQuotes(name)) ? quoted(name, opener: context.word.first ?? "\"") : name
            }
        }
    }

    /// True when the letters of `typed` appear in `name` in the same order.
    private static func holdsInOrder(_ typed: String, _ name: String) -> Bool {
        var remaining = typed[...]
        for character in name where character == remaining.first {
            remaining = remaining.dropFirst()
            if remaining.isEmpty { return true }
        }
        return remaining.isEmpty
    }

    /// A keyword or function name in the case the user types: lower case unless the word
    /// has an upper-case letter.
    private func inCase(of word: String, _ name: String) -> String {
        word.contains(where: \.isUppercase) ? name.uppercased() : name.lowercased()
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
