/// The arguments of `.import`: `[--csv|--tsv] [--skip N] [--schema S] FILE TABLE`.
struct ImportOptions: Equatable {
    enum Format: Equatable {
        case csv, tsv
        /// sqlite3's ascii mode: fields end at 0x1F, records at 0x1E, quotes are data.
        case ascii
        /// Separated by `.separator`, as sqlite3 does when no format is given (csv and
        /// tabs modes set it to `,` and a tab).
        case currentSeparator
    }

    var path: String
    var table: String
    /// The schema of the table (`main`, `temp`, an attached name); nil for `main`.
    var schema: String?
    var format = Format.currentSeparator
    /// Records to skip before the header or the first row.
    var skip = 0

    /// Reads the arguments; `command` names the usage in errors.
    /// Reads `.import`'s arguments. When FILE or TABLE is missing or a word is left over,
    /// `countProblem` hears it in sqlite3's words (`missing FILE argument`) before the error.
    static func parse(_ arguments: [String], for command: some MetaCommand,
                      countProblem: (String) -> Void = { _ in }) throws(Diagnostic) -> ImportOptions {
        var format = Format.currentSeparator
        var skip = 0
        var schema: String?
        var positional: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--csv", "-csv": format = .csv
            case "--ascii", "-ascii": format = .ascii
            case "--tsv", "-tsv": format = .tsv
            case "--skip", "-skip":
                guard let text = remaining.popFirst(), let count = Int(text), count >= 0 else {
                    throw command.usageError("--skip needs a number of lines")
                }
                skip = count
            case "--schema", "-schema":
                guard let name = remaining.popFirst() else { throw command.usageError("--schema needs a schema name") }
                schema = name
            default:
                if argument.hasPrefix("-") && argument.count > 1 {
                    throw command.usageError("unknown option \(argument)")
                }
                positional.append(argument)
            }
        }
        guard positional.count == 2 else {
            countProblem(positional.count == 0 ? "missing FILE argument." : positional.count == 1
                         ? "missing TABLE argument." : "extra argument: \"\(positional[2])\". ")
            throw command.usageError(positional.count < 2 ? "missing FILE or TABLE" : "too many arguments")
        }
        return ImportOptions(path: positional[0], table: positional[1], schema: schema, format: format, skip: skip)
    }

    /// The bytes that end a field and a record.
    struct Separators: Equatable {
        var field: UInt8
        var record: UInt8
    }

    /// The separators of the format, or without one the session's `.separator` ones, as
    /// sqlite3 takes them: whatever the mode, each must be one byte (sqlite3 refuses the
    /// import otherwise), after importing in csv mode made `"\r\n"` a `"\n"`
    /// (``ImportCommand``).
    func separators(settings: Settings) throws(Diagnostic) -> Separators {
        switch format {
        case .csv: return Separators(field: UInt8(ascii: ","), record: UInt8(ascii: "\n"))
        case .tsv: return Separators(field: UInt8(ascii: "\t"), record: UInt8(ascii: "\n"))
        case .ascii: return Separators(field: 0x1F, record: 0x1E)
        case .currentSeparator:
            return Separators(field: try Self.oneByte(settings.columnSeparator, kind: "column"),
                              record: try Self.oneByte(settings.rowSeparator, kind: "row"))
        }
    }

    private static func oneByte(_ separator: String, kind: String) throws(Diagnostic) -> UInt8 {
        let bytes = RawBytes.bytes(of: separator)
        guard bytes.count == 1 else {
            let shown = separator.debugDescription
            throw Diagnostic(".import: the \(kind) separator \(shown) is not one character; nothing was imported",
                             hint: "use --csv or --tsv, or set one with .separator")
        }
        return bytes[0]
    }

    /// Read as sqlite3's ascii mode does: `--ascii`, or no format in ascii mode.
    func isASCII(settings: Settings) -> Bool {
        format == .ascii || (format == .currentSeparator && settings.mode == .ascii)
    }

    /// `"schema"."table"`, or `"table"` in main.
    var qualifiedTable: String {
        (schema.map { SQLIdentifier.quoted($0) + "." } ?? "") + SQLIdentifier.quoted(table)
    }
}
