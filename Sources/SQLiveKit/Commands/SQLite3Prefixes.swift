/// The command sqlite3 3.40 runs for a prefix that starts the names of several commands.
///
/// sqlite3 tries its commands in the order of its source, each accepting any prefix (some
/// from a length on), so `.ex` is `.exit` although `.expert` and `.explain` start the same
/// way. sqlive takes the same command for the same prefix, so that a sqlite3 habit (and a
/// script) does what it did there; a prefix not listed here must name one command.
///
///     SQLite3Prefixes.command(for: "ex")   // "exit"
///     SQLite3Prefixes.command(for: "hea")  // nil: only .headers starts so, no rule needed
///
/// Measured with sqlite3 3.40.1 on each prefix that fits several of sqlive's commands; the
/// prefixes sqlite3 refuses (`.b`, `.ch`, `.pa`, `.ti`) stay ambiguous here too.
enum SQLite3Prefixes {
    private static let commands: [String: String] = [
        "c": "clone", "cha": "changes", "d": "dump", "e": "echo", "ex": "exit", "exp": "explain",
        "h": "headers", "he": "headers", "i": "import", "im": "import", "imp": "import",
        "l": "load", "lo": "load", "m": "mode", "n": "nullvalue", "o": "open", "pr": "prompt",
        "q": "quit", "qu": "quit", "res": "restore", "sh": "system",
    ]

    /// The name of the command sqlite3 runs for `prefix` (lower case), when it picks one
    /// among several.
    static func command(for prefix: String) -> String? {
        commands[prefix]
    }
}
