import SQLiveKit

/// sqlite3's command-line options, read beside sqlive's own: `sqlive -csv -header db.sqlite`
/// runs as `sqlite3 -csv -header db.sqlite` does.
///
/// sqlite3 takes its long options with one dash or two (`-csv`, `--csv`); ArgumentParser
/// would read `-csv` as the short flags `-c -s -v`. So the arguments are rewritten into
/// sqlive's spelling before ArgumentParser sees them; sqlive's own options (`-c`, `-f`,
/// `--mode`, `--help`, …) and their values pass through unchanged.
///
///     try SQLite3Options.rewrite(["-csv", "-nullvalue", "-", "db.sqlite"])
///     // ["--mode", "csv", "--nullvalue", "-", "db.sqlite"]
public enum SQLite3Options {
    /// What one sqlite3 option becomes.
    enum Rewrite: Equatable {
        /// These sqlive arguments.
        case arguments([String])
        /// This sqlive option, followed by the value the sqlite3 option takes.
        case optionTakingValue(String)
        /// An option sqlive does not have, and why.
        case unsupported(String)
    }

    /// sqlite3 3.40's options (as `sqlite3 -help` lists them), without their dashes.
    static let rewrites: [String: Rewrite] = {
        var table: [String: Rewrite] = [
            "bail": .arguments(["--bail"]),
            "batch": .arguments(["--batch"]),
            "cmd": .optionTakingValue("--cmd"),
            "echo": .arguments(["--echo"]),
            "header": .arguments(["--headers"]),
            "headers": .arguments(["--headers"]),
            "noheader": .arguments(["--no-headers"]),
            // sqlite3's `-help` writes its usage to standard error and fails (status 1);
            // sqlive's `--help` and `-h` keep the usual stdout and status 0.
            "help": .arguments(["--sqlite3-usage"]),
            "init": .optionTakingValue("--init"),
            "newline": .optionTakingValue("--newline"),
            "nullvalue": .optionTakingValue("--nullvalue"),
            "readonly": .arguments(["--readonly"]),
            "safe": .arguments(["--safe"]),
            "separator": .optionTakingValue("--separator"),
            // Kept as the `.stats` setting, as if run first (`.show` says it is on).
            "stats": .arguments(["--cmd", ".stats on"]),
            // Standard input that is no terminal then shows sqlite3's banner and prompts.
            "interactive": .arguments(["--interactive"]),
            "version": .arguments(["--sqlite-version"]),
        ]
        for mode in ["ascii", "box", "column", "csv", "html", "json", "line", "list", "markdown", "quote", "table", "tabs"] {
            table[mode] = OutputMode(rawValue: mode) != nil
                ? .arguments(["--mode", mode] + separatorsSet(byMode: mode))
                : .unsupported("sqlive has no \(mode) mode")
        }
        let unsupported = [
            "A": "sqlive does not read SQL archives",
            "append": "sqlive does not append databases to other files",
            "deserialize": "sqlive opens database files only through SQLite's file VFS",
            "lookaside": "sqlive leaves SQLite's memory settings at their defaults",
            "maxsize": "sqlive opens database files only through SQLite's file VFS",
            "memtrace": "sqlive leaves SQLite's memory settings at their defaults",
            "mmap": "sqlive leaves SQLite's memory settings at their defaults (use PRAGMA mmap_size)",
            "nofollow": "sqlive has no option to refuse symbolic links",
            "nonce": "sqlive's --safe mode has no escape",
            "pagecache": "sqlive leaves SQLite's memory settings at their defaults",
            "vfs": "sqlive opens database files only through SQLite's file VFS",
            "zip": "sqlive does not read ZIP archives",
        ]
        for (name, reason) in unsupported { table[name] = .unsupported(reason) }
        return table
    }()

    /// The separators sqlite3 3.40 sets when it reads a mode option, written as options.
    /// sqlite3 reads its options in order, so `-separator X -csv` ends with `,` and `-csv
    /// -list` keeps the `,`; ArgumentParser keeps the last value of each option, so putting
    /// them right after the mode keeps that order. The other modes change no separator.
    private static func separatorsSet(byMode mode: String) -> [String] {
        switch mode {
        case "csv": ["--separator", ","]
        case "tabs": ["--separator", "\t", "--newline", "\n"]
        case "ascii": ["--separator", "\u{1F}", "--newline", "\u{1E}"]
        case "quote": ["--separator", ",", "--newline", "\n"]
        default: []
        }
    }

    /// sqlive's own options whose value is the next argument: that value is left alone.
    static let optionsTakingValue: Set<String> = [
        "-c", "--command", "-f", "--file", "--init", "--mode", "--cmd", "--nullvalue", "--separator", "--newline",
    ]

    /// sqlive's own long options, which keep their meaning with two dashes (`--help`).
    static let sqliveLongOptions: Set<String> = [
        "command", "file", "init", "no-init", "readonly", "safe", "bail", "echo", "mode", "headers", "no-headers",
        "help", "version", "cmd", "batch", "interactive", "nullvalue", "separator", "newline", "sqlite-version",
    ]

    /// The arguments in sqlive's spelling; throws for a sqlite3 option sqlive lacks.
    public static func rewrite(_ arguments: [String]) throws(Diagnostic) -> [String] {
        var result: [String] = []
        // Output settings after a -cmd take effect once it ran (``DeferredOptions``).
        var followsCommand = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result += arguments[(index - 1)...]
                break
            }
            if optionsTakingValue.contains(argument) {
                guard index < arguments.endIndex else {
                    result.append(argument)
                    continue
                }
                let pair = [argument, arguments[index]]
                index += 1
                result += followsCommand ? DeferredOptions.deferring(pair) : pair
                if argument == "--cmd" { followsCommand = true }
                continue
            }
            guard let (name, rewrite) = sqlite3Option(argument) else {
                // One dash and a word is sqlite3's spelling of a long option; ArgumentParser
                // would read `-nosuch` as the short flags -n -o -s …, -h among them, and print
                // the help with status 0.
                if argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2, Double(argument) == nil {
                    throw Diagnostic("unknown option: \(argument)", hint: "sqlive --help lists the options")
                }
                result.append(argument)
                continue
            }
            switch rewrite {
            case .arguments(let replacement):
                result += followsCommand ? DeferredOptions.deferring(replacement) : replacement
            case .optionTakingValue(let option):
                guard index < arguments.endIndex else {
                    throw Diagnostic("missing argument to \(argument)")
                }
                let pair = [option, arguments[index]]
                index += 1
                result += followsCommand ? DeferredOptions.deferring(pair) : pair
                if option == "--cmd" { followsCommand = true }
            case .unsupported(let reason):
                throw Diagnostic("sqlite3's -\(name) option is not supported: \(reason)")
            }
        }
        return result
    }

    /// The sqlite3 option an argument names (`-csv`, `--csv`), unless it is one of sqlive's.
    private static func sqlite3Option(_ argument: String) -> (String, Rewrite)? {
        if argument.hasPrefix("--") {
            let name = String(argument.dropFirst(2))
            guard !sqliveLongOptions.contains(name), let rewrite = rewrites[name] else { return nil }
            return (name, rewrite)
        }
        // One letter after one dash is one of sqlive's short options, but for sqlite3's -A.
        guard argument.hasPrefix("-"), argument.count > 2 || argument == "-A" else { return nil }
        let name = String(argument.dropFirst())
        return rewrites[name].map { (name, $0) }
    }
}
