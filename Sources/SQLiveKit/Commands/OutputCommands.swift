/// `.output [FILE]`: sends results to a file until the next `.output`; no file goes back to
/// standard output.
struct OutputCommand: RedirectionCommand {
    let name = "output"
    let usage = "?FILE|'|COMMAND'?"
    let summary = "send results to FILE (or into COMMAND's input), or back to the screen with no FILE"
    let once = false

    func parse(_ words: [String]) throws(Diagnostic) -> RedirectionTarget {
        if let program = programTarget(words) { return program }
        try expect(words, count: 0...1)
        guard let path = words.first, path != "stdout" else { return .standardOutput }
        try rejectOptions(words, of: self)
        return .file(path)
    }

    /// As sqlite3, an extra word also prints its usage on the results output.
    func explaining(_ usageError: Diagnostic, of words: [String], in scope: OutputScope) -> Diagnostic {
        if words.count > 1 {
            scope.output.append(SQLite3Usage.text("extra parameter: \"\(words[1])\". ", usage: SQLite3Usage.outputCommand))
        }
        return usageError
    }

    func run(_ target: RedirectionTarget, in scope: OutputScope) throws(Diagnostic) {
        guard target != .standardOutput else {
            if let failure = scope.outputs.endRedirection() { scope.report(failure) }
            return
        }
        try redirect(to: target, in: scope)
    }
}

/// `.once FILE`: sends the results of the next command or statement only to a file.
struct OnceCommand: RedirectionCommand {
    let name = "once"
    let usage = "?FILE|'|COMMAND'?"
    let summary = "send the results of the next statement only to FILE (or into COMMAND's input)"
    let once = true

    func parse(_ words: [String]) throws(Diagnostic) -> RedirectionTarget {
        if let program = programTarget(words) { return program }
        // As sqlite3: `.once` alone leaves the results where they go.
        if words.isEmpty { return .unchanged }
        try expect(words, count: 1...1)
        try rejectOptions(words, of: self)
        return .file(words[0])
    }

    func run(_ target: RedirectionTarget, in scope: OutputScope) throws(Diagnostic) {
        try redirect(to: target, in: scope)
    }
}

/// What `.output` and `.once` share: they write files (refused by `--safe`), a file name
/// completes as one, and `|COMMAND ARGS…` pipes the results into a program (see
/// ``CommandOutput``); as in sqlite3, the words after `|COMMAND` are its arguments.
protocol RedirectionCommand: MetaCommand where Scope == OutputScope {
    /// `.once`: for the next unit only.
    var once: Bool { get }
}

extension RedirectionCommand {
    var effect: CommandEffect { .writesFiles }

    func completions(after arguments: [String], prefix: String, in scope: OutputScope) -> [String] {
        arguments.isEmpty ? FileNameCompletion.candidates(for: prefix, homeDirectory: scope.homeDirectory) : []
    }

    /// `|COMMAND ARGS…` when the first word starts with `|`: the results go into a program.
    func programTarget(_ words: [String]) -> RedirectionTarget? {
        guard let first = words.first, first.hasPrefix("|"), first.count > 1 || words.count > 1 else { return nil }
        return .program(words.joined(separator: " "))
    }

    /// Sends the results to a file or into a program (for the next unit only for `.once`).
    func redirect(to target: RedirectionTarget, in scope: OutputScope) throws(Diagnostic) {
        switch target {
        case .program(let command): try scope.outputs.redirect(to: command, once: once)
        case .file(let path): try scope.outputs.redirect(to: path, once: once)
        case .standardOutput, .unchanged: break
        }
    }
}

/// Where `.output` or `.once` sends results, read from its words.
enum RedirectionTarget: Equatable {
    /// `|COMMAND ARGS…`, as the redirection takes it.
    case program(String)
    case file(String)
    /// `.output` alone or `.output stdout`: back to standard output.
    case standardOutput
    /// `.once` alone: the results go where they went.
    case unchanged
}

/// `.output -x` is a typo, not a file name: refuse words that look like options (a file whose
/// name starts with `-` can be written as `./-x`).
private func rejectOptions(_ arguments: [String], of command: some MetaCommand) throws(Diagnostic) {
    if let option = arguments.first(where: { $0.hasPrefix("-") }) {
        throw command.usageError("unknown option \(option) (for a file of that name, write ./\(option))")
    }
}
