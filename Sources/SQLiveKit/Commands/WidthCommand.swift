/// `.width NUM...`: the column widths of `column` mode.
struct WidthCommand: MetaCommand {
    let name = "width"
    let needsDatabase = false
    let usage = "NUM..."
    let summary = "set the widths of the columns in column mode (0: fit, negative: right-aligned)"
    let details = """
        .width 10 -8 0 makes the first column 10 characters wide, the second 8 and aligned
        right, and sizes the third to fit (at most 60). Wider values wrap. .width alone
        sizes every column to fit again.
        """

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        var widths: [Int] = []
        for argument in arguments {
            guard let width = Int(argument) else {
                throw usageError("expected a number of characters, not \(argument)")
            }
            widths.append(width)
        }
        session.settings.columnWidths = widths
    }
}
