import Foundation
import GRDB

/// Which panes a statement would refresh, found without running it (`.impact`).
///
///     let impact = try StatementImpact.analyze("UPDATE player SET score = 0", board: board)
///     impact.lines
///     // writes: update player(score)
///     // pane 1 (scores): refreshes
///     // pane 2 (teams): unaffected
struct StatementImpact {
    enum Writes: Equatable {
        /// The statement only reads.
        case nothing
        /// CREATE, DROP, ALTER: every pane runs again after it.
        case schema
        /// Row changes, as the authorizer reports them.
        case rows([String])
        /// Another statement that changes no table rows panes can read (PRAGMA, VACUUM, …).
        case other(String)
    }

    var writes: Writes
    var verdicts: [(pane: Pane, verdict: String)]
    /// Tables the statement writes whose changes SQLite does not report.
    var unreported: [String] = []

    static func analyze(_ text: String, board: PaneBoard) throws(Diagnostic) -> StatementImpact {
        let connection = board.connection
        var unreported: [String] = []
        var facts: [String: TableFacts] = [:]
        let kinds = try connection.access { db -> [DatabaseEventKind]? in
            guard let statement = try board.compiler.compile(text, db) else {
                throw Diagnostic(".impact: missing statement", hint: "usage: .impact STATEMENT")
            }
            guard !statement.isReadonly else { return [] }
            guard rowWritingVerbs.contains(Self.verb(of: statement.sql)) else { return nil }
            guard !connection.options.readonly else {
                throw Diagnostic(".impact: the database is open read-only: this statement cannot run at all")
            }
            let kinds = try WriteRegionProbe.writes(of: statement, db: db)
            for table in Set(kinds.map(\.tableName)).sorted() {
                if try TableKind.of(table, db: db) == .withoutRowID { unreported.append(table) }
                facts[table.lowercased()] = try? TableFacts.read(table, db: db)
            }
            return kinds
        }
        let firstWord = Self.verb(of: text)
        let writes: Writes
        switch kinds {
        case .some(let kinds) where kinds.isEmpty: writes = .nothing
        case .some(let kinds): writes = .rows(kinds.map(\.summary))
        case .none: writes = rebuildingVerbs.contains(firstWord) ? .schema : .other(firstWord)
        }
        let reported = (kinds ?? []).filter { !unreported.contains($0.tableName) }
        let maps = try connection.access { db in
            try board.panes.map { pane in try pane.region.map { try RegionMap($0, rowIDCandidates: pane.rowIDCandidates, db: db) } }
        }
        let verdicts = zip(board.panes, maps).map { pane, map in
            (pane, verdict(for: pane, map: map, kinds: reported, writes: writes, facts: facts))
        }
        return StatementImpact(writes: writes, verdicts: verdicts, unreported: unreported)
    }

    /// The report, one line each.
    var lines: [String] {
        let head: String
        switch writes {
        case .nothing: head = "writes: nothing (the statement only reads)"
        case .schema: head = "writes: the schema"
        case .rows(let kinds): head = "writes: " + kinds.joined(separator: ", ")
        case .other(let verb): head = "writes: no table rows (\(verb) statement)"
        }
        let notes = unreported.map { "\($0) is a WITHOUT ROWID table: its changes wake no pane (.notify \($0) after them)" }
        return [head] + notes + verdicts.map { "\($0.pane.label): \($0.verdict)" }
    }

    private static let rowWritingVerbs: Set<String> = ["INSERT", "UPDATE", "DELETE", "REPLACE", "WITH"]
    /// Statements after which every pane compiles and runs again: they change the schema, or
    /// (VACUUM, REINDEX) rewrite the database so that its schema version moves.
    private static let rebuildingVerbs: Set<String> = ["CREATE", "DROP", "ALTER", "VACUUM", "REINDEX", "ATTACH", "DETACH"]

    private static func verdict(for pane: Pane, map: RegionMap?, kinds: [DatabaseEventKind], writes: Writes,
                                facts: [String: TableFacts]) -> String {
        if pane.status == .paused { return "paused" }
        if writes == .schema { return "runs again after the schema change" }
        guard let region = pane.region, let map else { return "unaffected" }
        // A kind that may delete rows unreported (REPLACE) touches every pane on its table.
        let touching = kinds.filter { kind in
            region.isModified(byEventsOfKind: kind)
                || (facts[kind.tableName.lowercased()]?.reportsEveryChange(of: kind) != true
                    && region.isModified(byEventsOfKind: .delete(tableName: kind.tableName)))
        }
        guard !touching.isEmpty else { return "unaffected" }
        let refreshes = pane.isFailed ? "retries" : "refreshes"
        // Rowids narrow a pane only where SQLite reports every row the statement changes.
        let narrows = touching.allSatisfy { facts[$0.tableName.lowercased()]?.reportsEveryChange(of: $0) ?? false }
        guard narrows else { return refreshes }
        let rowIDs = touching.map { map.area(of: $0.tableName)?.rowIDs }
        guard rowIDs.allSatisfy({ $0 != nil }) else { return refreshes }
        let listed = Set(rowIDs.compactMap { $0 }.joined()).sorted().map(String.init).joined(separator: ",")
        return "\(refreshes) if it changes rowid \(listed)"
    }

    /// The first keyword of a statement, uppercased, after comments and spaces. It runs for
    /// every statement of a script: read as UTF-8 bytes (``SQLWordScanner``), not Characters.
    static func verb(of sql: String) -> String {
        var scanner = SQLWordScanner(sql)
        return scanner.leadingKeyword()
    }
}
