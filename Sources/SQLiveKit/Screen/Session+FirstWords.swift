import Foundation
import GRDB

/// What a person at the prompt reads first, and the plain words newcomers type.
///
/// The greeting is one line, printed by the terminal front-end only (never in scripts, as
/// sqlite3's banner). `exit` and `quit` typed alone at the start of a statement leave, and
/// `help` prints a short guide, as in litecli: at a prompt these words mean nothing else
/// (a statement needs a keyword, and they are not DSL queries unless a table has that name,
/// which then wins).
extension Session {
    /// The greeting, fitted to the terminal's width when there is one: one line, and a
    /// second naming the database: a replica and of what, or the file, saying when opening
    /// it just made it (`sqlive chinok.db`, with a typo, makes a new empty file: the greeting
    /// is where that shows).
    ///
    ///     session.greeting(version: "1.0", newDatabase: true)
    ///     // sqlive 1.0: .help for help, .help dsl for queries without SQL, .pin for panes
    ///     // opened chinok.db: a new database (there was no such file)
    public func greeting(version: String, newDatabase: Bool = false) -> String {
        var lines = ["sqlive \(version): .help for help, .help dsl for queries without SQL, .pin for panes"]
        let options = connection.options
        if let replica = options.replica {
            lines.append("reading a \(replica.description) (read-only; panes follow its replicated commits)")
        } else if !options.isInMemory {
            let name = VisibleControlCharacters.of(options.path)
            lines.append(newDatabase ? "opened \(name): a new database (there was no such file)" : "opened \(name)")
        }
        guard let width = environment.terminalWidth() else { return lines.map { $0 + "\n" }.joined() }
        return lines.map { TextWrapping.wrapLine($0, width: width, hangingIndent: 0) + "\n" }.joined()
    }

    /// Answers a line that is only `exit`, `quit` or `help` (any case, an optional `;`):
    /// true when it was one of them and is done with, false for input to run as usual.
    /// Inside a statement the line belongs to the statement (as in psql), but `exit` and
    /// `quit` get a hint on how to leave.
    public func answerPlainWord(_ line: String, insideStatement: Bool = false) -> Bool {
        var word = line.trimmingCharacters(in: .whitespaces).lowercased()
        if word.hasSuffix(";") { word = String(word.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard ["exit", "quit", "help"].contains(word), !hasTable(named: word) else { return false }
        guard !insideStatement else {
            if word != "help" {
                warn("\(word) is part of the statement being typed: end it with ; or drop it with Ctrl-C, then type \(word)")
            }
            return false
        }
        if word == "help" {
            output.append(Self.plainHelp)
        } else {
            quitRequested = 0
        }
        return true
    }

    private static let plainHelp = """
        sqlive runs SQL statements, DSL queries and meta-commands:
          .help        every meta-command, then .help NAME for one
          .help dsl    queries without SQL, e.g. product.filter(price > 10).order(name)
          .pin QUERY   keep a query on screen, refreshed as the data changes
          .help tour   a guided tour of live panes, in short scripts
          .quit        leave (also exit, quit, or Ctrl-D)

        """

    private func hasTable(named name: String) -> Bool {
        (try? connection.queue.inDatabase { try $0.tableExists(name) || $0.viewExists(name) }) ?? false
    }
}
