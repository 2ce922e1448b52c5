import SQLiveKit

/// What the command line asks for, once parsed: the `sqlive` command's ArgumentParser
/// options fill it, and so does ``QuickArguments`` for the short command lines most runs use.
public struct LaunchOptions {
    public var database: String?
    public var sql: [String] = []
    public var command: [String] = []
    public var file: String?
    public var initFile: String?
    public var noInit = false
    public var readonly = false
    public var safe = false
    /// `--trusted-schema`: the database's schema may call functions not marked harmless.
    public var trustedSchema = false
    public var quiet = false
    public var bail = false
    public var echo = false
    public var mode: OutputMode?
    public var headers: Bool?
    public var cmd: [String] = []
    public var nullvalue: String?
    public var separator: String?
    public var newline: String?
    public var batch = false
    /// sqlite3's `-interactive`: a script piped in is echoed after sqlite3's prompts.
    public var interactive = false
    /// `--follow` and what ends it (`--interval`, `--count`, `--until-change`).
    public var follow = false
    public var interval: Double?
    public var count: Int?
    public var untilChange = false
    /// `--load EXT`: extensions loaded before the database opens (a VFS the database's URI
    /// names), then into its connection.
    public var load: [String] = []
    /// `--replica URL`: a Litestream replica instead of a database file.
    public var replica: String?
    /// `--litestream-vfs PATH`: the VFS extension's file, for `--replica`.
    public var litestreamVFS: String?

    public init() {}
}

/// The command lines most runs use — `sqlive db.sqlite`, `sqlive -c SQL`,
/// `sqlive db.sqlite 'select …'`, with the plain flags, `--headers` and `--mode` (and
/// sqlite3's `-batch`, `-header`, `-csv`…, once rewritten) — read without ArgumentParser, whose
/// reflection over the options (a protocol conformance lookup per option type, each a scan of
/// every conformance record in the process) cost more than all the rest of a short run's
/// start-up: 12.8M of its 35M instructions. Anything else (another option, a value that
/// starts with a dash, `--`, a flag given twice) is nil, and ArgumentParser reads it as
/// before, with its help and its errors.
///
///     QuickArguments.parse(["db.sqlite", "-c", "select 1"])   // database db.sqlite, command ["select 1"]
///     QuickArguments.parse(["--mode", "csv"])                 // nil: ArgumentParser's
public enum QuickArguments {
    /// The flag an argument sets, with the spelling that identifies it.
    static func flag(_ argument: String) -> (WritableKeyPath<LaunchOptions, Bool>, String)? {
        switch argument {
        case "--bail": (\.bail, argument)
        case "--echo": (\.echo, argument)
        case "--readonly": (\.readonly, argument)
        case "--safe": (\.safe, argument)
        case "--trusted-schema": (\.trustedSchema, argument)
        case "-q", "--quiet": (\.quiet, "--quiet")
        case "--batch": (\.batch, argument)
        case "--interactive": (\.interactive, argument)
        case "--no-init": (\.noInit, argument)
        default: nil
        }
    }

    public static func parse(_ arguments: [String]) -> LaunchOptions? {
        var options = LaunchOptions()
        var positional: [String] = []
        var seenFlags: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-c" || argument == "--command" {
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                options.command.append(arguments[index])
                index += 1
            } else if argument == "--headers" || argument == "--no-headers" {
                // Given twice, or both: ArgumentParser's rules decide.
                guard options.headers == nil else { return nil }
                options.headers = argument == "--headers"
            } else if argument == "--mode" {
                // `sqlite3 -header -csv db 'select …'`, rewritten, is this.
                guard options.mode == nil, index < arguments.count, let mode = OutputMode(rawValue: arguments[index]) else {
                    return nil
                }
                options.mode = mode
                index += 1
            } else if let (flag, name) = flag(argument) {
                guard seenFlags.insert(name).inserted else { return nil }
                options[keyPath: flag] = true
            } else if argument.hasPrefix("-") {
                return nil
            } else {
                positional.append(argument)
            }
        }
        // Refused together: ArgumentParser says why (``SQLive/validate()``).
        if options.safe && options.trustedSchema { return nil }
        options.database = positional.first
        options.sql = Array(positional.dropFirst())
        return options
    }
}
