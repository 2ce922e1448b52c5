/// `.log FILE|stdout|stderr|off`: sqlite3's error log (``SQLiteErrorLog``). Like `.trace`, it
/// takes a ``TraceScope``: SQLite's callback writes into the session's outputs, on the
/// session's thread only, and `--safe` decides whether a file may be written.
struct LogCommand: MetaCommand {
    let name = "log"
    let usage = "FILE|stdout|stderr|off"
    let summary = "write SQLite's error log (errors and warnings, with their codes)"
    let details = """
        .log stdout writes each message SQLite logs, an error with its result code and the
        statement it came from, or a warning such as an automatic index, as (CODE) MESSAGE
        lines in order with the results; .log stderr and .log FILE write them there;
        .log off stops. As in sqlite3, any other word is a file name, on too. --safe
        refuses a file.
          .log stderr
        """

    func completions(after arguments: [String], prefix: String, in scope: TraceScope) -> [String] {
        arguments.isEmpty ? ["stdout", "stderr", "off"] : []
    }

    /// `.log` read: where the log goes (nil: off), and the words as typed, for the warning
    /// about what is ignored.
    struct Arguments {
        let words: [String]
        let target: TraceTarget?
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        guard let typed = words.first else { throw usageError("missing argument") }
        return Arguments(words: words, target: TraceTarget(typed))
    }

    func run(_ arguments: Arguments, in scope: TraceScope) throws(Diagnostic) {
        ignoreExtra(arguments.words, keeping: 1, in: scope)
        let log = SQLiteErrorLog.shared
        switch arguments.target {
        case nil:
            log.send(to: nil)
        case .standardOutput:
            let output = scope.output
            log.send(to: .session(write: { output.append($0) }, thread: scope.thread))
        case .standardError:
            log.send(to: .session(write: { scope.writeToErrors($0) }, thread: scope.thread))
        case .file(let path):
            try scope.files.allowWriting(by: ".log", hint: "use .log stdout or .log stderr")
            do {
                log.send(to: .file(try FileDescriptorTarget(path: path, stop: scope.stopRequest), thread: scope.thread))
            } catch {
                throw Diagnostic("cannot write to \(path): \(error)", kind: .io)
            }
            if ["on", "yes", "true"].contains(path.lowercased()) {
                scope.report(.notice("logging to the file \(path), as sqlite3 reads .log \(path): .log stdout or .log stderr shows the log"))
            }
        }
    }
}
