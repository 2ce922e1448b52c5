import SQLiveKit

/// sqlite3 reads its options in order and runs each `-cmd` as it meets it, so an option
/// after a `-cmd` takes effect only once that command ran: `-cmd "select 1" -csv` prints
/// the 1 in list mode, and `-cmd ".headers on" -noheader` ends with headers off.
/// ArgumentParser keeps no order between options, so ``SQLite3Options/rewrite(_:)`` turns
/// the output settings that follow a `-cmd` into start commands of their own, marked so
/// that no typed text can look like one (an argument cannot hold a NUL byte):
///
///     ["-cmd", "select 1", "-csv"]
///     // ["--cmd", "select 1", "--cmd", "\0--mode\0csv", "--cmd", "\0--separator\0,"]
///
/// The launcher runs the start commands in order and applies a marked one with
/// ``apply(_:to:)`` instead of running it.
enum DeferredOptions {
    private static let marker = "\u{0}"
    /// sqlive's options that set an output setting and take a value.
    private static let withValue: Set<String> = ["--mode", "--separator", "--newline", "--nullvalue"]
    /// Those that take none.
    private static let flags: Set<String> = ["--headers", "--no-headers", "--echo", "--bail"]

    /// The rewritten arguments of one option, with its output settings made start commands.
    static func deferring(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if withValue.contains(argument), index + 1 < arguments.endIndex {
                result += ["--cmd", marker + argument + marker + arguments[index + 1]]
                index += 2
            } else {
                result += flags.contains(argument) ? ["--cmd", marker + argument] : [argument]
                index += 1
            }
        }
        return result
    }

    /// The modes whose sqlite3 option sets the mode alone (`-list`, `-line`, …): the
    /// separators an init file or a -cmd set stay (`.mode csv` then `-list` prints `1,2`).
    /// sqlite3's -csv, -tabs, -ascii and -quote set theirs, which the rewriting writes as
    /// options after them.
    private static let modesKeepingSeparators: Set<OutputMode> = [.list, .line, .column, .box, .table, .markdown, .json, .html]

    /// Sets a mode given on the command line, as sqlite3 sets it.
    static func setMode(_ mode: OutputMode, in settings: inout Settings) {
        let (column, row) = (settings.columnSeparator, settings.rowSeparator)
        settings.setCommandLineMode(mode)
        if modesKeepingSeparators.contains(mode) {
            (settings.columnSeparator, settings.rowSeparator) = (column, row)
        }
    }

    /// Applies a start command that ``deferring(_:)`` made, as the launcher applies the same
    /// option given before any `-cmd`; false for any other command (it is to be run).
    static func apply(_ command: String, to settings: inout Settings) -> Bool {
        guard command.hasPrefix(marker) else { return false }
        let parts = command.dropFirst().split(separator: marker, maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let value = parts.count > 1 ? parts[1] : ""
        switch parts[0] {
        case "--mode": if let mode = OutputMode(rawValue: value) { setMode(mode, in: &settings) }
        case "--separator": settings.columnSeparator = value
        case "--newline": settings.rowSeparator = value
        case "--nullvalue": settings.nullValue = value
        case "--headers": settings.showHeaders = true
        case "--no-headers": settings.showHeaders = false
        case "--echo": settings.echo = true
        case "--bail": settings.bail = true
        default: break
        }
        return true
    }
}
