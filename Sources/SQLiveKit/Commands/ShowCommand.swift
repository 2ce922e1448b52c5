/// `.show`: every setting and its value.
struct ShowCommand: MetaCommand {
    let name = "show"
    let usage = ""
    let summary = "show the current settings"

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        try expect(arguments, count: 0...0)
        let settings = session.settings
        let rows: [(String, String)] = [
            ("database", session.connection.options.displayName + (session.connection.options.readonly ? " (read-only)" : "")),
            ("mode", settings.mode == .insert ? "insert \(settings.insertTable)" : settings.mode.rawValue),
            ("headers", onOff(settings.showHeaders)),
            ("nullvalue", quoted(settings.nullValue)),
            ("colseparator", quoted(settings.columnSeparator)),
            ("rowseparator", quoted(settings.rowSeparator)),
            ("width", settings.columnWidths.map(String.init).joined(separator: " ")),
            ("output", session.outputs.name),
            ("echo", onOff(settings.echo)),
            ("bail", onOff(settings.bail)),
            ("timer", onOff(settings.timer)),
            ("changes", onOff(settings.changes)),
            ("pager", onOff(settings.pager)),
            ("timeout", "\(settings.busyTimeoutMilliseconds) ms"),
            ("external", session.paneBoard.externalInterval.map { "on, every \(ExternalChangeWatcher.format($0))" } ?? "off"),
            ("layout", "\(session.paneBoard.layout)"),
            ("trace", onOff(session.paneBoard.traceEnabled)),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        for (key, value) in rows {
            session.output.append(String(repeating: " ", count: width - key.count) + key + ": " + value + "\n")
        }
    }

    private func onOff(_ value: Bool) -> String { value ? "on" : "off" }

    /// Shows a separator the way it would be typed: "\t", "\r\n".
    private func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\n": escaped += "\\n"
            case "\r\n": escaped += "\\r\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
