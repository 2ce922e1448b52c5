import Foundation
import GRDB
import GRDBSQLite

/// Writes a database as the SQL that recreates it, in sqlite3's `.dump` format, so that
/// `sqlite3 new.db < dump.sql` builds a database with the same schema and rows:
///
///     PRAGMA foreign_keys=OFF;
///     BEGIN TRANSACTION;
///     CREATE TABLE album(id INTEGER PRIMARY KEY, title TEXT);
///     INSERT INTO album VALUES(1,'For Those About To Rock');
///     DELETE FROM sqlite_sequence;
///     INSERT INTO sqlite_sequence VALUES('album',1);
///     CREATE INDEX album_title ON album(title);
///     COMMIT;
///
/// Tables come first (with their rows) in the order they were created, sqlite_sequence
/// last among them; then indexes, triggers and views. Virtual tables are written into
/// sqlite_schema under `PRAGMA writable_schema`, as sqlite3 does. Rows stream: one at a
/// time from SQLite into the output.
struct DatabaseDumper {
    var options: DumpOptions

    /// Dumps the main database. The reads run in one transaction (or the one already open),
    /// so the dump is a consistent snapshot.
    func dump(_ db: Database, to output: OutputBuffer) throws {
        if db.isInsideTransaction {
            try writeDump(db, to: output)
        } else {
            try db.inTransaction(.deferred) {
                try writeDump(db, to: output)
                return .commit
            }
        }
    }

    private func writeDump(_ db: Database, to output: OutputBuffer) throws {
        if !options.dataOnly {
            output.append("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        }
        var writesSchema = false
        let tables = try Row.fetchAll(db, sql: """
            SELECT name, type, sql FROM main.sqlite_schema AS o
            WHERE (\(filter(matchingTableNames: false))) AND type == 'table' AND sql NOT NULL
            ORDER BY tbl_name == 'sqlite_sequence', rowid
            """, arguments: StatementArguments(options.patterns + options.patterns))
        for table in tables {
            let name: String = table["name"]
            let sql: String = table["sql"]
            let isSequence = name == "sqlite_sequence"
            let isStatistics = name.hasPrefix("sqlite_stat") && name.count == 12
            if (isSequence || isStatistics) && !options.omitsSystemTables {
                if !options.dataOnly {
                    output.append(isSequence ? "DELETE FROM sqlite_sequence;\n" : "ANALYZE sqlite_schema;\n")
                }
            } else if name.hasPrefix("sqlite_") {
                continue
            } else if options.dataOnly {
                // Rows only.
            } else if sql.hasPrefix("CREATE VIRTUAL TABLE") {
                if !writesSchema {
                    output.append("PRAGMA writable_schema=ON;\n")
                    writesSchema = true
                }
                output.append("INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table',"
                              + "\(Self.quotedString(name)),\(Self.quotedString(name)),0,\(Self.quotedString(sql)));\n")
                continue
            } else {
                output.append(Self.schemaLine(sql))
            }
            try writeRows(of: name, db, to: output)
        }
        if !options.dataOnly {
            let others = try String.fetchAll(db, sql: """
                SELECT sql FROM main.sqlite_schema
                WHERE (\(filter(matchingTableNames: true))) AND sql NOT NULL
                  AND type IN ('index', 'trigger', 'view')
                ORDER BY rowid
                """, arguments: StatementArguments(options.patterns + options.patterns))
            others.forEach { output.append(Self.schemaLine($0)) }
        }
        if writesSchema {
            output.append("PRAGMA writable_schema=OFF;\n")
        }
        if !options.dataOnly {
            output.append("COMMIT;\n")
        }
    }

    /// The WHERE condition for the patterns: a name matches one of them. Indexes, triggers
    /// and views also match by their table, so `.dump album` brings album's indexes along;
    /// tables also match as the shadow tables of a virtual table that matches (`r1_data` for
    /// an FTS5 table `r1`), as in sqlite3. Each pattern is bound twice.
    private func filter(matchingTableNames: Bool) -> String {
        guard !options.patterns.isEmpty else { return "1" }
        let byName = options.patterns.map { _ in "name LIKE ? ESCAPE '\\'" }
        let byTable = matchingTableNames
            ? options.patterns.map { _ in "tbl_name LIKE ? ESCAPE '\\'" }
            : options.patterns.map { _ in
                """
                EXISTS (SELECT 1 FROM main.sqlite_schema AS v WHERE v.name LIKE ? ESCAPE '\\' AND v.type = 'table'
                        AND v.sql LIKE 'CREATE VIRTUAL TABLE%' AND substr(o.name, 1, length(v.name) + 1) == v.name || '_')
                """
            }
        return (byName + byTable).joined(separator: " OR ")
    }

    /// One INSERT per row, values as sqlite3 writes them.
    private func writeRows(of table: String, _ db: Database, to output: OutputBuffer) throws {
        let columns = try db.dumpedColumns(of: table)
        guard !columns.isEmpty else { return }
        let rowid = options.preservesRowids ? try db.rowidColumnToPreserve(in: table, columns: columns) : nil
        var target = "INSERT INTO " + SQLIdentifier.quotedIfNeeded(table)
        if let rowid {
            target += "(" + ([rowid] + columns.map(SQLIdentifier.quotedIfNeeded)).joined(separator: ",") + ")"
        }
        let prefix = Array((target + " VALUES(").utf8)
        let selected = (rowid.map { [$0] } ?? []) + columns.map(SQLIdentifier.quoted)
        let statement = try db.makeStatement(sql: "SELECT \(selected.joined(separator: ",")) FROM main.\(SQLIdentifier.quoted(table))")
        statement.setUncheckedArguments(StatementArguments())
        let columnCount = statement.columnCount
        try StepCursor(statement: statement).forEach { sqliteStatement in
            let row = StatementRow(statement: sqliteStatement, columnCount: columnCount)
            output.append(prefix)
            for index in 0..<columnCount {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendValue(row, at: index, to: output)
            }
            output.append(");\n")
            output.endRow()
        }
    }

    /// One value as sqlite3's `.dump` writes it (its insert mode), with one deliberate
    /// difference: text holding a NUL byte, which sqlite3 cuts short, is written
    /// `CAST(X'…' AS TEXT)` so that it loads back whole.
    private func appendValue(_ row: StatementRow, at index: Int, to output: OutputBuffer) {
        switch row.storageClass(at: index) {
        case .null:
            output.append("NULL")
        case .integer:
            row.withText(at: index) { output.append($0) }
        case .real:
            SQLLiteral.writeReal(row.double(at: index), format: .insert, to: output)
        case .text:
            row.withText(at: index) { text in
                if text.contains(0) {
                    output.append("CAST(")
                    SQLLiteral.writeHexBlob(text, to: output)
                    output.append(" AS TEXT)")
                } else if options.keepsNewlines {
                    SQLLiteral.writeQuoted(text, to: output)
                } else {
                    SQLLiteral.writeEscapedQuoted(text, to: output)
                }
            }
        case .blob:
            row.withBlob(at: index) { SQLLiteral.writeHexBlob($0, to: output) }
        }
    }

    /// A CREATE statement and its `;`. As in sqlite3: a statement ending inside a comment
    /// gets that comment closed first, and `CREATE TABLE "x"` becomes
    /// `CREATE TABLE IF NOT EXISTS "x"`.
    static func schemaLine(_ sql: String) -> String {
        var sql = sql
        if sql.contains("/*") || sql.contains("--") {
            for ending in ["", "*/", "\n"] where sqlite3_complete(sql + ending + ";") != 0 {
                sql += ending
                break
            }
        }
        let prefix = "CREATE TABLE "
        if sql.hasPrefix(prefix), let next = sql.dropFirst(prefix.count).first, next == "'" || next == "\"" {
            sql = "CREATE TABLE IF NOT EXISTS " + sql.dropFirst(prefix.count)
        }
        return sql + ";\n"
    }

    /// A string literal with quotes doubled, like `%Q`.
    private static func quotedString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}

extension Database {
    /// The columns a dump writes: all but hidden and generated ones, which an INSERT can't set.
    fileprivate func dumpedColumns(of table: String) throws -> [String] {
        try Row.fetchAll(self, sql: "SELECT name, hidden FROM pragma_table_xinfo(?, 'main')", arguments: [table])
            .filter { ($0["hidden"] as Int? ?? 0) == 0 }
            .map { $0["name"] }
    }

    /// The name to write a table's rowid under with `--preserve-rowids`: nil when the rowid
    /// is a column already (INTEGER PRIMARY KEY) or the table has none (WITHOUT ROWID).
    fileprivate func rowidColumnToPreserve(in table: String, columns: [String]) throws -> String? {
        let withoutRowid = try Bool.fetchOne(self, sql: "SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?",
                                             arguments: [table]) ?? false
        // INTEGER PRIMARY KEY DESC is no alias of the rowid (SQLite gives it an index of its
        // own, of origin "pk"), although GRDB names it as one: sqlite3 writes the rowid then.
        let pkIndexes = try Int.fetchOne(self, sql: "SELECT count(*) FROM pragma_index_list(?, 'main') WHERE origin = 'pk'",
                                         arguments: [table]) ?? 0
        guard !withoutRowid, try primaryKey(table).rowIDColumn == nil || pkIndexes > 0 else { return nil }
        let taken = Set(columns.map { $0.lowercased() })
        return ["rowid", "_rowid_", "oid"].first { !taken.contains($0) }
    }
}
