/// `.shell CMD ARGS...` (also `.system`): runs a command through `/bin/sh`, as sqlite3 does.
///
/// The words are joined with spaces, a word holding a space put back in double quotes, so
/// `.shell ls "my folder"` runs `ls "my folder"`. The command writes straight to standard
/// output (not to an `.output` file), as sqlite3's does; a failure prints its exit status
/// on stderr but is not an error of the script (sqlite3's exit status stays 0 too).
/// Refused with `--safe`.
struct ShellCommand: MetaCommand {
    let name = "shell"
    let needsDatabase = false
    let aliases = ["system"]
    let usage = "CMD ARGS..."
    let summary = "run CMD ARGS... in the system shell"
    let details = """
        .shell runs its words as one /bin/sh command line and waits for it; its output goes
        to the terminal. Also .system. Refused with --safe.
          .shell ls -l *.db
        """
    let effect = CommandEffect.runsPrograms

    /// The words as one command line.
    func parse(_ words: [String]) throws(Diagnostic) -> String {
        guard !words.isEmpty else { throw usageError("missing command") }
        return Self.commandLine(words)
    }

    func run(_ commandLine: String, in control: SessionControl) throws(Diagnostic) {
        control.output.flush()
        let status = try control.lendingTerminal { () throws(Diagnostic) in
            try ChildProcess(shellCommand: commandLine, environment: control.environment.variables, feedsInput: false).wait()
        }
        // As in sqlite3, the command's failure is reported but is not the session's.
        if status != 0 {
            control.warn("the command exited with status \(status): \(commandLine.firstLineSummary)")
        }
    }

    /// The words as one command line, as sqlite3 joins them.
    static func commandLine(_ words: [String]) -> String {
        words.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
    }
}
