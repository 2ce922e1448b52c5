/// Where results go while `.output FILE` or `.once FILE` is in force.
enum OutputRedirection {
    case none
    /// `.output FILE`: until the next `.output`.
    case file(path: String)
    /// `.once FILE`: for the next unit only. `armed` turns true once the `.once` command
    /// itself has finished, so the unit after it is the one redirected.
    case once(path: String, armed: Bool)

    var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    var displayName: String {
        switch self {
        case .none: "stdout"
        case .file(let path), .once(let path, _): path
        }
    }
}

extension Session {
    /// Sends results to a file from now on (`once`: for the next unit only).
    func redirectOutput(to path: String, once: Bool) throws(Diagnostic) {
        let target: FileDescriptorTarget
        do {
            target = try FileDescriptorTarget(path: path)
        } catch {
            throw Diagnostic("cannot write to \(path): \(error)")
        }
        output.flush()
        output.target = target
        redirection = once ? .once(path: path, armed: false) : .file(path: path)
        output.showsControlCharacters = false
    }

    /// Sends results back to standard output.
    func endRedirection() {
        output.flush()
        if let error = output.takeError() {
            report(Diagnostic("cannot write to \(redirection.displayName): \(error)"))
        }
        output.target = standardOutput
        redirection = .none
        output.showsControlCharacters = showsControlCharacters
    }

    /// The name of the current output, for `.show`.
    var outputName: String { redirection.displayName }
}
