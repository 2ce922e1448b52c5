/// The tree sqlite3 draws for `EXPLAIN QUERY PLAN`, from the rows SQLite returns for it.
///
///     QUERY PLAN
///     |--SCAN order_item
///     `--SEARCH product USING INTEGER PRIMARY KEY (rowid=?)
struct QueryPlanTree {
    /// One row of `EXPLAIN QUERY PLAN`: its id, its parent's id, and what it does.
    struct Step: Equatable {
        var id: Int
        var parent: Int
        var detail: String
    }

    var steps: [Step]

    /// The tree as sqlite3's shell prints it; nothing when there are no steps.
    var rendered: String {
        guard !steps.isEmpty else { return "" }
        var text = "QUERY PLAN\n"
        render(parent: 0, prefix: "", into: &text)
        return text
    }

    private func render(parent: Int, prefix: String, into text: inout String) {
        let children = steps.filter { $0.parent == parent }
        for (index, step) in children.enumerated() {
            let isLast = index == children.count - 1
            text += prefix + (isLast ? "`--" : "|--") + step.detail + "\n"
            // sqlite3 stops descending when its 100-byte prefix buffer is nearly full.
            if prefix.utf8.count < 93, step.id != parent {
                render(parent: step.id, prefix: prefix + (isLast ? "   " : "|  "), into: &text)
            }
        }
    }
}
