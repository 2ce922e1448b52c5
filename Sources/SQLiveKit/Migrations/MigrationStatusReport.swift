/// The text of `.migrate --status`: one line per migration with its status, when it was
/// applied and why it needs attention, then the counts.
///
///     migrations in migrations/; the database is at 0002_add_copies
///       applied  0001_create_tables  2025-01-01 10:00:00
///       changed  0002_add_copies     2025-01-01 10:00:00  the file differs from the one applied
///       pending  0003_index_books
///     1 applied, 1 changed, 1 pending
///     .migrate refuses to run until the changed migration is resolved (.migrate says how)
public struct MigrationStatusReport {
    public let plan: MigrationPlan

    public init(plan: MigrationPlan) {
        self.plan = plan
    }

    public var text: String {
        let position = plan.current.map { "the database is at \($0)" } ?? "no migration applied yet"
        var text = "migrations in \(plan.folder.displayName); \(position)\n"
        let entries = plan.entries
        let width = entries.map(\.identifier.count).max() ?? 0
        let dateWidth = entries.compactMap(\.record?.appliedAt.count).max() ?? 0
        for entry in entries {
            var line = "  \(entry.status.rawValue)  " + pad(entry.identifier, width)
            let note = self.note(entry)
            if dateWidth > 0 && (entry.record != nil || note != nil) {
                line += "  " + pad(entry.record?.appliedAt ?? "", dateWidth)
            }
            if let note { line += "  " + note }
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        text += summary + "\n"
        let problems = plan.problems
        if !problems.isEmpty {
            let kinds = Set(problems.map { $0.appliedAfterIt != nil ? "out-of-order" : $0.status.rawValue })
            let named = ["changed", "missing", "unknown", "out-of-order"].filter(kinds.contains)
            let list = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
            let plural = problems.count == 1 ? "migration is" : "migrations are"
            text += ".migrate refuses to run until the \(list) \(plural) resolved (.migrate says how)\n"
        }
        return text
    }

    /// `3 applied, 1 changed, 2 pending`, statuses in a fixed order, zero counts left out.
    private var summary: String {
        guard !plan.entries.isEmpty else { return "no migrations" }
        let order: [MigrationStatus] = [.applied, .changed, .pending, .missing, .unknown]
        return order.compactMap { status in
            let count = plan.entries.count(where: { $0.status == status })
            return count == 0 ? nil : "\(count) \(status.rawValue)"
        }.joined(separator: ", ")
    }

    private func note(_ entry: MigrationPlan.Entry) -> String? {
        if let later = entry.appliedAfterIt {
            return "out of order: \(later), after it, is already applied"
        }
        switch entry.status {
        case .changed: return "the file differs from the one applied"
        case .missing: return "the file is gone"
        case .unknown: return "not in the folder: applied by another tool?"
        case .applied: return entry.isUnverified ? "not verified: applied without a checksum" : nil
        case .pending: return nil
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
