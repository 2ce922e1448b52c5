import ArgumentParser
import Foundation
import SQLiveKit

/// The command line: `sqlive [options] [DATABASE] [SQL ...]`.
struct SQLive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlive",
        abstract: "An interactive SQLite shell with live query panes.",
        discussion: """
            With no DATABASE, sqlive opens a private in-memory database. A DATABASE file that \
            does not exist is created. SQL arguments, -c commands and -f files run in that \
            order and sqlive exits; otherwise it reads standard input: a prompt with line \
            editing on a terminal, a script otherwise.
            sqlite3's options are read too, with one dash or two (-csv, --box, -header, \
            -cmd, -nullvalue, -version …).
            With --follow, sqlive stays after the input and prints each pinned pane again \
            whenever its rows change, until Ctrl-C (status 0), --count or --until-change.
            Exit status: 0 when everything ran, 1 when a statement or command failed, 2 for \
            wrong options.
            """,
        version: SQLiveVersion.current)

    @Argument(help: "The database file (default: in memory).")
    var database: String?

    @Argument(help: "SQL statements or meta-commands to run, then exit.")
    var sql: [String] = []

    @Option(name: [.customShort("c"), .long], help: ArgumentHelp("Run SQL or a meta-command, then exit (repeatable).", valueName: "SQL"))
    var command: [String] = []

    @Option(name: [.customShort("f"), .long], help: ArgumentHelp("Run the script FILE, then exit.", valueName: "FILE"))
    var file: String?

    @Option(name: .customLong("init"), help: ArgumentHelp("Run FILE at start instead of ~/.replrc and ./.replrc.", valueName: "FILE"))
    var initFile: String?

    @Flag(name: .customLong("no-init"), help: "Do not run ~/.replrc nor ./.replrc.")
    var noInit = false

    @Flag(help: "Open the database read-only.")
    var readonly = false

    @Flag(help: "Refuse ATTACH, extensions, meta-commands that write files or run programs, and init files.")
    var safe = false

    @Flag(name: .customLong("trusted-schema"),
          help: "Let the database's schema call functions SQLite does not mark harmless (PRAGMA trusted_schema=1 from the open on), for a database you trust.")
    var trustedSchema = false

    @Flag(name: [.customShort("q"), .long], help: "No greeting line before the first prompt.")
    var quiet = false

    @Flag(help: "Stop at the first error.")
    var bail = false

    @Flag(help: "Print each statement before running it.")
    var echo = false

    // ArgumentParser lists the values of a CaseIterable option itself.
    @Option(help: ArgumentHelp("Output mode.", valueName: "MODE"))
    var mode: OutputMode?

    @Flag(inversion: .prefixedNo, help: "Show column names (default: off, as in sqlite3).")
    var headers: Bool?

    @Option(help: ArgumentHelp("Run SQL or a meta-command before reading the input, as sqlite3's -cmd (repeatable).", valueName: "COMMAND"))
    var cmd: [String] = []

    @Option(help: ArgumentHelp("Show NULL as TEXT (.nullvalue).", valueName: "TEXT"))
    var nullvalue: String?

    @Option(help: ArgumentHelp("Separate columns with SEP (.separator).", valueName: "SEP"))
    var separator: String?

    @Option(help: ArgumentHelp("End rows with SEP (the second argument of .separator).", valueName: "SEP"))
    var newline: String?

    @Flag(help: "Read standard input as a script even from a terminal: no prompt, no line editing.")
    var batch = false

    /// sqlite3's `-interactive`: standard input that is no terminal is read as at a prompt,
    /// with sqlite3's banner and each prompt and line written out (docs/SQLITE3.md).
    @Flag(help: .hidden)
    var interactive = false

    @Flag(help: "After the input, stay and print each pinned pane's rows whenever they change (other processes' commits included), until Ctrl-C.")
    var follow = false

    @Option(parsing: .unconditional, help: ArgumentHelp("With --follow: print a pane at most once every SECONDS (the changes in between add up).", valueName: "SECONDS"))
    var interval: Double?

    // `.unconditional`: `--count -1` is a count to refuse with its rule, not a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("With --follow: exit after N changes have printed.", valueName: "N"))
    var count: Int?

    @Flag(name: .customLong("until-change"), help: "With --follow: exit after the first change has printed.")
    var untilChange = false

    @Option(help: ArgumentHelp("Load the SQLite extension EXT before the database opens (a VFS it provides can then be named in a file: URI), and into the database's connection (repeatable).", valueName: "EXT"))
    var load: [String] = []

    @Option(help: ArgumentHelp("Open the Litestream replica at URL (file:///…, s3://…) read-only, following the primary's commits (docs/REPLICAS.md); then every argument is SQL.", valueName: "URL"))
    var replica: String?

    @Option(name: .customLong("litestream-vfs"), help: ArgumentHelp("With --replica: the Litestream VFS extension's file (default: $SQLIVE_LITESTREAM_VFS, else the Python package litestream-vfs's).", valueName: "PATH"))
    var litestreamVFS: String?

    @Flag(name: .customLong("sqlite-version"), help: "Print the SQLite library's version and exit (sqlite3's -version).")
    var sqliteVersion = false

    /// sqlite3's `-help` (rewritten by `SQLite3Options`): the usage on standard error and
    /// status 1, as sqlite3 gives it, whatever the other arguments are.
    @Flag(name: .customLong("sqlite3-usage"), help: .hidden)
    var sqlite3Usage = false

    func validate() throws {
        if noInit && initFile != nil {
            throw ValidationError("--init and --no-init cannot be used together")
        }
        if safe && initFile != nil {
            throw ValidationError("--safe runs no init file: drop --init")
        }
        if safe && trustedSchema {
            throw ValidationError("--safe trusts no database's schema: drop --trusted-schema")
        }
        if safe && (!load.isEmpty || replica != nil) {
            throw ValidationError("--safe loads no extension: drop --load and --replica")
        }
        if litestreamVFS != nil && replica == nil {
            throw ValidationError("--litestream-vfs goes with --replica")
        }
        if !follow && (interval != nil || count != nil || untilChange) {
            throw ValidationError("--interval, --count and --until-change go with --follow")
        }
        if let interval, !(interval >= 0 && interval <= 86_400) {
            throw ValidationError("--interval: expected seconds between 0 and 86400, not \(interval)")
        }
        if let count, count < 1 {
            throw ValidationError("--count: expected 1 or more, not \(count)")
        }
    }

    func run() throws {
        if sqlite3Usage {
            FileHandleWriter.standardError(Self.helpMessage() + "\n")
            throw ExitCode(1)
        }
        if sqliteVersion {
            print(SQLiteLibrary.versionLine)
            return
        }
        let status = Launcher(options: launchOptions).run()
        throw ExitCode(status)
    }
}

extension OutputMode: ExpressibleByArgument {}

enum SQLiveVersion {
    static let current = "0.1.0"
}
