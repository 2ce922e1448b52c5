/// Answers tab completion: asks its sources in order, and the first that claims the input
/// gives the candidates.
///
///     let provider = CompletionProvider.standard
///     provider.completion(for: CompletionRequest(line: ".hea"), in: session).candidates
///     // [".headers"]
///
/// Another kind of input adds a source in front of those it must win over, for example a
/// DSL source that claims input not starting an SQL statement:
/// `CompletionProvider(sources: [MetaCommandCompletionSource(), dsl, SQLCompletionSource()])`.
public struct CompletionProvider: Sendable {
    public var sources: [any CompletionSource]

    public init(sources: [any CompletionSource]) {
        self.sources = sources
    }

    /// Meta-command names and arguments, DSL queries, then SQL keywords, tables and columns.
    public static let standard = CompletionProvider(sources: [
        MetaCommandCompletionSource(),
        DSLCompletionSource(),
        SQLCompletionSource(),
    ])

    func completion(for request: CompletionRequest, in context: CompletionContext) -> Completion {
        for source in sources {
            if var completion = source.completion(for: request, in: context) {
                completion.isFollowedByText = request.restOfLine.first.map { !$0.isWhitespace } ?? false
                return completion
            }
        }
        return .none()
    }
}
