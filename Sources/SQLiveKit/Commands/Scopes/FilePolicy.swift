/// What `--safe` lets commands do with the files a user names: whether a file may be
/// written, and the home folder `~/` stands for. Commands whose declared ``CommandEffect``
/// is refused whole never run under `--safe`; this is for the commands that run there but
/// refuse some of their arguments (`.trace FILE`, `.log FILE`).
struct FilePolicy {
    let isSafe: Bool
    /// The user's home folder, which `~/` in a file name stands for.
    let homeDirectory: String?

    /// Throws the refusal of `--safe` when the session is safe: `.trace` to a file is
    /// disabled in safe mode, with `hint` saying what works instead.
    func allowWriting(by what: String, hint: String) throws(Diagnostic) {
        guard isSafe else { return }
        throw Diagnostic("\(what) to a file is disabled in safe mode: it writes files", hint: hint)
    }
}
