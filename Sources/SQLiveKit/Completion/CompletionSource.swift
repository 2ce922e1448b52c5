/// One kind of input that tab completion understands: meta-commands, SQL, and later the
/// query DSL. A source claims the input it knows and leaves the rest to the next one.
///
///     struct ShoutSource: CompletionSource {
///         func completion(for request: CompletionRequest, in context: CompletionContext) -> Completion? {
///             guard request.line.hasPrefix("!") else { return nil }   // not mine
///             return Completion(word: request.line, candidates: ["!hello"])
///         }
///     }
public protocol CompletionSource: Sendable {
    /// The candidates for the word before the cursor, or nil when the input is not of this
    /// source's kind (the provider then asks the next source).
    func completion(for request: CompletionRequest, in context: CompletionContext) -> Completion?
}
