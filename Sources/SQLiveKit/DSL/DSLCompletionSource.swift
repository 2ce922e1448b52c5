/// Tab completion for DSL queries at the prompt: claims a statement that is not SQL (as the
/// input splitter decides) once it is more than its first word, and completes it with
/// ``DSLCompletion``. The first word may yet become an SQL keyword: SQL completion offers
/// both keywords and table names for it.
///
///     product.fil⇥                   → product.filter
///     product.filter(pr⇥             → product.filter(price
public struct DSLCompletionSource: CompletionSource {
    public init() {}

    public func completion(for request: CompletionRequest, in context: CompletionContext) -> Completion? {
        let text = request.statementText
        guard !request.isMetaCommand, !SQLKeywords.startsSQLStatement(text) else { return nil }
        let word = Self.word(before: text)
        guard text.drop(while: { $0.isWhitespace }).utf8.count > word.utf8.count else { return nil }
        return Completion(word: word, candidates: Self.candidates(for: text, in: context.connection))
    }

    /// The candidates for the name ending a DSL query, read against the database's schema.
    static func candidates(for query: String, in connection: DatabaseConnection) -> [String] {
        let schema = (try? connection.queue.inDatabase(DSLCompletionSchema.load)) ?? DSLCompletionSchema(tables: [])
        return DSLCompletion.candidates(line: query, cursor: query.utf8.count, schema: schema)
    }

    /// The name being typed at the end of the text: `fil` in `product.fil`.
    static func word(before text: String) -> String {
        String(text.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
    }
}
