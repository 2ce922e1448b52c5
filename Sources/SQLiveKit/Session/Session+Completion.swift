extension CompletionProvider {
    /// The completion of `request` against what `session` holds now: the session makes the
    /// context its sources read (``CompletionContext``), so no source holds the session.
    public func completion(for request: CompletionRequest, in session: Session) -> Completion {
        completion(for: request, in: CompletionContext(session.parts))
    }
}
