/// `.help [NAME]`: the topics and the list of commands, or one command's usage and details,
/// or a topic (`.help dsl`). A name of the DSL (`.help filter`) points to the DSL's help.
/// Every line fits the terminal's width (80 columns in files and pipes): long lines wrap
/// between words, and a summary's continuation lines stay in the summary column.
struct HelpCommand: MetaCommand {
    let name = "help"
    let needsDatabase = false
    let usage = "?NAME?"
    let summary = "show the list of commands, or the help of one command or topic"
    // Computed when asked: every run builds the command list, and joining these names when
    // it did cost each start-up a scan of the binary's protocol conformances.
    var details: String {
        """
        .help lists the help topics and every meta-command with a one-line summary.
        .help NAME shows the usage line and details of one command, e.g. .help mode, or a
        topic: \(HelpTopic.allCases.map { ".help " + $0.rawValue }.joined(separator: ", ")).
        """
    }

    func completions(after arguments: [String], prefix: String, in scope: HelpScope) -> [String] {
        arguments.isEmpty ? scope.commands.allNames + HelpTopic.allCases.map(\.rawValue) : []
    }

    /// The command or topic asked about; nil lists every command.
    func parse(_ words: [String]) throws(Diagnostic) -> String? {
        try optionalWord(of: words)
    }

    func run(_ typed: String?, in scope: HelpScope) throws(Diagnostic) {
        let width = scope.terminalWidth ?? 80
        guard let typed else {
            scope.output.append(listing(scope.commands, width: width))
            return
        }
        let name = typed.hasPrefix(".") ? String(typed.dropFirst()) : typed
        if let topic = HelpTopic(rawValue: name.lowercased()) {
            scope.output.append(fitted(topic.text + "\n", width: width))
            return
        }
        guard let command = scope.commands.command(named: name) else {
            if let entry = HelpTopic.dslEntry(for: name) {
                scope.output.append(fitted(entry, width: width))
                return
            }
            throw scope.commands.unknownCommand(name)
        }
        var text = "\(command.usageLine)\n  \(command.summary)\n"
        if !command.aliases.isEmpty {
            text += "  also: \(command.aliases.map { "." + $0 }.joined(separator: ", "))\n"
        }
        if command.details != command.summary {
            // Details are written wrapped at about 90 columns: they are reflowed to fit.
            text += "\n" + TextWrapping.reflowed(command.details) + "\n"
        }
        scope.output.append(fitted(text, width: width))
    }

    /// The topics, then one line per command: its usage, then its summary in a column.
    private func listing(_ registry: CommandRegistry, width: Int) -> String {
        let topics = HelpTopic.allCases.map { (usage: ".help \($0.rawValue)", summary: $0.summary) }
        let commands = registry.commands.map { (usage: $0.usageLine, summary: $0.summary) }
        let entries = topics + commands
        var column = entries.map(\.usage.count).max() ?? 0
        column = min(column, max(10, width / 3))
        var text = "Type SQL, a DSL query (.help dsl) or a meta-command. Topics:\n"
        for (index, entry) in entries.enumerated() {
            if index == topics.count { text += "Commands:\n" }
            guard entry.usage.count <= column else {
                // A usage too long for the column: the summary goes on the next line.
                text += entry.usage + "\n" + line(String(repeating: " ", count: column + 2) + entry.summary, column: column, width: width)
                continue
            }
            let padded = entry.usage + String(repeating: " ", count: column - entry.usage.count)
            text += line(padded + "  " + entry.summary, column: column, width: width)
        }
        return text
    }

    private func line(_ text: String, column: Int, width: Int) -> String {
        TextWrapping.wrapLine(text, width: width, hangingIndent: column + 2) + "\n"
    }

    private func fitted(_ text: String, width: Int) -> String {
        TextWrapping.wrap(text, width: width)
    }
}
