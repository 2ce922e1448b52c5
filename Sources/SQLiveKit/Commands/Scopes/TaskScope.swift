/// The view of the commands that run long tasks on the database (`.import`, `.migrate`,
/// `.migrations`): the database view, a progress line on standard error, Ctrl-C, and what
/// the environment says of the terminal (interactive or not, its width, the progress
/// delay). No panes, no redirection, no scripts.
struct TaskScope: CommandScope {
    let database: DatabaseScope
    /// Ctrl-C or a terminating signal: a task stops between steps when asked.
    let stopRequest: StopRequest
    let environment: SessionEnvironment
    private let outputs: OutputRouter

    static let capabilities = DatabaseScope.capabilities.union([.progress])

    static func scope(of parts: SessionParts) -> TaskScope {
        TaskScope(database: .scope(of: parts), stopRequest: parts.stopRequest, environment: parts.environment,
                  outputs: parts.outputs)
    }

    var output: OutputBuffer { database.output }
    var connection: DatabaseConnection { database.connection }
    var settings: Settings {
        get { database.settings }
        nonmutating set { database.settings = newValue }
    }

    /// Draws a progress line on standard error over the previous one, or erases it (nil).
    func showProgress(_ line: String?) {
        outputs.showProgress(line)
    }

    func report(_ diagnostic: Diagnostic) {
        database.diagnostics.report(diagnostic)
    }

    func warn(_ message: String) {
        database.warn(message)
    }
}
