/// What the soak's pane session printed, taken apart: each pane's last inline block, what
/// `.pane` printed for it at the end, and the refresh counts `.panes` lists.
///
/// Blocks start with `-- pane ID (NAME): CAUSE` and run to the next block or to a line the
/// test printed with `SELECT '@@…'`. The inline part ends at the first `@@pane` line; each
/// `.pane` follows its own `@@pane ID`, and `.panes` follows `@@panes`.
struct SoakReport {
    var lastPrinted: [Int: String] = [:]
    var dotPane: [Int: String] = [:]
    var refreshes: [Int] = []

    init(output: String) {
        var pane: Int?
        var section = "inline"
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("@@") {
                pane = nil
                if line.hasPrefix("@@pane") { section = String(line) }
            } else if section == "@@panes" {
                // id|name|query|rows|refreshes|last_refresh|last_ms|median_ms|region (no query holds a `|`)
                let columns = line.split(separator: "|", omittingEmptySubsequences: false)
                if columns.count == 9, let count = Int(columns[4]) { refreshes.append(count) }
            } else if line.hasPrefix("-- pane "), let id = Int(line.dropFirst(8).prefix(while: \.isNumber)) {
                pane = id
                if section == "inline" { lastPrinted[id] = "" } else { dotPane[id] = "" }
            } else if let id = pane {
                if section == "inline" {
                    lastPrinted[id, default: ""] += line + "\n"
                } else {
                    dotPane[id, default: ""] += line + "\n"
                }
            }
        }
    }
}
