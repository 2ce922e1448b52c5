import Foundation

/// A meta-command whose arguments end with SQL, which must reach SQLite exactly as typed:
/// quotes, spaces and all (`.export out.csv SELECT 'a  b'`, `.chart SELECT …`).
///
/// The registry hands such a command the text after its name instead of words; the command
/// takes its own leading words with ``CommandLineTokenizer/firstWord(of:)``.
public protocol QueryCommand: MetaCommand {
    /// Runs with the text after the command name, verbatim.
    func run(text: String, in session: Session) throws(Diagnostic)
}

extension QueryCommand {
    /// Runs from words, when only words are known: they are joined by single spaces.
    public func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        try run(text: arguments.joined(separator: " "), in: session)
    }

    /// Runs a query for this command, turning its errors into diagnostics.
    func runQuery(_ sql: String, in session: Session,
                  makeRenderer: ((RenderContext) -> any ResultRenderer)? = nil) throws(Diagnostic) {
        let trimmed = sql.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw usageError("missing query") }
        do {
            try session.runSQL(trimmed, makeRenderer: makeRenderer)
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic("\(error)")
        }
    }
}

extension CommandLineTokenizer {
    /// The first word of `text` (quotes removed, as in ``words(_:)``) and the text after it,
    /// verbatim; nil when `text` holds only spaces.
    ///
    ///     CommandLineTokenizer.firstWord(of: "'my file.csv' SELECT 'a  b'")
    ///     // ("my file.csv", " SELECT 'a  b'")
    public static func firstWord(of text: String) -> (word: String, rest: String)? {
        var scalars = text.unicodeScalars[...]
        guard let word = nextWord(&scalars) else { return nil }
        return (word, String(scalars))
    }
}
