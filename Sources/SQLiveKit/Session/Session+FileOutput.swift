extension Session {
    /// Sends what `body` writes to a file, then back where output went before (the screen,
    /// or the file of `.output`).
    func withOutput(toFile path: String, _ body: () throws(Diagnostic) -> Void) throws(Diagnostic) {
        let target: FileDescriptorTarget
        do {
            target = try FileDescriptorTarget(path: path)
        } catch {
            throw Diagnostic("cannot write to \(path): \(error)")
        }
        output.flush()
        let savedTarget = output.target
        let savedRedirection = redirection
        output.target = target
        redirection = .file(path: path)
        var failure: Diagnostic?
        do {
            try body()
        } catch {
            failure = error
        }
        output.flush()
        let writeError = output.takeError()
        output.target = savedTarget
        redirection = savedRedirection
        if let failure { throw failure }
        if let writeError { throw Diagnostic("cannot write to \(path): \(writeError)") }
    }
}
