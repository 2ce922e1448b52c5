/// Where a piece of input came from, for error messages (`script.sql:12`).
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file name, or a label such as `stdin`, `-c` or `.replrc`.
    public var source: String
    /// The 1-based line where the unit starts.
    public var line: Int

    public init(source: String, line: Int) {
        self.source = source
        self.line = line
    }

    public var description: String { "\(source):\(line)" }
}

/// One complete piece of input, ready for the session to run.
public struct InputUnit: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A meta-command line such as `.mode csv`, without its newline.
        case command
        /// One SQL statement, complete per `sqlite3_complete`, with its `;`.
        case sql
        /// One query of the DSL (`player.filter(score > 10)`): its line, and the following
        /// lines while a bracket is open.
        case dsl
        /// Text that did not end before the input did (an unterminated statement).
        case incompleteSQL
    }

    public var kind: Kind
    public var text: String
    public var location: SourceLocation

    public init(kind: Kind, text: String, location: SourceLocation) {
        self.kind = kind
        self.text = text
        self.location = location
    }
}
