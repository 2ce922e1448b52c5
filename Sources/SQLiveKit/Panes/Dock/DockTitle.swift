/// The title bar of a docked pane, fitted to its width by importance: the pane's name, its
/// status and its rows always show, and so does what it is doing (`stale, next refresh in
/// 2.0s`); the refresh count, the time, the cause and the last change follow while they fit,
/// the cause cut with `…` rather than dropped.
///
///     DockTitle.fitted(essential: ["1 stock", "3 rows"], optional: ["2 refreshes", "10:01:02",
///                      "update product(stock)[2]"], trailing: ["stale, next refresh in 2.0s"], width: 60)
///     // "1 stock · 3 rows · 2 refreshes · 10:01:02 · stale, next refresh in 2.0s"
///
/// A cause names each changed rowid once: a row updated three times in a transaction is
/// `update product(stock)[2]`, not `[2,2,2]`.
enum DockTitle {
    /// Parts narrower than this are not worth cutting: they are left out instead.
    private static let shortestCut = 12
    private static let separator = " · "

    static func fitted(essential: [String], optional: [String], trailing: [String], width: Int) -> String {
        let kept = essential + trailing
        var used = kept.map(\.count).reduce(0, +) + separator.count * max(0, kept.count - 1)
        var chosen: [String] = []
        for part in optional {
            let room = width - used - separator.count
            if part.count <= room {
                chosen.append(part)
                used += separator.count + part.count
            } else if room >= shortestCut {
                chosen.append(String(part.prefix(room - 1)) + "…")
                break
            } else {
                break
            }
        }
        return (essential + chosen + trailing).joined(separator: separator)
    }

    /// What made the pane refresh, each changed rowid named once.
    static func cause(_ cause: RefreshCause) -> String {
        guard case .changes(let summary) = cause else { return cause.description }
        return summary.entries.map { entry in
            var text = "\(entry.kind.verb) \(entry.table)"
            if entry.kind == .update && !entry.columns.isEmpty {
                text += "(\(entry.columns.joined(separator: ",")))"
            }
            var seen = Set<Int64>()
            let rowIDs = entry.rowIDs.filter { seen.insert($0).inserted }
            guard !rowIDs.isEmpty else { return text }
            text += "[" + rowIDs.map(String.init).joined(separator: ",")
            if entry.count > entry.rowIDs.count {
                text += " +\(entry.count - entry.rowIDs.count) more"
            }
            return text + "]"
        }
        .joined(separator: ", ")
    }
}
