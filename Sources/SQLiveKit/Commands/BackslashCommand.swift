/// psql's and litecli's backslash commands, taken at the prompt (issue 23): a line typed at
/// a terminal that starts with `\` is never SQL, so these habits work as their owners
/// expect, each as the meta-command it stands for.
///
///     \q            .quit
///     \dt ?PATTERN? .tables ?PATTERN?
///     \d ?NAME?     .schema NAME (.tables without a name)
///     \x ?on|off?   expanded display: .mode line, and back to .mode box
///     \e            .edit
///     \i FILE       .read FILE
///     \f ?NAME ARG…? .query NAME ARG… (.query list without a name); \fs NAME QUERY saves one,
///                   \fd NAME forgets one
///     \?            .help habits
///
/// And `\G` at the end of a statement shows that one result expanded (``endsExpanded(_:)``).
/// Scripts and pipes are read as sqlite3 reads them: there a `\` line is SQL as typed.
public enum BackslashCommand {
    /// The meta-command line that `line` (starting with `\`) stands for, or the error to
    /// show; nil when the line does not start with `\`.
    public static func metaCommand(for line: String, mode: OutputMode) -> Result<String, Diagnostic>? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "\\" else { return nil }
        let name = trimmed.dropFirst().prefix { !$0.isWhitespace }
        let rest = trimmed.dropFirst(name.count + 1).drop { $0.isWhitespace }
        let argument = rest.isEmpty ? "" : " " + rest
        switch name {
        case "q": return .success(".quit")
        case "?": return .success(".help habits")
        case "dt": return .success(".tables" + argument)
        case "d": return .success(rest.isEmpty ? ".tables" : ".schema" + argument)
        case "e": return .success(".edit")
        case "i": return .success(".read" + argument)
        case "f": return .success(rest.isEmpty ? ".query list" : ".query" + argument)
        case "fs": return .success(".query save" + argument)
        case "fd": return .success(".query forget" + argument)
        case "x":
            let turnsOn = switch rest.lowercased() {
            case "on": true
            case "off": false
            default: mode != .line
            }
            return .success(turnsOn ? ".mode line" : ".mode box")
        default:
            return .failure(Diagnostic("unknown command \\\(name)",
                                       hint: "at the prompt: \\q \\dt \\d NAME \\x \\e \\i FILE \\f NAME, and \\G to end a statement (.help habits)"))
        }
    }

    /// The statement before a closing `\G` (MySQL's and litecli's "show this one result
    /// expanded"), or nil when the line does not end with it.
    ///
    ///     BackslashCommand.endsExpanded("SELECT * FROM t\\G")   // "SELECT * FROM t"
    public static func endsExpanded(_ line: String) -> String? {
        let trimmed = line.reversed().drop { $0 == " " || $0 == "\t" }
        guard trimmed.starts(with: "G\\") else { return nil }
        return String(trimmed.dropFirst(2).reversed())
    }

    /// `.help habits`.
    static let helpText = """
        Habits from psql, litecli and mysql, taken at the prompt (a line typed there that \
        starts with \\ is never SQL; scripts and pipes read such lines as sqlite3 does):

          \\q             .quit
          \\dt ?PATTERN?  .tables ?PATTERN?
          \\d NAME        .schema NAME (\\d alone: .tables)
          \\x ?on|off?    expanded display: .mode line, and back to .mode box
          \\e             .edit: the last statement in $EDITOR
          \\i FILE        .read FILE
          \\f NAME ARG…   .query NAME ARG…: a saved query (\\f alone lists them)
          \\fs NAME QUERY .query save NAME QUERY (\\fd NAME forgets one)
          QUERY \\G       ends a statement and shows its rows expanded, one block each

        sqlite3's abbreviations work as there: .ex is .exit, .h is .headers.
        """
}
