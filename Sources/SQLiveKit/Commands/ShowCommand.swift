/// `.show`: the settings, in sqlite3's layout first (the lines scripts written for sqlite3
/// read), then, at the prompt, sqlive's own settings in the same layout.
///
///             echo: off
///              eqp: off
///          explain: auto
///          headers: off
///             mode: list
///        nullvalue: ""
///           output: stdout
///     colseparator: "|"
///     rowseparator: "\n"
///            stats: off
///            width:
///         filename: shop.db
struct ShowCommand: MetaCommand {
    let name = "show"
    let usage = ""
    let summary = "show the current settings"
    let needsDatabase = false

    func run(_: NoArguments, in scope: StatusScope) throws(Diagnostic) {
        var rows = Self.sqlite3Rows(scope)
        if scope.isInteractive { rows += Self.sqliveRows(scope) }
        for (key, value) in rows {
            scope.output.append(String(repeating: " ", count: max(0, 12 - key.count)) + key + ": " + value + "\n")
        }
    }

    /// What sqlite3 3.40's `.show` prints, in its order and its words.
    static func sqlite3Rows(_ scope: StatusScope) -> [(String, String)] {
        let settings = scope.settings
        return [
            ("echo", onOff(settings.echo)),
            ("eqp", settings.eqp.rawValue),
            ("explain", settings.explain.rawValue),
            ("headers", onOff(settings.showHeaders)),
            ("mode", modeText(settings)),
            ("nullvalue", CEscaped.quoted(settings.nullValue)),
            ("output", scope.outputName),
            ("colseparator", CEscaped.quoted(settings.columnSeparator)),
            ("rowseparator", CEscaped.quoted(settings.rowSeparator)),
            ("stats", onOff(settings.stats)),
            ("width", settings.columnWidths.map { "\($0) " }.joined()),
            ("filename", scope.connection.options.displayName),
        ]
    }

    /// sqlive's settings that sqlite3 does not have.
    static func sqliveRows(_ scope: StatusScope) -> [(String, String)] {
        let settings = scope.settings
        return [
            ("read-only", onOff(scope.connection.options.readonly)),
            ("bail", onOff(settings.bail)),
            ("timer", onOff(settings.timer)),
            ("changes", onOff(settings.changes)),
            ("pager", onOff(settings.pager)),
            ("timeout", "\(settings.busyTimeoutMilliseconds) ms"),
            ("external", scope.externalInterval.map { "on, every \(ExternalChangeWatcher.format($0))" } ?? "off"),
            ("layout", "\(scope.paneLayout)"),
            ("events", onOff(scope.tracesEvents)),
        ]
    }

    /// sqlite3 names `tabs` `list`, and lists the options of the grid modes.
    /// Also what `.mode` alone names after "current output mode:".
    static func modeText(_ settings: Settings) -> String {
        // `.explain on` is a mode of its own in sqlite3.
        if settings.explain == .on { return "explain" }
        let mode = settings.mode
        let quote = settings.quotesGridValues ? "--quote" : "--noquote"
        return switch mode {
        case .tabs: "list"
        case .box, .table, .markdown, .column: "\(mode.rawValue) --wrap \(settings.wrapWidth) --wordwrap \(onOff(settings.wrapsAtWords)) \(quote)"
        default: mode.rawValue
        }
    }

    private static func onOff(_ value: Bool) -> String { value ? "on" : "off" }
}

/// Text as sqlite3's `.show` writes it: between double quotes, with C escapes for the
/// backslash, the quote, tab, newline and carriage return, and octal for other controls and
/// for the bytes of non-ASCII characters.
enum CEscaped {
    static func quoted(_ text: String) -> String {
        var escaped = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): escaped += "\\\\"
            case UInt8(ascii: "\""): escaped += "\\\""
            case 0x09: escaped += "\\t"
            case 0x0A: escaped += "\\n"
            case 0x0D: escaped += "\\r"
            // Controls, DEL and every byte of a non-ASCII character in octal, as sqlite3 writes
            // them (`é` is `\303\251`).
            case ..<0x20, 0x7F...: escaped += "\\" + String(repeating: "0", count: 3 - String(byte, radix: 8).count) + String(byte, radix: 8)
            default: escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return escaped + "\""
    }
}
