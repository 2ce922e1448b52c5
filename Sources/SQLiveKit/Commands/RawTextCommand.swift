/// A meta-command whose argument is query text (SQL or DSL), received as typed.
///
/// The tokenizer of other commands strips quotes, which SQL needs (`name = 'Bob'`); these
/// commands read their options themselves with ``RawArguments`` and keep the rest verbatim,
/// in ``parse(text:)``, before anything runs.
///
///     // .pin --name bobs SELECT * FROM player WHERE name = 'Bob'
///     func parse(text: String) throws(Diagnostic) -> Arguments {
///         var arguments = RawArguments(text)
///         arguments.option()      // "--name"
///         arguments.word()        // "bobs"
///         arguments.remainder     // "SELECT * FROM player WHERE name = 'Bob'"
///     }
public protocol RawTextCommand: MetaCommand {
    /// Reads the text after the command's name, as typed, into the arguments.
    func parse(text: String) throws(Diagnostic) -> Arguments
}

extension RawTextCommand {
    /// Words already split are joined back with spaces.
    public func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        try parse(text: words.joined(separator: " "))
    }

    /// Reads the command's text, then runs it in the view of the session's parts it declares.
    func run(text: String, from parts: SessionParts) throws(Diagnostic) {
        let arguments: Arguments
        do {
            arguments = try parse(text: text)
        } catch {
            throw explaining(error, of: [text], in: .scope(of: parts))
        }
        try run(arguments, in: .scope(of: parts))
    }

    /// The text, when there is any: a usage error (`missing query`) otherwise.
    func requiring(_ text: String, missing: String = "missing query") throws(Diagnostic) -> String {
        guard !text.isEmpty else { throw usageError(missing) }
        return text
    }
}

/// Reads leading words off a command's text and leaves the rest as typed.
public struct RawArguments {
    private var rest: Substring

    public init(_ text: String) {
        rest = Substring(text)
    }

    /// The text of a meta-command line after its name: `.pin x` → `x`.
    public static func afterCommandName(_ line: String) -> String {
        var arguments = RawArguments(line)
        _ = arguments.word()
        return arguments.remainder
    }

    /// The next word when it is an option (`--name`), consumed; nil otherwise.
    public mutating func option() -> String? {
        skipSpaces()
        guard rest.hasPrefix("--") || (rest.hasPrefix("-") && rest.dropFirst().first?.isLetter == true) else {
            return nil
        }
        return word()
    }

    /// The next word, consumed: up to a space, or between quotes ('…' or "…").
    public mutating func word() -> String? {
        skipSpaces()
        guard let first = rest.first else { return nil }
        if first == "'" || first == "\"" {
            let body = rest.dropFirst()
            let end = body.firstIndex(of: first) ?? body.endIndex
            rest = end < body.endIndex ? body[body.index(after: end)...] : body[end...]
            return String(body[..<end])
        }
        let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
        defer { rest = rest[end...] }
        return String(rest[..<end])
    }

    /// What is left, without surrounding spaces.
    public var remainder: String {
        String(rest.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private mutating func skipSpaces() {
        rest = rest.drop(while: \.isWhitespace)
    }
}
