import Foundation

extension MetaCommand {
    /// Runs the query a command was given (`.chart`, `.export`) like a typed statement, with
    /// parameters bound, rendered by `makeRenderer` (the current mode when nil).
    func runQuery(_ sql: String, in scope: DatabaseScope,
                  makeRenderer: ((RenderContext) -> any ResultRenderer)? = nil) throws(Diagnostic) {
        let trimmed = sql.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw usageError("missing query") }
        try scope.runSQL(trimmed, makeRenderer: makeRenderer)
    }
}
