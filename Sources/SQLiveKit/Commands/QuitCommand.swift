/// `.quit` / `.exit [CODE]`: ends the session.
struct QuitCommand: MetaCommand {
    let name = "quit"
    let needsDatabase = false
    let aliases = ["exit"]
    let usage = "?CODE?"
    let summary = "leave sqlive (exit status CODE, else 1 if something failed, as in sqlite3)"

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        ignoreExtra(arguments, keeping: 1, in: session)
        guard let code = arguments.first, Int32(code) != nil else {
            if let code = arguments.first {
                session.warn(".\(name): \(code) is not an exit status; ignored, as sqlite3 ignores it")
            }
            // As sqlite3: leaving does not hide that a statement or command failed.
            session.script.quitRequested = session.script.errorCount == 0 ? 0 : 1
            return
        }
        // A process's exit status is one byte: 256 would end as 0, a success.
        guard let status = Int32(code), (0...255).contains(status) else {
            throw usageError("the exit status must be a number from 0 to 255, not \(code)")
        }
        session.script.quitRequested = status
    }
}
