import GRDB
import GRDBSQLite

/// `.lint fkey-indexes`: the foreign keys no index serves, each with the `CREATE INDEX`
/// that would, as sqlite3 prints them. Without such an index, every change to the parent
/// table scans the child table to check or cascade the key.
///
///     CREATE INDEX 'c1_y' ON 'c1'('y'); --> p1(a)
struct LintCommand: MetaCommand {
    let name = "lint"
    let usage = "fkey-indexes"
    let summary = "list foreign keys that no index serves, with the CREATE INDEX that would"
    let details = """
        .lint fkey-indexes prints, for each foreign key of the main database whose child
        columns lead no suitable index (same columns, the parent's collations, not a
        partial index unless it only leaves out NULLs), the CREATE INDEX statement that
        would serve it, then --> and the parent table and columns.
        """

    func completions(after arguments: [String], prefix: String, in scope: DatabaseScope) -> [String] {
        arguments.isEmpty ? ["fkey-indexes"] : []
    }

    /// `fkey-indexes` (or a prefix of it), the one check there is.
    func parse(_ words: [String]) throws(Diagnostic) -> NoArguments {
        guard words.first.map({ "fkey-indexes".hasPrefix($0.lowercased()) && !$0.isEmpty }) == true else {
            throw usageError(words.isEmpty ? "missing sub-command" : "unknown sub-command \(words[0])")
        }
        try expect(words, count: 1...1)
        return NoArguments()
    }

    func run(_: NoArguments, in scope: DatabaseScope) throws(Diagnostic) {
        let lines: [String]
        do {
            lines = try scope.statements.withDatabase { db in try ForeignKeyIndexLint(db: db).suggestions() }
        } catch {
            throw error.prefixed(".lint: ")
        }
        scope.output.append(lines.map { $0 + "\n" }.joined())
    }
}

/// Finds the foreign keys of the main database that no index serves.
struct ForeignKeyIndexLint {
    let db: Database

    /// One line per foreign key without an index, tables in schema order, keys in
    /// `PRAGMA foreign_key_list` order.
    func suggestions() throws -> [String] {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid
            """)
        var lines: [String] = []
        for child in tables {
            let rows = try Row.fetchAll(db, sql: "SELECT id, seq, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq", arguments: [child])
            var keys: [Int: [Row]] = [:]
            for row in rows { keys[row["id"], default: []].append(row) }
            for id in keys.keys.sorted() {
                guard let key = keys[id], let line = try suggestion(child: child, key: key) else { continue }
                lines.append(line)
            }
        }
        return lines
    }

    private func suggestion(child: String, key: [Row]) throws -> String? {
        let parent: String = key[0]["table"]
        let childColumns: [String] = key.map { $0["from"] }
        var parentColumns: [String] = key.compactMap { $0["to"] }
        if parentColumns.count != childColumns.count {
            parentColumns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", arguments: [parent])
        }
        guard parentColumns.count == childColumns.count else { return nil }
        let collations = zip(childColumns, parentColumns).map { childColumn, parentColumn in
            (required: collation(of: parentColumn, in: parent), own: collation(of: childColumn, in: child))
        }
        if try isRowid(childColumns, of: child) { return nil }
        if try hasIndex(on: childColumns, collations: collations.map(\.required), in: child) { return nil }
        let indexName = ([child] + childColumns).joined(separator: "_")
        let columns = zip(childColumns, collations).map { column, collation in
            Self.literal(column) + (collation.required.lowercased() == collation.own.lowercased() ? "" : " COLLATE \(Self.collationName(collation.required))")
        }
        let comment = Self.oneLine("\(parent)(\(parentColumns.joined(separator: ",")))")
        return "CREATE INDEX \(Self.literal(indexName)) ON \(Self.literal(child))(\(columns.joined(separator: ", "))); --> \(comment)"
    }

    // The line is meant to be run: names come from the file, so none may end the statement.

    /// A name as sqlite3 writes it here, an SQL string literal (`quote()`): `'it''s'`.
    static func literal(_ name: String) -> String {
        "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A collation name as it is when it is a plain word (`NOCASE`), quoted otherwise.
    static func collationName(_ name: String) -> String {
        let isWord = name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return isWord ? name : SQLIdentifier.quoted(name)
    }

    /// The comment after `-->` on one line: a line break in a name would end the comment
    /// and make the rest of the name a statement.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// The collation a column was declared with (`BINARY` when none).
    private func collation(of column: String, in table: String) -> String {
        var collation: UnsafePointer<CChar>?
        let code = sqlite3_table_column_metadata(db.sqliteConnection, "main", table, column, nil, &collation, nil, nil, nil)
        guard code == SQLITE_OK, let collation else { return "BINARY" }
        return String(cString: collation)
    }

    /// True when the key is the rowid of its table (an INTEGER PRIMARY KEY), its own index.
    private func isRowid(_ columns: [String], of table: String) throws -> Bool {
        guard columns.count == 1 else { return false }
        let primaryKey = try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?) WHERE pk > 0", arguments: [table])
        let hasPrimaryKeyIndex = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM pragma_index_list(?) WHERE origin = 'pk'", arguments: [table]) ?? false
        guard primaryKey.count == 1, !hasPrimaryKeyIndex else { return false }
        let name: String = primaryKey[0]["name"], type: String = primaryKey[0]["type"]
        return name == columns[0] && type.uppercased() == "INTEGER"
    }

    /// True when an index of the table starts with the columns (in any order) with the
    /// required collations, and covers every row that can hold a key (a partial index
    /// only when it leaves out NULLs of a one-column key).
    private func hasIndex(on columns: [String], collations: [String], in table: String) throws -> Bool {
        let indexes = try Row.fetchAll(db, sql: "SELECT name, partial FROM pragma_index_list(?)", arguments: [table])
        for index in indexes {
            let name: String = index["name"]
            let keyColumns = try Row.fetchAll(db, sql: "SELECT name, coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", arguments: [name])
            guard keyColumns.count >= columns.count else { continue }
            var leading: [String: String] = [:]
            for column in keyColumns.prefix(columns.count) {
                guard let columnName: String = column["name"] else { continue }
                leading[columnName] = column["coll"]
            }
            let matches = zip(columns, collations).allSatisfy { column, collation in
                leading[column].map { $0.lowercased() == collation.lowercased() } ?? false
            }
            guard matches else { continue }
            if index["partial"] == 1 {
                guard columns.count == 1, try leavesOutOnlyNulls(index: name, column: columns[0]) else { continue }
            }
            return true
        }
        return false
    }

    /// True when a partial index's condition is `COLUMN IS NOT NULL`.
    private func leavesOutOnlyNulls(index: String, column: String) throws -> Bool {
        guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM main.sqlite_schema WHERE type = 'index' AND name = ?", arguments: [index]),
              let whereRange = sql.range(of: " where ", options: [.caseInsensitive, .backwards]) else { return false }
        let condition = sql[whereRange.upperBound...]
            .filter { !"\"'`[]".contains($0) }
            .split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        return condition == "\(column.lowercased()) is not null"
    }
}
