/// The meta-commands a session knows, looked up by name, alias or unambiguous prefix.
public struct CommandRegistry: Sendable {
    /// The commands, sorted by name.
    public var commands: [any MetaCommand] { makeCommands() }
    private let makeCommands: @Sendable () -> [any MetaCommand]

    public init(_ commands: [any MetaCommand]) {
        let sorted = Self.sortedByName(commands)
        makeCommands = { sorted }
    }

    /// A registry whose commands are made when first asked for: `make` returns the same
    /// sorted list each time (a `static let`). Making the standard list copies each of its
    /// forty-odd command values, whose code is spread over the binary: a run of SQL alone,
    /// `sqlive -c 'select 1'`, mapped a megabyte of code for it.
    init(madeOnFirstUse make: @escaping @Sendable () -> [any MetaCommand]) {
        makeCommands = make
    }

    static func sortedByName(_ commands: [any MetaCommand]) -> [any MetaCommand] {
        commands.sorted { $0.name < $1.name }
    }

    /// Finds the command a typed name means: an exact name or alias, else the only command
    /// whose name starts with it (`.hea` → `.headers`), else the one sqlite3 picks for that
    /// prefix (`.ex` → `.exit`, ``SQLite3Prefixes``).
    public func command(named typed: String) -> (any MetaCommand)? {
        let typed = typed.lowercased()
        if let exact = exactCommand(typed) {
            return exact
        }
        let prefixed = commands.filter { $0.name.hasPrefix(typed) }
        if prefixed.count == 1 { return prefixed[0] }
        return SQLite3Prefixes.command(for: typed).flatMap(exactCommand)
    }

    private func exactCommand(_ name: String) -> (any MetaCommand)? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// All names and aliases, for completion.
    public var allNames: [String] {
        commands.flatMap { [$0.name] + $0.aliases }.sorted()
    }

    /// Runs a meta-command line such as `.mode csv`, in the scope the command declares,
    /// built from the session's parts.
    func run(line: String, in parts: SessionParts) throws(Diagnostic) {
        var words = CommandLineTokenizer.words(line)
        guard !words.isEmpty else { return }
        // sqlite3 takes quotes off the name too: `.'explain' off` is `.explain off`.
        let typed = Self.unquoted(String(words.removeFirst().dropFirst()))
        guard let command = command(named: typed) else {
            throw unknownCommand(typed)
        }
        if parts.settings.current.safeMode && command.effect != .harmless {
            throw Diagnostic(".\(command.name) is disabled in safe mode: it \(command.effect.refusal)",
                             hint: "start sqlive without --safe to use it")
        }
        if let textCommand = command as? any RawTextCommand {
            try textCommand.run(text: RawArguments.afterCommandName(line), from: parts)
        } else {
            try command.run(words, from: parts)
        }
    }

    private static func unquoted(_ name: String) -> String {
        guard name.count >= 2, let first = name.first, first == "'" || first == "\"", name.last == first else { return name }
        return String(name.dropFirst().dropLast())
    }

    func unknownCommand(_ typed: String) -> Diagnostic {
        let matches = commands.filter { $0.name.hasPrefix(typed.lowercased()) }.map { "." + $0.name }
        if typed.isEmpty {
            return Diagnostic("missing command name after \".\"", hint: "type .help for the list of commands")
        }
        if matches.count > 1 {
            return Diagnostic("ambiguous command .\(typed): could be \(matches.joined(separator: ", "))")
        }
        if let sqlite3Command = SQLite3Commands.absent(matching: typed) {
            return Diagnostic("unknown command .\(typed): sqlite3's .\(sqlite3Command.name) is not in sqlive",
                              hint: sqlite3Command.reason)
        }
        // Only a near miss is suggested (a typo, two letters swapped): `.shell` is not `.help`.
        let hint = Suggestion.closest(to: typed, among: allNames, maximumDistance: typed.count >= 8 ? 2 : 1)
            .map { "did you mean .\($0)? (.help lists every command)" }
            ?? "type .help for the list of commands"
        return Diagnostic("unknown command .\(typed)", hint: hint)
    }
}
