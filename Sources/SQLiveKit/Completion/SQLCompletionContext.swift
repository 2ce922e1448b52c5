/// What the SQL around the cursor says about the word being completed: the word itself, the
/// name before a `.` in front of it, the token before it, and the names the statement uses.
///
/// Only the statement the cursor is in counts (text before a `;` before the cursor, or after
/// one after it, belongs to other statements), and nothing is completed inside a string
/// literal or a comment.
///
///     let context = SQLCompletionContext(before: "SELECT a.Ti", after: " FROM albums a")
///     context.word        // "Ti"
///     context.qualifier   // "a"
///     context.tableReferences   // ["a", "albums", "a"] (no bare keyword such as SELECT)
struct SQLCompletionContext {
    /// The partial name before the cursor, with its opening quote when it has one (`"ord`).
    private(set) var word = ""
    /// The name before a `.` right in front of the word: `albums` in `albums.ti`.
    private(set) var qualifier: String?
    /// The token before the word, upper-cased when it is a bare word (`FROM`); nil at the
    /// start of the statement or after a qualifier.
    private(set) var previousToken: String?
    /// False when the cursor is inside a string literal or a comment.
    private(set) var isCompletable = true
    /// The last clause keyword before the word (`SELECT`, `FROM`, `WHERE`, `SET`, `BY`…),
    /// upper-cased: what kind of name the clause takes.
    private(set) var clause: String?
    /// The tokens of the statement, before and after the cursor, without the word.
    private var tokens: [Token] = []

    private enum Token: Equatable {
        case name(String, quoted: Bool)
        case symbol(Character)
    }

    /// How a piece of text ends: plainly, inside a literal or comment, or inside a quoted
    /// name (whose opener and text so far are the word being typed).
    private enum Ending {
        case plain
        case insideLiteral
        case openName(String)
    }

    init(before: String, after: String = "") {
        var (tokens, ending) = Self.scan(before)
        tokens = Array(tokens.split(separator: .symbol(";"), omittingEmptySubsequences: false).last ?? [])
        switch ending {
        case .insideLiteral:
            isCompletable = false
            return
        case .openName(let text):
            word = text
        case .plain:
            if let last = before.unicodeScalars.last, Self.isNameScalar(last), case .name(let name, false) = tokens.last {
                word = name
                tokens.removeLast()
            }
        }
        if tokens.last == .symbol("."), tokens.count >= 2, case .name(let name, _) = tokens[tokens.endIndex - 2] {
            qualifier = name
        } else {
            switch tokens.last {
            case .name(let name, let quoted): previousToken = quoted ? name : name.uppercased()
            case .symbol(let symbol): previousToken = String(symbol)
            case nil: previousToken = nil
            }
        }
        clause = tokens.reversed().lazy.compactMap { token -> String? in
            guard case .name(let name, quoted: false) = token, Self.clauseKeywords.contains(name.uppercased()) else { return nil }
            return name.uppercased()
        }.first
        let following = Self.scan(after).tokens
        self.tokens = tokens + following.prefix { $0 != .symbol(";") }
    }

    /// The word without its opening quote, for matching names.
    var bareWord: Substring {
        word.first.map { "\"`[".contains($0) } == true ? word.dropFirst() : word[...]
    }

    /// The names the statement may use as tables, in order: its names but the bare words
    /// SQLite never takes for a name (`ORDER` in `ORDER BY` is no table `"order"`).
    var tableReferences: [String] {
        tokens.compactMap { token in
            guard case .name(let name, let quoted) = token, quoted || !Self.reservedWords.contains(name.uppercased()) else {
                return nil
            }
            return name
        }
    }

    /// Aliases the statement gives to tables: `a` for `FROM albums a` or `albums AS a`.
    /// `tables` are the lower-cased table names; keys are lower-cased aliases.
    func aliases(tables: Set<String>) -> [String: String] {
        var aliases: [String: String] = [:]
        for index in tokens.indices {
            guard case .name(let table, _) = tokens[index], tables.contains(table.lowercased()) else { continue }
            var next = index + 1
            if next < tokens.endIndex, case .name(let word, quoted: false) = tokens[next], word.uppercased() == "AS" {
                next += 1
            }
            if next < tokens.endIndex, case .name(let alias, let quoted) = tokens[next],
               quoted || !Self.keywords.contains(alias.uppercased()) {
                aliases[alias.lowercased()] = table
            }
        }
        return aliases
    }

    private static let keywords = Set(SQLKeywords.all)
    /// Keywords that SQLite's grammar never accepts as a bare name (unlike `KEY` or `BY`).
    private static let reservedWords: Set<String> = [
        "ALL", "AND", "AS", "BETWEEN", "CASE", "CREATE", "DELETE", "DISTINCT", "DROP", "ELSE", "EXCEPT", "FROM", "GROUP",
        "HAVING", "IN", "INSERT", "INTERSECT", "INTO", "IS", "JOIN", "LIMIT", "NOT", "NULL", "ON", "OR", "ORDER",
        "SELECT", "SET", "TABLE", "THEN", "UNION", "UPDATE", "VALUES", "WHEN", "WHERE",
    ]
    private static let clauseKeywords: Set<String> = [
        "SELECT", "FROM", "JOIN", "WHERE", "SET", "ON", "BY", "HAVING", "INTO", "UPDATE", "TABLE", "VALUES", "USING",
        "RETURNING",
    ]

    /// Splits SQL into names and symbols, skipping spaces, comments and string literals.
    private static func scan(_ text: String) -> (tokens: [Token], ending: Ending) {
        var tokens: [Token] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.first {
            switch scalar {
            case _ where scalar.properties.isWhitespace:
                scalars.removeFirst()
            case "-" where scalars.dropFirst().first == "-":
                guard skip(through: "\n", in: &scalars) else { return (tokens, .insideLiteral) }
            case "/" where scalars.dropFirst().first == "*":
                scalars.removeFirst(2)
                guard skip(through: "*/", in: &scalars) else { return (tokens, .insideLiteral) }
            case "'":
                scalars.removeFirst()
                guard skip(through: "'", in: &scalars) else { return (tokens, .insideLiteral) }
            case "\"", "`", "[":
                let closer: Unicode.Scalar = scalar == "[" ? "]" : scalar
                scalars.removeFirst()
                guard let end = scalars.firstIndex(of: closer) else {
                    return (tokens, .openName(String(scalar) + string(scalars)))
                }
                tokens.append(.name(string(scalars[..<end]), quoted: true))
                scalars = scalars[(end + 1)...]
            case _ where isNameScalar(scalar):
                let end = scalars.firstIndex { !isNameScalar($0) } ?? scalars.endIndex
                tokens.append(.name(string(scalars[..<end]), quoted: false))
                scalars = scalars[end...]
            default:
                scalars.removeFirst()
                tokens.append(.symbol(Character(scalar)))
            }
        }
        return (tokens, .plain)
    }

    /// Skips past `terminator`; false when the text ends first.
    private static func skip(through terminator: String, in scalars: inout ArraySlice<Unicode.Scalar>) -> Bool {
        let pattern = Array(terminator.unicodeScalars)
        while !scalars.isEmpty {
            if scalars.starts(with: pattern) {
                scalars.removeFirst(pattern.count)
                return true
            }
            scalars.removeFirst()
        }
        return false
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar.value > 0x7F
    }
}
