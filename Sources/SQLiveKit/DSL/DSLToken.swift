/// One token of a DSL query, and where it is in the query's text.
///
/// Ranges are UTF-8 offsets into the text, so a diagnostic can point a caret at the token.
///
///     DSLLexer.tokens(in: "player.limit(5)")
///     // identifier "player", symbol ".", identifier "limit", symbol "(", integer 5, symbol ")", end
struct DSLToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// A name: `player`, `filter`, or a backquoted name such as `` `order item` ``.
        case identifier(String)
        case integer(Int64)
        case real(Double)
        /// A double-quoted string, its escapes already decoded.
        case string(String)
        /// Punctuation or an operator: `(`, `.`, `==`, `..<`, `+=`…
        case symbol(DSLSymbol)
        /// The end of the query.
        case end
    }

    var kind: Kind
    var range: Range<Int>

    /// The symbol of this token, if it is one.
    var symbol: DSLSymbol? {
        if case .symbol(let symbol) = kind { return symbol }
        return nil
    }

    /// How an error message names this token: `")"`, `filter`, `end of line`.
    var description: String {
        switch kind {
        case .identifier(let name): name
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .symbol(let symbol): "\"\(symbol.rawValue)\""
        case .end: "end of line"
        }
    }
}

/// The punctuation and operators of the DSL, spelled as in Swift.
enum DSLSymbol: String, CaseIterable, Sendable {
    case openParenthesis = "("
    case closeParenthesis = ")"
    case openBracket = "["
    case closeBracket = "]"
    case comma = ","
    case colon = ":"
    case dot = "."
    case semicolon = ";"
    case equal = "=="
    case notEqual = "!="
    case identical = "==="
    case notIdentical = "!=="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"
    case not = "!"
    case plus = "+"
    case minus = "-"
    case times = "*"
    case divide = "/"
    case nilCoalescing = "??"
    case closedRange = "..."
    case halfOpenRange = "..<"
    case assign = "="
    case addAssign = "+="
    case subtractAssign = "-="
    case multiplyAssign = "*="
    case divideAssign = "/="

    /// Symbols by length, longest first, so the lexer takes `===` before `==` before `=`.
    static let longestFirst: [DSLSymbol] = allCases.sorted { $0.rawValue.utf8.count > $1.rawValue.utf8.count }
}

/// The bytes of a DSL name, as Swift's: letters, `_` and any non-ASCII byte (Unicode letters)
/// start one; digits may follow. The lexer, the line scanner, completion and the reading of
/// a pasted Swift line all ask here.
enum DSLNameBytes {
    static func starts(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func continues(_ byte: UInt8) -> Bool {
        starts(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
