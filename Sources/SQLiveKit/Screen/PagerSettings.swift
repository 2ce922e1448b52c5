/// Which pager to run and the screen it must beat: a result goes to the pager once it
/// needs more rows than `rows - 1` (the last row is for the prompt that follows).
struct PagerSettings {
    /// A shell command, from `$PAGER` (`less -FRX` when unset).
    var command: String
    var rows: Int
    var columns: Int
    /// The environment the pager runs with.
    var environment: [String: String]

    static let defaultCommand = "less -FRX"

    /// The pager of an interactive session, or nil when results go straight to the screen:
    /// `.pager off`, an empty `$PAGER`, `--safe` (which runs no other program), or a screen
    /// size we can't read.
    init?(settings: Settings, environment: SessionEnvironment) {
        let command = environment.variables["PAGER"] ?? Self.defaultCommand
        guard settings.pager, !settings.safeMode, !command.allSatisfy(\.isWhitespace),
              let rows = environment.terminalHeight(), let columns = environment.terminalWidth(),
              rows > 1 else {
            return nil
        }
        self.command = command
        self.rows = rows
        self.columns = columns
        self.environment = environment.variables
    }

    /// The most rows a result may take and still be shown without the pager.
    var rowsThatFit: Int { rows - 1 }
}
