/// `.read FILE`: runs a script of SQL and meta-commands, as if typed.
struct ReadCommand: MetaCommand {
    let name = "read"
    let usage = "FILE"
    let summary = "run the SQL and commands of FILE"
    let effect = CommandEffect.readsFiles
    let details = """
        .read FILE runs FILE line by line like a script given on standard input. Errors name
        FILE and the line. With .bail on, the first error stops the script and fails .read.
        """

    func completions(after arguments: [String], prefix: String, in control: SessionControl) -> [String] {
        arguments.isEmpty ? FileNameCompletion.candidates(for: prefix, homeDirectory: control.files.homeDirectory) : []
    }

    /// Scripts reading scripts that read themselves stop here instead of exhausting the stack.
    static let maximumDepth = 32

    /// The script's path.
    func parse(_ words: [String]) throws(Diagnostic) -> String {
        try expect(words, count: 1...1)
        return words[0]
    }

    func run(_ path: String, in control: SessionControl) throws(Diagnostic) {
        guard control.script.readDepth < Self.maximumDepth else {
            throw Diagnostic(".read: scripts nested more than \(Self.maximumDepth) deep (does \(path) read itself?)")
        }
        var lines = try FileLineSource(path: path)
        control.script.readDepth += 1
        defer { control.script.readDepth -= 1 }
        let errorsBefore = control.errorCount
        control.runScript(&lines, source: path)
        // A plain `.quit` in the file ends the file, not the session (sqlite3 does the same).
        if control.script.quitRequested != nil && !control.script.quitHasExitCode {
            control.script.quitRequested = nil
        }
        if control.settings.bail && control.errorCount > errorsBefore {
            throw Diagnostic(".read \(path) stopped at its first error (.bail is on)")
        }
    }
}
