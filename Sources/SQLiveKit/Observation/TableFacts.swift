import GRDB

/// What decides whether SQLite reports every change to a table's rows by rowid, and which
/// columns a pane really depends on.
///
/// SQLite's update hook does not report the rows that `REPLACE` conflict resolution deletes
/// (`INSERT OR REPLACE`, `REPLACE`, `UPDATE OR REPLACE`, `ON CONFLICT REPLACE` constraints),
/// and reports an update that changes the rowid under the new rowid only. A region narrowed
/// to some rowids is trusted only for changes that can do neither.
///
///     let facts = try TableFacts.read("player", db: db)
///     facts.reportsEveryChange(of: .update(tableName: "player", columnNames: ["score"]))  // true
///     facts.reportsEveryChange(of: .update(tableName: "player", columnNames: ["id"]))     // false
struct TableFacts: Sendable, Equatable {
    /// The names of the rowid, lowercased: `rowid`, `oid`, `_rowid_` and an INTEGER PRIMARY KEY.
    var rowIDNames: Set<String>
    /// Columns of UNIQUE indexes (constraints included) other than the rowid, lowercased: a
    /// conflict on them can delete another row unreported.
    var uniqueColumns: Set<String>
    /// Generated columns (`c AS (a*2)`), lowercased: an update of `a` changes `c` unreported.
    var generatedColumns: Set<String>

    static func read(_ table: String, db: Database) throws -> TableFacts {
        var rowIDNames: Set<String> = ["rowid", "oid", "_rowid_"]
        if let column = try db.rowIDAlias(of: table) {
            rowIDNames.insert(column.lowercased())
        }
        // From the pragmas, not GRDB's `indexes(on:)`, which names an attached database
        // unquoted (`PRAGMA we"ird.index_list(…)`, a syntax error).
        let uniqueIndexed = try String.fetchAll(db, sql: """
            SELECT i.name FROM pragma_index_list(?) l, pragma_index_info(l.name) i
            WHERE l."unique" AND i.name IS NOT NULL
            """, arguments: [table])
        let unique = Set(uniqueIndexed.map { $0.lowercased() })
        let generated = try String.fetchAll(db, sql: """
            SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)
            """, arguments: [table])
        return TableFacts(rowIDNames: rowIDNames, uniqueColumns: unique.subtracting(rowIDNames),
                          generatedColumns: Set(generated.map { $0.lowercased() }))
    }

    /// True when every row a statement of this kind changes is reported with its rowid, so
    /// that a pane narrowed to some rowids may ignore the others.
    func reportsEveryChange(of kind: DatabaseEventKind) -> Bool {
        switch kind {
        case .delete:
            return true
        case .insert:
            return uniqueColumns.isEmpty
        case .update(_, let columns):
            let lowered = Set(columns.map { $0.lowercased() })
            return lowered.isDisjoint(with: rowIDNames) && lowered.isDisjoint(with: uniqueColumns)
        }
    }
}
