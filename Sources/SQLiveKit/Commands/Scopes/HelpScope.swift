/// The view of `.help`: the registry of commands it lists, the results output, and the
/// width of the terminal that output goes to. Nothing to change.
struct HelpScope: CommandScope {
    let commands: CommandRegistry
    let output: OutputBuffer
    /// The terminal's width when output goes to it; nil for files and pipes.
    let terminalWidth: Int?
    let diagnostics: DiagnosticReporter

    static let capabilities: Set<Capability> = [.output, .diagnostics, .commandList]

    static func scope(of parts: SessionParts) -> HelpScope {
        HelpScope(commands: parts.commands, output: parts.output, terminalWidth: parts.outputTerminalWidth,
                  diagnostics: parts.diagnostics)
    }

    func warn(_ message: String) {
        diagnostics.warn(message)
    }
}
