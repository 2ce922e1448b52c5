/// `.quit` / `.exit [CODE]`: ends the session.
struct QuitCommand: MetaCommand {
    let name = "quit"
    let needsDatabase = false
    let aliases = ["exit"]
    let usage = "?CODE?"
    let summary = "leave sqlive (with exit status CODE, default 0)"

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        try expect(arguments, count: 0...1)
        guard let code = arguments.first else {
            session.quitRequested = 0
            return
        }
        guard let status = Int32(code) else {
            throw usageError("the exit status must be a number, not \(code)")
        }
        session.quitRequested = status
    }
}
