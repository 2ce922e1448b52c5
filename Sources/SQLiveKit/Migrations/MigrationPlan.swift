import Foundation

/// The state of each migration, from the folder and the database's ledger side by side, and
/// the checks that must pass before any migration runs (Flyway's validation is the model).
///
///     let plan = MigrationPlan(folder: folder, ledger: ledger)
///     plan.entries.map(\.status)        // [.applied, .applied, .changed, .pending]
///     try plan.validate()               // throws: 0003_add_index changed since it was applied
///     try plan.pending(upTo: "4")       // the files `.migrate --to 4` would run
public struct MigrationPlan: Sendable {
    /// One migration known to the folder, the database, or both.
    public struct Entry: Sendable, Equatable {
        public var identifier: String
        public var status: MigrationStatus
        public var file: MigrationFile?
        public var record: MigrationLedger.Record?
        /// An applied migration recorded in `grdb_migrations` without a checksum: it was
        /// applied by something other than sqlive, so its file can't be verified.
        public var isUnverified: Bool { status == .applied && record == nil }
        /// For a pending migration, the first one after it that is already applied: it
        /// can't run, since migrations only run forward. Set by the plan.
        public var appliedAfterIt: String?

        /// Applied, with a migration name that gives it a place in the order.
        var isAppliedInOrder: Bool {
            status != .pending && MigrationOrder(identifier: identifier) != nil
        }
    }

    public let folder: MigrationFolder
    public let entries: [Entry]

    public init(folder: MigrationFolder, ledger: MigrationLedger) {
        self.folder = folder
        let appliedSet = Set(ledger.applied)
        var entries = folder.files.map { file -> Entry in
            let record = ledger.records[file.identifier]
            let status: MigrationStatus
            if !appliedSet.contains(file.identifier) {
                status = .pending
            } else if let record, record.checksum != file.checksum {
                status = .changed
            } else {
                status = .applied
            }
            return Entry(identifier: file.identifier, status: status, file: file,
                         record: status == .pending ? nil : record)
        }
        let known = Set(folder.files.map(\.identifier))
        for identifier in ledger.applied where !known.contains(identifier) {
            let record = ledger.records[identifier]
            entries.append(Entry(identifier: identifier, status: record == nil ? .unknown : .missing, record: record))
        }
        // Migration names sort by number and name; others (an app's "v1") go last, as applied.
        entries = entries.enumerated().sorted { left, right in
            switch (MigrationOrder(identifier: left.element.identifier), MigrationOrder(identifier: right.element.identifier)) {
            case let (l?, r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left.offset < right.offset
            }
        }.map(\.element)
        for index in entries.indices where entries[index].status == .pending {
            entries[index].appliedAfterIt = entries[(index + 1)...].first(where: \.isAppliedInOrder)?.identifier
        }
        self.entries = entries
    }

    /// The migrations that stop `.migrate`: changed, missing, unknown, or pending out of order.
    public var problems: [Entry] {
        entries.filter { $0.status.isProblem || $0.appliedAfterIt != nil }
    }

    /// The last migration applied: where the database stands. Identifiers that are not
    /// migration names (an app's `v1`) have no place in the order, so they count only when
    /// nothing else was applied.
    public var current: String? {
        (entries.last(where: \.isAppliedInOrder) ?? entries.last(where: { $0.status != .pending }))?.identifier
    }

    public var pendingFiles: [MigrationFile] {
        entries.filter { $0.status == .pending }.compactMap(\.file)
    }

    /// Throws when the folder and the database disagree about the past, saying which
    /// migration, why, and how to recover. Nothing runs until the past matches.
    public func validate() throws(Diagnostic) {
        let problems = self.problems
        guard !problems.isEmpty else { return }
        let lines = problems.map { problem in
            "  \(problem.status.rawValue)  \(problem.identifier): \(explanation(of: problem))"
        }
        throw Diagnostic(
            "the database's migrations do not match \(folder.displayName); nothing was run:\n"
                + lines.joined(separator: "\n"),
            hint: "applied migrations must stay as they ran; .help migrate says how to recover")
    }

    /// The pending files to run, in order, up to and including `target` (a full identifier,
    /// or just its number: `3` or `0003`); all pending files when there is no target.
    /// Empty when the database is already at the target. Throws for a target the folder
    /// does not have, or one the database is already past: migrations only run forward.
    public func pending(upTo target: String?) throws(Diagnostic) -> [MigrationFile] {
        guard let target else { return pendingFiles }
        let entry = try resolve(target)
        switch entry.status {
        case .pending:
            let files = pendingFiles
            let end = files.firstIndex(where: { $0.identifier == entry.identifier }) ?? files.count - 1
            return Array(files[...end])
        case .applied, .changed, .missing, .unknown:
            if entry.identifier == current { return [] }
            throw Diagnostic(
                "the database is already past \(entry.identifier): it is at \(current ?? "?")",
                hint: "migrations only run forward; sqlive never undoes one (write a new migration that reverts it)")
        }
    }

    /// The entry a typed target names: an identifier, or a file's number (unique in a folder,
    /// which ``MigrationFolder`` checks).
    private func resolve(_ typed: String) throws(Diagnostic) -> Entry {
        if let exact = entries.first(where: { $0.identifier == typed }) { return exact }
        if let numbered = entries.first(where: { $0.file?.order.hasNumber(typed) ?? false }) { return numbered }
        let suggestion = Suggestion.closest(to: typed, among: entries.map(\.identifier))
        throw Diagnostic("no migration \(typed) in \(folder.displayName)",
                         hint: suggestion.map { "did you mean \($0)? (.migrate --status lists them)" }
                            ?? ".migrate --status lists the migrations")
    }

    private func explanation(of entry: Entry) -> String {
        let when = entry.record.map { " on \($0.appliedAt)" } ?? ""
        let name = SQLIdentifier.stringLiteral(entry.identifier)
        switch entry.status {
        case .changed:
            let newChecksum = entry.file?.checksum ?? ""
            return """
                \(entry.file?.path ?? entry.identifier) differs from the file applied\(when).
                      Restore it as it was (git checkout) and put the change in a new migration. If the
                      database already matches the edited file, accept it by hand:
                      UPDATE \(MigrationLedger.tableName) SET checksum = '\(newChecksum)' WHERE identifier = \(name);
                """
        case .missing:
            return """
                applied\(when), but its file is gone from \(folder.displayName).
                      Restore the file as it was applied. If it was removed on purpose, forget it by hand:
                      DELETE FROM grdb_migrations WHERE identifier = \(name); DELETE FROM \(MigrationLedger.tableName) WHERE identifier = \(name);
                """
        case .unknown:
            return """
                applied to this database, but \(folder.displayName) has no such file.
                      The database was migrated by another tool or from another folder: is \(folder.displayName) the right one?
                """
        case .pending, .applied:
            return """
                pending, but \(entry.appliedAfterIt ?? "a later migration"), after it, is already applied.
                      Migrations run in order: renumber the file so it comes after the last applied one.
                """
        }
    }
}
