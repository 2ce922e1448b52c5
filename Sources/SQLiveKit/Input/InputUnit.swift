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
    /// What `.echo on` prints before the unit runs, when not its text: as sqlite3 echoes
    /// input, the whole chunk of lines a statement completed (with the blank and comment
    /// lines before it) for the first unit of the chunk, and nothing for the others.
    public var echo: String?
    /// Which chunk of its input the unit came from, counted from 1 by the splitter. As in
    /// sqlite3, a chunk is what runs at once: a meta-command line, a DSL query, or the lines
    /// read until the text is a complete statement, which may hold several statements.
    /// An error drops the rest of its chunk; the lines after it run.
    public var chunk: Int
    /// False for a statement that another of its chunk follows: `.changes` and `.timer`
    /// report once a chunk, after its last statement, as sqlite3 does.
    public var endsChunk: Bool

    public init(kind: Kind, text: String, location: SourceLocation, echo: String? = nil, chunk: Int = 0, endsChunk: Bool = true) {
        self.kind = kind
        self.text = text
        self.location = location
        self.echo = echo
        self.chunk = chunk
        self.endsChunk = endsChunk
    }

    /// Units are the same when they run the same text from the same place; how `.echo`
    /// shows them is presentation, and the chunk is compared apart (`chunk`, `endsChunk`).
    public static func == (left: InputUnit, right: InputUnit) -> Bool {
        (left.kind, left.text, left.location) == (right.kind, right.text, right.location)
    }
}
