/// `.log FILE|stdout|stderr|off`: sqlite3's error log (``SQLiteErrorLog``). Like `.trace`, it
/// takes the whole session: SQLite's callback writes into the session's outputs, on the
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

    func completions(after arguments: [String], prefix: String, in session: Session) -> [String] {
        arguments.isEmpty ? ["stdout", "stderr", "off"] : []
    }

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        guard let target = arguments.first else { throw usageError("missing argument") }
        ignoreExtra(arguments, keeping: 1, in: session)
        let log = SQLiteErrorLog.shared
        switch target {
        case "off":
            log.send(to: nil)
        case "stdout", "-":
            let output = session.output
            log.send(to: .session(write: { output.append($0) }, thread: session.confinement))
        case "stderr":
            let outputs = session.outputs
            log.send(to: .session(write: { outputs.writeToErrors($0) }, thread: session.confinement))
        default:
            if session.settings.safeMode {
                throw Diagnostic(".log to a file is disabled in safe mode: it writes files",
                                 hint: "use .log stdout or .log stderr")
            }
            do {
                log.send(to: .file(try FileDescriptorTarget(path: target)))
            } catch {
                throw Diagnostic("cannot write to \(target): \(error)", kind: .io)
            }
            if ["on", "yes", "true"].contains(target.lowercased()) {
                session.report(.notice("logging to the file \(target), as sqlite3 reads .log \(target): .log stdout or .log stderr shows the log"))
            }
        }
    }
}
