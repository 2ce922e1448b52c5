/// `.output [FILE]`: sends results to a file until the next `.output`; no file goes back to
/// standard output.
struct OutputCommand: RedirectionCommand {
    let name = "output"
    let usage = "?FILE|'|COMMAND'?"
    let summary = "send results to FILE (or into COMMAND's input), or back to the screen with no FILE"
    let once = false

    func run(_ arguments: [String], in scope: OutputScope) throws(Diagnostic) {
        if try redirectsToProgram(arguments, in: scope) { return }
        if arguments.count > 1 {
            scope.output.append(SQLite3Usage.text("extra parameter: \"\(arguments[1])\". ", usage: SQLite3Usage.outputCommand))
        }
        try expect(arguments, count: 0...1)
        guard let path = arguments.first, path != "stdout" else {
            if let failure = scope.outputs.endRedirection() { scope.report(failure) }
            return
        }
        try rejectOptions(arguments, of: self)
        try scope.outputs.redirect(to: path, once: false)
    }
}

/// `.once FILE`: sends the results of the next command or statement only to a file.
struct OnceCommand: RedirectionCommand {
    let name = "once"
    let usage = "?FILE|'|COMMAND'?"
    let summary = "send the results of the next statement only to FILE (or into COMMAND's input)"
    let once = true

    func run(_ arguments: [String], in scope: OutputScope) throws(Diagnostic) {
        if try redirectsToProgram(arguments, in: scope) { return }
        // As sqlite3: `.once` alone leaves the results where they go.
        if arguments.isEmpty { return }
        try expect(arguments, count: 1...1)
        try rejectOptions(arguments, of: self)
        try scope.outputs.redirect(to: arguments[0], once: true)
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

    /// Sends the results into a program when the first word starts with `|`; true then.
    func redirectsToProgram(_ arguments: [String], in scope: OutputScope) throws(Diagnostic) -> Bool {
        guard let first = arguments.first, first.hasPrefix("|"), first.count > 1 || arguments.count > 1 else { return false }
        try scope.outputs.redirect(to: arguments.joined(separator: " "), once: once)
        return true
    }
}

/// `.output -x` is a typo, not a file name: refuse words that look like options (a file whose
/// name starts with `-` can be written as `./-x`).
private func rejectOptions(_ arguments: [String], of command: some MetaCommand) throws(Diagnostic) {
    if let option = arguments.first(where: { $0.hasPrefix("-") }) {
        throw command.usageError("unknown option \(option) (for a file of that name, write ./\(option))")
    }
}
