/// The settings of a session that `.show` lists and meta-commands change.
///
/// Defaults follow the sqlite3 shell so that scripts written for it print the same bytes.
public struct Settings: Sendable, Equatable {
    public var mode: OutputMode = .list
    /// Whether column names are shown. Setting it (`.headers`, `--headers`) also stops
    /// `.mode column` from turning them on, as in sqlite3.
    public var showHeaders: Bool {
        get { headers }
        set {
            headers = newValue
            headersChosen = true
        }
    }
    private var headers = false
    private var headersChosen = false
    /// `.explain on|off|auto`: how `EXPLAIN` results are laid out, as in sqlite3 (see
    /// `Session.resultRenderer(explainKind:)`).
    public var explain = ExplainSetting.auto
    /// `.eqp on|off|full`: the plan of each statement before its results (and with `full`
    /// its EXPLAIN listing), as in sqlite3.
    public var eqp = EQPSetting.off
    /// `.width`: the width of each column in `column` mode, in order; 0 sizes a column to
    /// fit, a negative width right-aligns it.
    public var columnWidths: [Int] = []
    public var nullValue = ""
    /// `.nullvalue` was given: a terminal shows ``nullValue`` for NULL instead of `NULL`.
    public var nullValueIsSet = false
    public var columnSeparator = "|"
    public var rowSeparator = "\n"
    /// The table named in `insert` mode's statements (`.mode insert NAME`).
    public var insertTable = "table"
    public var timer = false
    public var changes = false
    public var echo = false
    public var bail = false
    /// `--safe`: no ATTACH, no extensions, no meta-command that writes files or runs programs.
    /// Set at start only; no command turns it off.
    public var safeMode = false
    /// The folder `.migrate` reads when given none (`.migrations-dir`); nil: `./migrations`.
    public var migrationsDirectory: String?
    /// How long a statement waits for another connection's lock (`.timeout`), kept across
    /// `.open`.
    public var busyTimeoutMilliseconds: Int32 = 5000
    /// Results taller than the terminal go through `$PAGER` (interactive sessions only).
    public var pager = true
    /// How many characters a value of box, table or markdown mode takes on one line before
    /// it wraps, outside a terminal; 0: never. As in sqlite3, `.mode` sets 60 and the
    /// command line's `-box` (sqlive's `--mode box`) leaves it at 0.
    public var wrapWidth = 0
    /// `.mode box --wordwrap on`: values wrap between words, as sqlite3 wraps them.
    public var wrapsAtWords = false
    /// `.mode qbox`: box, table and markdown show each value as an SQL literal (sqlite3's
    /// `--quote`); any other `.mode` turns it off.
    public var quotesGridValues = false
    /// `.stats on|off` (`-stats`): kept and shown by `.show`, as sqlite3 keeps it; sqlive
    /// prints no statistics (docs/SQLITE3.md says why).
    public var stats = false
    /// `.prompt MAIN ?CONTINUE?`: the prompts a sqlite3 init file asks for; nil: sqlive's own.
    public var prompts: (main: String, continuation: String)? {
        get { promptTexts.map { ($0[0], $0[1]) } }
        set { promptTexts = newValue.map { [$0.main, $0.continuation] } }
    }
    private var promptTexts: [String]?

    public init() {}

    /// Switches mode the way sqlite3's `.mode` does: some modes also reset the separators.
    public mutating func setMode(_ newMode: OutputMode, table: String? = nil) {
        mode = newMode
        quotesGridValues = false
        switch newMode {
        case .list:
            columnSeparator = "|"
            rowSeparator = "\n"
        case .tabs:
            columnSeparator = "\t"
        case .csv:
            columnSeparator = ","
            rowSeparator = "\r\n"
        case .quote:
            columnSeparator = ","
            rowSeparator = "\n"
        case .line:
            rowSeparator = "\n"
        case .insert:
            insertTable = table ?? "table"
        case .ascii:
            columnSeparator = "\u{1F}"
            rowSeparator = "\u{1E}"
        case .tcl:
            columnSeparator = " "
            rowSeparator = "\n"
        case .column:
            rowSeparator = "\n"
            if !headersChosen { headers = true }
        case .box, .table, .markdown, .json, .html:
            break
        }
    }

    /// Switches mode the way sqlite3's command-line options (`-csv`, `-tabs`, …) do: as
    /// ``setMode(_:table:)``, except that csv keeps the row separator. `sqlite3 -csv` ends
    /// rows with "\n" where `.mode csv` ends them with "\r\n".
    /// Nor does `-column` turn headers on.
    public mutating func setCommandLineMode(_ newMode: OutputMode) {
        let keptRowSeparator = rowSeparator
        let keptHeaders = headers
        setMode(newMode)
        if newMode == .csv { rowSeparator = keptRowSeparator }
        headers = keptHeaders
    }
}

/// The values of `.explain`.
public enum ExplainSetting: String, Sendable {
    case on, off, auto
}

/// The values of `.eqp`.
public enum EQPSetting: String, Sendable, CaseIterable {
    case on, off, full
}
