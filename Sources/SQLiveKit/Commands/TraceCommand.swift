/// `.trace ?--plain|--expanded? ?FILE|stdout|stderr|off?`: sqlite3's statement trace.
struct TraceCommand: MetaCommand {
    let name = "trace"
    let usage = "?--plain|--expanded? FILE|stdout|stderr|off"
    let summary = "print the SQL of each statement SQLite runs, as sqlite3's .trace does"
    let details = """
        .trace stdout writes the SQL of every statement SQLite starts (yours, and those
        sqlive runs for you) before its results; .trace stderr and .trace FILE write it
        there; .trace off (or .trace alone) stops. --expanded shows bound parameters as
        their values; --plain, the default, as written. (Transaction events and the panes
        a commit wakes are .events.)
          .trace --expanded stdout
        """

    func completions(after arguments: [String], prefix: String, in session: Session) -> [String] {
        ["--plain", "--expanded", "stdout", "stderr", "off"]
    }

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        var expands = false
        var target: String?
        for argument in arguments {
            switch argument {
            case "--plain", "-plain": expands = false
            case "--expanded", "-expanded": expands = true
            case "--stmt", "-stmt": continue
            default:
                if argument.hasPrefix("-") { throw usageError("unknown option \(argument)") }
                if target != nil { throw usageError("too many arguments") }
                target = argument
            }
        }
        let trace = try target.flatMap { target throws(Diagnostic) in
            try Self.destination(target, in: session).map { StatementTrace(destination: $0, expandsParameters: expands) }
        }
        // The hook leaves the old trace before it is released.
        let previous = session.statements.statementTrace
        session.statements.statementTrace = trace
        session.statements.installStatementTrace()
        withExtendedLifetime(previous) {}
    }

    private static func destination(_ target: String, in session: Session) throws(Diagnostic) -> StatementTrace.Destination? {
        switch target {
        case "off": return nil
        case "stdout", "-": return .output(session.output)
        case "stderr": return .target(session.errorOutput)
        default:
            // --safe writes no file (sqlite3's --safe lets .trace write one).
            if session.settings.safeMode {
                throw Diagnostic(".trace to a file is disabled in safe mode: it writes files",
                                 hint: "use .trace stdout or .trace stderr")
            }
            do {
                return .target(try FileDescriptorTarget(path: target))
            } catch {
                throw Diagnostic("cannot write to \(target): \(error)")
            }
        }
    }
}
