/// `.width NUM...`: the column widths of `column` mode.
struct WidthCommand: MetaCommand {
    let name = "width"
    let needsDatabase = false
    let usage = "NUM..."
    let summary = "set the widths of the columns in column mode (0: fit, negative: right-aligned)"
    let details = """
        .width 10 -8 0 makes the first column 10 characters wide, the second 8 and aligned
        right, and sizes the third to fit (at most 60). Wider values wrap. .width alone
        sizes every column to fit again. A width that is not a number is taken as 0, with a
        warning, as sqlite3 takes it.
        """

    func run(_ arguments: [String], in scope: SettingsScope) throws(Diagnostic) {
        var widths: [Int] = []
        for argument in arguments {
            // As sqlite3 does, a width that is not a number is 0 (fit): said, not refused,
            // so a script written for sqlite3 lays its columns out the same.
            guard let width = Int(argument) else {
                scope.warn(".width: \(argument) is not a number of characters; taken as 0 (fit), as sqlite3 does")
                widths.append(0)
                continue
            }
            widths.append(width)
        }
        scope.settings.columnWidths = widths
    }
}
