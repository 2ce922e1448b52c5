import SQLiveKit

/// The interactive front-end. TERMINAL-IN-PROGRESS: the libedit loop replaces this body.
struct TerminalFrontEnd {
    let session: Session

    func run() {
        if var lines = FileLineSource(fileDescriptor: 0) {
            ScriptRunner(session: session).run(&lines, source: "")
        }
    }
}
