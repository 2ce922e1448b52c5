/// What tab completion may read: the connection (for table and column names), the registry
/// of meta-commands, and each command's own argument completions in the view it declares.
/// Completion changes nothing; the session makes a context for each request
/// (``CompletionProvider/completion(for:in:)``).
public struct CompletionContext {
    /// The database whose names complete.
    let connection: DatabaseConnection
    /// The meta-commands, for their names and arguments.
    let commands: CommandRegistry
    private let parts: SessionParts

    init(_ parts: SessionParts) {
        connection = parts.statements.connection
        commands = parts.commands
        self.parts = parts
    }

    /// The candidates `command` declares for the argument being typed.
    func argumentCompletions(of command: any MetaCommand, after arguments: [String], prefix: String) -> [String] {
        command.completions(after: arguments, prefix: prefix, from: parts)
    }
}
