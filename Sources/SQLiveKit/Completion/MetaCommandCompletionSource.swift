/// Completes meta-command lines: the command name after the leading `.`, then each argument
/// from the command's own ``MetaCommand/completions(after:prefix:in:)`` (in the view of the session it declares).
///
///     .hea⇥        → .headers
///     .mode c⇥     → csv (the candidates .mode declares, kept if they start with "c")
///     .pin prod⇥   → product (a QUERY argument completes as a statement would)
public struct MetaCommandCompletionSource: CompletionSource {
    public init() {}

    public func completion(for request: CompletionRequest, in context: CompletionContext) -> Completion? {
        guard request.isMetaCommand else { return nil }
        let line = request.line.drop { $0 == " " || $0 == "\t" }
        // The word is the raw text after the last space, so it is exactly what the terminal
        // replaces (a quoted argument is completed only up to its first space).
        let wordStart = line.lastIndex(where: { $0 == " " || $0 == "\t" }).map(line.index(after:)) ?? line.startIndex
        let word = String(line[wordStart...])
        let before = CommandLineTokenizer.words(String(line[..<wordStart]))

        guard let typedName = before.first else {
            let typed = word.dropFirst().lowercased()
            let names = context.commands.allNames.filter { $0.hasPrefix(typed) }
            return Completion(word: word, candidates: names.map { "." + $0 })
        }
        guard let command = context.commands.command(named: String(typedName.dropFirst())) else {
            return .none(for: word)
        }
        if let nameEnd = line.firstIndex(where: { $0 == " " || $0 == "\t" }),
           let query = QueryArgumentCompletion.completion(for: command, arguments: line[nameEnd...],
                                                           restOfLine: request.restOfLine, in: context) {
            return query
        }
        let typed = word.lowercased()
        let candidates = context.argumentCompletions(of: command, after: Array(before.dropFirst()), prefix: word)
            .compactMap { name -> String? in
                let argument = Self.quotedIfSplit(name)
                return name.lowercased().hasPrefix(typed) || argument.lowercased().hasPrefix(typed) ? argument : nil
            }
        return Completion(word: word, candidates: candidates)
    }

    /// A name that the command line would split into several words (a table named
    /// `my table`) in double quotes, as sqlite3 reads a quoted argument: `.import FILE my⇥`
    /// inserted `my table`, and the command took `my` for the table.
    static func quotedIfSplit(_ name: String) -> String {
        guard name.contains(where: { $0.isWhitespace || $0 == "\\" }) || name.first == "\"" || name.first == "'" else {
            return name
        }
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + escaped + "\""
    }
}
