/// One meta-command: its name, how it is called, its help, how its arguments complete, and
/// what it does. `.help`, tab completion and "did you mean" all come from these declarations.
public protocol MetaCommand: Sendable {
    /// What the command touches: the view of the session it runs in (``SettingsScope``,
    /// ``DatabaseScope``, ``PaneScope``, …), or ``SessionControl`` for the few that
    /// coordinate it all.
    associatedtype Scope: CommandScope
    /// The arguments once read: typed values for a command with options, else the words.
    associatedtype Arguments = [String]
    /// The name without the dot: `mode`.
    var name: String { get }
    /// Other names that run the same command: `exit` for `quit`.
    var aliases: [String] { get }
    /// The arguments part of the usage line: `MODE ?TABLE?`.
    var usage: String { get }
    /// One line for `.help`.
    var summary: String { get }
    /// A paragraph for `.help NAME`: what each argument does, with an example.
    var details: String { get }
    /// Candidates for the argument being typed; `arguments` are the words before it.
    func completions(after arguments: [String], prefix: String, in scope: Scope) -> [String]
    /// What the command may do beyond the session; `--safe` refuses all but `.harmless`.
    var effect: CommandEffect { get }
    /// False for a command that only changes settings or prints: it runs while a database
    /// locked at start is not open yet.
    var needsDatabase: Bool { get }
    /// Reads the words (tokenized like sqlite3: quotes group words) into the arguments, before
    /// anything runs, as swift-argument-parser runs `validate()` before `run()`: a usage error
    /// leaves the session as it was, with no warning printed and nothing changed (sqlite3's
    /// lenient reading of a setting's words is ``ToggleArguments``).
    func parse(_ words: [String]) throws(Diagnostic) -> Arguments
    /// A usage error ``parse(_:)`` found in `words`, completed with what only the scope can
    /// show, still before anything runs: the setting's value now (`.bail`), sqlite3's usage
    /// text on the results output where sqlite3 prints one (`.import`, `.output`). Most
    /// commands return it as it is.
    func explaining(_ usageError: Diagnostic, of words: [String], in scope: Scope) -> Diagnostic
    /// Runs the command with its arguments, read by ``parse(_:)``.
    func run(_ arguments: Arguments, in scope: Scope) throws(Diagnostic)
}

extension MetaCommand where Arguments == [String] {
    /// A command that reads its words as it runs takes them as they are.
    public func parse(_ words: [String]) throws(Diagnostic) -> [String] { words }
}

/// The arguments of a command that takes none (`.show`, `.edit`): any word is a usage error.
public struct NoArguments: Equatable, Sendable {}

/// The words a command reads and those after them it ignores, as sqlite3 ignores extra words
/// (`.tables a b` lists the tables matching `a`): read before the command runs, so that the
/// warning about the ignored ones is the command's to print.
///
///     LenientWords(["a", "b"], reading: 1)   // read ["a"], ignored ["b"]
public struct LenientWords: Equatable, Sendable {
    public var read: [String]
    public var ignored: [String]

    public init(_ words: [String], reading count: Int) {
        read = Array(words.prefix(count))
        ignored = Array(words.dropFirst(count))
    }
}

extension MetaCommand where Arguments == NoArguments {
    public func parse(_ words: [String]) throws(Diagnostic) -> NoArguments {
        try expect(words, count: 0...0)
        return NoArguments()
    }
}

/// What a meta-command can do outside the session, for `--safe`.
public enum CommandEffect: Sendable, Equatable {
    /// Reads and changes only the session and its database.
    case harmless
    /// Writes files (`.output`, `.once`, `.export`).
    case writesFiles
    /// Reads files or folders the user names (`.read`, `.migrate`): under `--safe` they could
    /// show any file the user can read, one error line at a time.
    case readsFiles
    /// Runs another program or a script from a file (`.edit`, `.shell`).
    case runsPrograms
    /// Opens other files as databases (`.open`).
    case opensFiles

    var refusal: String {
        switch self {
        case .harmless: ""
        case .writesFiles: "writes files"
        case .readsFiles: "reads files"
        case .runsPrograms: "runs other programs"
        case .opensFiles: "opens other files"
        }
    }
}

extension MetaCommand {
    public var aliases: [String] { [] }
    public var details: String { summary }
    public var effect: CommandEffect { .harmless }
    public var needsDatabase: Bool { true }
    public func completions(after arguments: [String], prefix: String, in scope: Scope) -> [String] { [] }
    public func explaining(_ usageError: Diagnostic, of words: [String], in scope: Scope) -> Diagnostic { usageError }

    /// Reads the words, then runs the command in the view of the session's parts it declares
    /// (the registry's way in: it holds commands of every scope).
    func run(_ words: [String], from parts: SessionParts) throws(Diagnostic) {
        let arguments: Arguments
        do {
            arguments = try parse(words)
        } catch {
            throw explaining(error, of: words, in: .scope(of: parts))
        }
        try run(arguments, in: .scope(of: parts))
    }

    /// The completions of the argument being typed, in the view it declares.
    func completions(after arguments: [String], prefix: String, from parts: SessionParts) -> [String] {
        completions(after: arguments, prefix: prefix, in: .scope(of: parts))
    }

    /// The full usage line: `.mode MODE ?TABLE?`.
    public var usageLine: String {
        usage.isEmpty ? ".\(name)" : ".\(name) \(usage)"
    }

    /// The error for arguments that do not fit the usage.
    public func usageError(_ problem: String? = nil) -> Diagnostic {
        Diagnostic(problem.map { ".\(name): \($0)" } ?? ".\(name): wrong arguments", hint: "usage: \(usageLine)")
    }

    /// Warns that the arguments after the first `kept` are ignored, as sqlite3 ignores them,
    /// so a script written for sqlite3 runs on with the same result.
    public func ignoreExtra(_ arguments: [String], keeping kept: Int, in scope: some CommandScope) {
        warnIgnored(LenientWords(arguments, reading: kept), in: scope)
    }

    /// Warns about the words `words` ignores, if any.
    public func warnIgnored(_ words: LenientWords, in scope: some CommandScope) {
        guard !words.ignored.isEmpty else { return }
        scope.warn(".\(name): \(words.ignored.joined(separator: " ")) ignored, as sqlite3 ignores it")
    }

    /// The one word a command takes (`.unpin ID`): a usage error unless there is exactly one.
    public func onlyWord(of words: [String]) throws(Diagnostic) -> String {
        try expect(words, count: 1...1)
        return words[0]
    }

    /// The word a command may take (`.pause ?ID?`): a usage error when there are more.
    public func optionalWord(of words: [String]) throws(Diagnostic) -> String? {
        try expect(words, count: 0...1)
        return words.first
    }

    /// Checks the argument count, so each command states its arity once.
    public func expect(_ arguments: [String], count range: ClosedRange<Int>) throws(Diagnostic) {
        guard range.contains(arguments.count) else {
            let problem = arguments.count < range.lowerBound ? "missing argument" : "too many arguments"
            throw usageError(problem)
        }
    }
}

/// Parses `on`/`off` style arguments the way sqlite3 does (`on`, `yes`, `true`, `1`, …).
public enum BooleanArgument {
    public static func parse(_ text: String, for command: some MetaCommand) throws(Diagnostic) -> Bool {
        switch text.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw command.usageError("expected on or off, not \(text)")
        }
    }

    public static let completions = ["on", "off"]
}
