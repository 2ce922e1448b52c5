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

    /// The byte separating fields, from the format or the session's `.separator`.
    func separator(settings: Settings) throws(Diagnostic) -> UInt8 {
        switch format {
        case .csv: return UInt8(ascii: ",")
        case .tsv: return UInt8(ascii: "\t")
        case .ascii: return 0x1F
        case .currentSeparator:
            switch settings.mode {
            case .csv: return UInt8(ascii: ",")
            case .tabs: return UInt8(ascii: "\t")
            default:
                let bytes = RawBytes.bytes(of: settings.columnSeparator)
                guard bytes.count == 1 else {
                    throw Diagnostic(".import: the column separator \"\(settings.columnSeparator)\" is not one character",
                                     hint: "use --csv or --tsv, or set one with .separator")
                }
                return bytes[0]
            }
        }
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
