/// `.quit` / `.exit [CODE]`: ends the session.
struct QuitCommand: MetaCommand {
    let name = "quit"
    let needsDatabase = false
    let aliases = ["exit"]
    let usage = "?CODE?"
    let summary = "leave sqlive (exit status CODE, else 1 if something failed, as in sqlite3)"
    let details = """
        .quit ends the session; its exit status is 1 if a statement or command failed, else
        0. .exit CODE ends it with that status (1 to 255; .exit 0 is a plain .exit). As in
        sqlite3, a plain .quit in a file that .read runs ends only that file.
        """

    /// `.exit CODE`, read: the status to end with (nil for a plain quit), and the words as
    /// typed, for the warnings about what is ignored.
    struct Arguments {
        let words: [String]
        let status: Int32?
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        let status = words.first.flatMap { Int32($0) }
        // A process's exit status is one byte: 256 would end as 0, a success.
        if let status, status != 0, !(1...255).contains(status) {
            throw usageError("the exit status must be a number from 0 to 255, not \(words[0])")
        }
        // As sqlite3, `.exit 0` is a plain `.exit`.
        return Arguments(words: words, status: status == 0 ? nil : status)
    }

    func run(_ arguments: Arguments, in control: SessionControl) throws(Diagnostic) {
        ignoreExtra(arguments.words, keeping: 1, in: control)
        if let code = arguments.words.first, Int32(code) == nil {
            control.warn(".\(name): \(code) is not an exit status; ignored, as sqlite3 ignores it")
        }
        guard let status = arguments.status else {
            // As sqlite3: leaving does not hide that a statement or command failed.
            control.script.quitRequested = control.errorCount == 0 ? 0 : 1
            control.script.quitHasExitCode = false
            return
        }
        control.script.quitRequested = status
        control.script.quitHasExitCode = true
    }
}
