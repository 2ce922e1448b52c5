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

    func completions(after arguments: [String], prefix: String, in scope: TraceScope) -> [String] {
        ["--plain", "--expanded", "stdout", "stderr", "off"]
    }

    /// `.trace` read: where the trace goes (nil: off) and whether parameters show as values.
    struct Arguments {
        var expands = false
        var target: TraceTarget?
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        var arguments = Arguments()
        var typed: String?
        for word in words {
            switch word {
            case "--plain", "-plain": arguments.expands = false
            case "--expanded", "-expanded": arguments.expands = true
            case "--stmt", "-stmt": continue
            default:
                if word.hasPrefix("-") { throw usageError("unknown option \(word)") }
                if typed != nil { throw usageError("too many arguments") }
                typed = word
            }
        }
        arguments.target = typed.flatMap(TraceTarget.init)
        return arguments
    }

    func run(_ arguments: Arguments, in scope: TraceScope) throws(Diagnostic) {
        let trace = try arguments.target.map { target throws(Diagnostic) in
            StatementTrace(destination: try Self.destination(target, in: scope), expandsParameters: arguments.expands)
        }
        scope.replaceStatementTrace(with: trace)
    }

    private static func destination(_ target: TraceTarget, in scope: TraceScope) throws(Diagnostic) -> StatementTrace.Destination {
        switch target {
        case .standardOutput: return .output(scope.output)
        case .standardError: return .target(scope.errorOutput, showsControlCharacters: scope.errorsShowControlCharacters)
        case .file(let path):
            // --safe writes no file (sqlite3's --safe lets .trace write one).
            try scope.files.allowWriting(by: ".trace", hint: "use .trace stdout or .trace stderr")
            do {
                return .target(try FileDescriptorTarget(path: path, stop: scope.stopRequest), showsControlCharacters: false)
            } catch {
                throw Diagnostic("cannot write to \(path): \(error)")
            }
        }
    }
}

/// Where `.trace` and `.log` write, as typed: `stdout` (or `-`), `stderr`, or a file; `off`
/// is none (nil).
enum TraceTarget: Equatable {
    case standardOutput
    case standardError
    case file(String)

    init?(_ typed: String) {
        switch typed {
        case "off": return nil
        case "stdout", "-": self = .standardOutput
        case "stderr": self = .standardError
        default: self = .file(typed)
        }
    }
}
