/// Builds the diagnostics of the query DSL: a message, the query with a caret under the
/// offending token, and a hint when there is something to suggest.
///
///     error: no such column: Titel — did you mean title?
///       product.filter(Titel == "Bee Hotel")
///                      ^
enum DSLDiagnostic {
    /// An error pointing at a UTF-8 offset of the query text.
    static func at(_ offset: Int, in text: String, _ message: String, hint: String? = nil) -> Diagnostic {
        let isBlank = text.allSatisfy(\.isWhitespace)
        return Diagnostic(message, excerpt: isBlank ? nil : Diagnostic.Excerpt(text: text, offset: offset), hint: hint)
    }

    /// "no such column: Titel — did you mean title?": an unknown name, with the closest known one.
    static func unknown(_ kind: String, _ typed: String, among candidates: [String], at offset: Int, in text: String,
                        hint: String? = nil) -> Diagnostic {
        var message = "no such \(kind): \(typed)"
        if let suggestion = Suggestion.closest(to: typed, among: candidates) {
            message += " — did you mean \(suggestion)?"
        }
        var diagnostic = at(offset, in: text, message, hint: hint)
        // A table or column the schema may get later (an app's migration): a pane waits.
        if kind == "table" || kind == "column" { diagnostic.kind = .unknownName }
        return diagnostic
    }
}
