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

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        ignoreExtra(arguments, keeping: 1, in: session)
        let code = arguments.first
        let status = code.flatMap { Int32($0) }
        if let code, status == nil {
            session.warn(".\(name): \(code) is not an exit status; ignored, as sqlite3 ignores it")
        }
        // As sqlite3, `.exit 0` is a plain `.exit`.
        guard let status, status != 0 else {
            // As sqlite3: leaving does not hide that a statement or command failed.
            session.script.quitRequested = session.script.errorCount == 0 ? 0 : 1
            session.script.quitHasExitCode = false
            return
        }
        // A process's exit status is one byte: 256 would end as 0, a success.
        guard (1...255).contains(status) else {
            throw usageError("the exit status must be a number from 0 to 255, not \(code ?? "")")
        }
        session.script.quitRequested = status
        session.script.quitHasExitCode = true
    }
}
