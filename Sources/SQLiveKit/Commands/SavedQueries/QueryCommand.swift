/// `.query`: queries saved by name with placeholders, run with arguments (litecli's `\fs`
/// and `\f`, psql's variables).
///
///     .query save city SELECT name FROM customer WHERE city = $1
///     .query city Paris            runs it with 'Paris' for $1
///     .query list                  the saved queries
///     .query forget city
///     .pin .query city Paris       a live pane of it
///
/// The queries live in the config folder (``SavedQueryStore``) and serve every database.
struct QueryCommand: RawTextCommand {
    let name = "query"
    let usage = "save NAME QUERY|list|forget NAME|NAME ?ARG ...?"
    let summary = "save a query by name with $1, $2… placeholders, then run it with arguments"
    let effect = CommandEffect.writesFiles
    var details: String {
        """
        .query save NAME QUERY saves QUERY (SQL or DSL) under NAME; $1, $2… stand for the
        arguments given when it runs. .query NAME ARG… runs it, each ARG in place of its $N as
        a literal (a number as it is, other text quoted; quote an argument with spaces).
        .query list shows the saved queries, .query forget NAME drops one, and
        .pin .query NAME ARG… keeps one on screen as a live pane. The queries are kept in
        $XDG_CONFIG_HOME/sqlive/queries.json (by default ~/.config/sqlive/queries.json).
        """
    }

    private static let subcommands = ["save", "list", "forget"]

    func completions(after arguments: [String], prefix: String, in control: SessionControl) -> [String] {
        let names = (try? SavedQueryStore(environment: control.environment).load().keys.sorted()) ?? []
        switch arguments.first {
        case nil: return Self.subcommands + names
        case "forget": return arguments.count == 1 ? names : []
        default: return []
        }
    }

    /// A subcommand of `.query`, read.
    enum Arguments: Equatable {
        case save(name: String, query: String)
        case list
        case forget(name: String)
        /// Runs the saved query NAME with these arguments in place of `$1`, `$2`…
        case run(name: String, arguments: [String])
    }

    func parse(text: String) throws(Diagnostic) -> Arguments {
        var words = RawArguments(text)
        guard let first = words.word() else { throw usageError("missing NAME, or save, list or forget") }
        switch first {
        case "save":
            guard let name = words.word(), Self.isName(name) else {
                throw usageError("save needs a NAME of letters, digits, - and _, then the query")
            }
            return .save(name: name, query: try requiring(words.remainder, missing: "save \(name) needs the query to save"))
        case "list":
            return .list
        case "forget":
            guard let name = words.word() else { throw usageError("forget needs a NAME") }
            return .forget(name: name)
        default:
            return .run(name: first, arguments: CommandLineTokenizer.words(words.remainder))
        }
    }

    func run(_ arguments: Arguments, in control: SessionControl) throws(Diagnostic) {
        let store = SavedQueryStore(environment: control.environment)
        switch arguments {
        case .save(let name, let query):
            try store.save(name, query: query)
        case .list:
            let queries = try store.load()
            guard !queries.isEmpty else {
                control.output.append("no saved queries: .query save NAME QUERY keeps one\n")
                return
            }
            for (name, query) in queries.sorted(by: { $0.key < $1.key }) {
                control.output.append("\(name): \(query)\n")
            }
        case .forget(let name):
            guard try store.remove(name) else { throw Self.unknown(name, among: store) }
        case .run(let name, let words):
            let query = try Self.expanded(name: name, arguments: words, store: store)
            var lines = StringLineSource(query)
            control.runScript(&lines, source: ".query \(name)")
        }
    }

    /// The text of the saved query `name` with its arguments in place, ending with `;`
    /// when it is SQL.
    static func expanded(name: String, arguments: [String], store: SavedQueryStore) throws(Diagnostic) -> String {
        guard let saved = try store.load()[name] else { throw unknown(name, among: store) }
        var query = try SavedQueryArguments.filled(saved, with: arguments)
        if SQLKeywords.startsSQLStatement(query), !query.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(";") {
            query += ";"
        }
        return query
    }

    /// `.pin .query NAME ARGS…`: the query text a pane runs, or nil for any other text.
    static func expandedReference(_ text: String, store: SavedQueryStore) throws(Diagnostic) -> String? {
        var words = CommandLineTokenizer.words(text)
        guard words.first == ".query", words.count >= 2 else { return nil }
        words.removeFirst()
        let name = words.removeFirst()
        var query = try expanded(name: name, arguments: words, store: store)
        if query.hasSuffix(";") { query.removeLast() }
        return query
    }

    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && !subcommands.contains(name)
            && name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    private static func unknown(_ name: String, among store: SavedQueryStore) -> Diagnostic {
        let names = (try? store.load().keys.sorted()) ?? []
        let hint = Suggestion.closest(to: name, among: names).map { "did you mean \($0)? " } ?? ""
        return Diagnostic(".query: no saved query named \(name)", hint: hint + ".query list shows the saved queries")
    }
}
