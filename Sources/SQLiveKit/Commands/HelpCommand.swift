/// `.help [NAME]`: the list of commands, or one command's usage and details.
struct HelpCommand: MetaCommand {
    let name = "help"
    let needsDatabase = false
    let usage = "?NAME?"
    let summary = "show the list of commands, or the help of one"
    let details = """
        .help lists every meta-command with a one-line summary.
        .help NAME shows the usage line and details of one command, e.g. .help mode.
        """

    func completions(after arguments: [String], prefix: String, in session: Session) -> [String] {
        arguments.isEmpty ? session.commands.allNames : []
    }

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        try expect(arguments, count: 0...1)
        let registry = session.commands
        guard let typed = arguments.first else {
            let width = registry.commands.map(\.usageLine.count).max() ?? 0
            for command in registry.commands {
                let padding = String(repeating: " ", count: width - command.usageLine.count)
                session.output.append("\(command.usageLine)\(padding)  \(command.summary)\n")
            }
            return
        }
        let name = typed.hasPrefix(".") ? String(typed.dropFirst()) : typed
        guard let command = registry.command(named: name) else {
            throw registry.unknownCommand(name)
        }
        var text = "\(command.usageLine)\n  \(command.summary)\n"
        if !command.aliases.isEmpty {
            text += "  also: \(command.aliases.map { "." + $0 }.joined(separator: ", "))\n"
        }
        if command.details != command.summary {
            text += "\n" + command.details + "\n"
        }
        session.output.append(text)
    }
}
