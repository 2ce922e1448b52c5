/// `.quit` / `.exit [CODE]`: ends the session.
struct QuitCommand: MetaCommand {
    let name = "quit"
    let aliases = ["exit"]
    let usage = "?CODE?"
    let summary = "leave sqlive (with exit status CODE, default 0)"

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        try expect(arguments, count: 0...1)
        guard let code = arguments.first else {
            session.quitRequested = 0
            return
        }
        // A process's exit status is one byte: 256 would end as 0, a success.
        guard let status = Int32(code), (0...255).contains(status) else {
            throw usageError("the exit status must be a number from 0 to 255, not \(code)")
        }
        session.quitRequested = status
    }
}
