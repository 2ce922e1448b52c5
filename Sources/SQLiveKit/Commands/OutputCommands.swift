/// `.output [FILE]`: sends results to a file until the next `.output`; no file goes back to
/// standard output.
struct OutputCommand: MetaCommand {
    let name = "output"
    let usage = "?FILE|'|COMMAND'?"
    let summary = "send results to FILE (or into COMMAND's input), or back to the screen with no FILE"
    let effect = CommandEffect.writesFiles

    func completions(after arguments: [String], prefix: String, in scope: OutputScope) -> [String] {
        arguments.isEmpty ? FileNameCompletion.candidates(for: prefix, homeDirectory: scope.homeDirectory) : []
    }

    func run(_ arguments: [String], in scope: OutputScope) throws(Diagnostic) {
        if let command = PipedCommand.line(arguments) {
            try scope.outputs.redirect(to: command, once: false)
            return
        }
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
struct OnceCommand: MetaCommand {
    let name = "once"
    let usage = "?FILE|'|COMMAND'?"
    let summary = "send the results of the next statement only to FILE (or into COMMAND's input)"
    let effect = CommandEffect.writesFiles

    func completions(after arguments: [String], prefix: String, in scope: OutputScope) -> [String] {
        arguments.isEmpty ? FileNameCompletion.candidates(for: prefix, homeDirectory: scope.homeDirectory) : []
    }

    func run(_ arguments: [String], in scope: OutputScope) throws(Diagnostic) {
        if let command = PipedCommand.line(arguments) {
            try scope.outputs.redirect(to: command, once: true)
            return
        }
        // As sqlite3: `.once` alone leaves the results where they go.
        if arguments.isEmpty { return }
        try expect(arguments, count: 1...1)
        try rejectOptions(arguments, of: self)
        try scope.outputs.redirect(to: arguments[0], once: true)
    }
}

/// `.output |COMMAND ARGS…` and `.once |COMMAND ARGS…`: results piped into a program (see
/// ``CommandOutput``). As in sqlite3, the words after `|COMMAND` are its arguments.
enum PipedCommand {
    /// `|command args…` when the first word starts with `|`.
    static func line(_ arguments: [String]) -> String? {
        guard let first = arguments.first, first.hasPrefix("|"), first.count > 1 || arguments.count > 1 else { return nil }
        return arguments.joined(separator: " ")
    }
}

/// `.output -x` is a typo, not a file name: refuse words that look like options (a file whose
/// name starts with `-` can be written as `./-x`).
private func rejectOptions(_ arguments: [String], of command: some MetaCommand) throws(Diagnostic) {
    if let option = arguments.first(where: { $0.hasPrefix("-") }) {
        throw command.usageError("unknown option \(option) (for a file of that name, write ./\(option))")
    }
}
