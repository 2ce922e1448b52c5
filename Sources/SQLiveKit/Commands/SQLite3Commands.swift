/// The dot-commands of sqlite3 3.40 that sqlive does not have, each with the reason, so
/// that typing one says what became of it instead of suggesting an unrelated command.
/// docs/SQLITE3.md says the same for every sqlite3 command (a test keeps the two in step).
///
///     SQLite3Commands.absent(matching: "ar")   // ("archive", "sqlive does not read or write SQL archives …")
public enum SQLite3Commands {
    /// sqlite3's commands sqlive lacks, by name, with why.
    public static let absent: [String: String] = [
        "archive": "sqlive does not read or write SQL archives (sqlar); use sqlite3 -A",
        "auth": "sqlive installs no authorizer callback; --safe refuses what it must",
        "binary": "sqlive writes output as bytes already; there is no text mode to leave on Linux",
        "cd": "sqlive's working folder is the one it started in",
        "check": "it belongs to SQLite's own test harness",
        "connection": "sqlive has one connection per session; panes open their own",
        "dbconfig": "use the PRAGMAs that set the same options",
        "dbinfo": "use PRAGMA page_size, page_count, schema_version and friends (Debian's sqlite3 lacks the sqlite_dbpage table it reads, too)",
        "excel": "sqlive opens no spreadsheet; use .once FILE.csv with .mode csv",
        "expert": "sqlive has no index advisor; sqlite3's .expert is one",
        "filectrl": "it belongs to SQLite's own test harness",
        "imposter": "it belongs to SQLite's own test harness",
        "limit": "sqlive leaves SQLite's limits at their defaults",
        "nonce": "sqlive's --safe mode has no escape",
        "progress": "sqlive has no progress handler output; Ctrl-C interrupts a long statement",
        "recover": "sqlive does not recover corrupt databases; use sqlite3 .recover",
        "scanstats": "use .explain QUERY",
        "selftest": "it belongs to SQLite's own test harness",
        "session": "sqlive does not record changesets",
        "testcase": "it belongs to SQLite's own test harness",
        "testctrl": "it belongs to SQLite's own test harness",
        "vfsinfo": "sqlive opens files only through SQLite's default VFS",
        "vfslist": "sqlive opens files only through SQLite's default VFS",
        "vfsname": "sqlive opens files only through SQLite's default VFS",
    ]

    /// The absent sqlite3 command a typed name means: an exact name, or as in sqlite3, the
    /// only one it is a prefix of (`.ar` for `.archive`).
    public static func absent(matching typed: String) -> (name: String, reason: String)? {
        let typed = typed.lowercased()
        if let reason = absent[typed] { return (typed, reason) }
        let prefixed = absent.filter { $0.key.hasPrefix(typed) }
        guard typed.count >= 2, prefixed.count == 1, let match = prefixed.first else { return nil }
        return (match.key, match.value)
    }
}
