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
    /// Called with each SELECT that reads a table's rows, before it runs: sqlite3 runs those
    /// as it runs typed SQL, so `.eqp` shows their plans among the dump's lines.
    var willReadRows: ((String, Database) -> Void)? = nil

    /// Dumps the main database. The reads run in one savepoint (a transaction of their own,
    /// or nested in the one already open), so the dump is a consistent snapshot; with
    /// `writable_schema` on, as sqlite3 has it, so that a schema SQLite can't parse is still
    /// written out. The statements are sqlite3's own, word for word (`.trace` shows the same
    /// lines), but where a pattern limits the dump or a temporary table hides a dumped one.
    func dump(_ db: Database, to output: OutputBuffer) throws {
        if !options.dataOnly {
            output.append("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        }
        try db.execute(sql: "SAVEPOINT dump")
        try db.execute(sql: "PRAGMA writable_schema=ON")
        do {
            try writeDump(db, to: output)
        } catch {
            try? db.execute(sql: "PRAGMA writable_schema=OFF")
            try? db.execute(sql: "RELEASE dump")
            throw error
        }
        try db.execute(sql: "PRAGMA writable_schema=OFF")
        try db.execute(sql: "RELEASE dump")
        if !options.dataOnly {
            output.append("COMMIT;\n")
        }
    }

    private func writeDump(_ db: Database, to output: OutputBuffer) throws {
        var writesSchema = false
        let tables = try Row.fetchAll(db, sql: """
            SELECT name, type, sql FROM sqlite_schema AS o WHERE (\(filter(matchingTableNames: false))) \
            AND type=='table'  AND sql NOT NULL ORDER BY tbl_name='sqlite_sequence', rowid
            """)
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
                              + "\(SQLIdentifier.stringLiteral(name)),\(SQLIdentifier.stringLiteral(name)),0,\(SQLIdentifier.stringLiteral(sql)));\n")
                continue
            } else {
                output.append(Self.schemaLine(sql))
            }
            try writeRows(of: name, db, to: output)
        }
        if !options.dataOnly {
            // In rowid order, as a scan of sqlite_schema (which has no index) gives them.
            let others = try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_schema AS o WHERE (\(filter(matchingTableNames: true))) \
                AND sql NOT NULL  AND type IN ('index','trigger','view')
                """)
            others.forEach { output.append(Self.otherSchemaLine($0)) }
        }
        if writesSchema {
            output.append("PRAGMA writable_schema=OFF;\n")
        }
    }

    /// The WHERE condition for the patterns, with each pattern written in as a literal (as
    /// sqlite3 writes it): a name matches one of them. Tables also match as the shadow tables
    /// of a virtual table that matches (`r1_data` for an FTS5 table `r1`), as in sqlite3.
    /// Indexes, triggers and views also match by their table, so `.dump album` brings album's
    /// indexes along (sqlite3 leaves them out).
    private func filter(matchingTableNames: Bool) -> String {
        guard !options.patterns.isEmpty else { return "true" }
        return options.patterns.map { pattern in
            let literal = SQLIdentifier.stringLiteral(pattern)
            if matchingTableNames {
                return "name LIKE \(literal) ESCAPE '\\' OR tbl_name LIKE \(literal) ESCAPE '\\'"
            }
            return "name LIKE \(literal) ESCAPE '\\' OR EXISTS (  SELECT 1 FROM sqlite_schema WHERE     "
                + "name LIKE \(literal) ESCAPE '\\' AND    sql LIKE 'CREATE VIRTUAL TABLE%' AND    "
                + "substr(o.name, 1, length(name)+1) == (name||'_'))"
        }.joined(separator: " OR ")
    }

    /// One INSERT per row, values as sqlite3 writes them.
    private func writeRows(of table: String, _ db: Database, to output: OutputBuffer) throws {
        // sqlite3's statements name the table alone, which a temporary table of the same
        // name would hide: then sqlive names main's.
        let isHidden = try db.isHiddenByTemporaryTable(table)
        let tableInfo = try db.dumpedColumns(of: table, inMain: isHidden)
        let columns = tableInfo.map(\.name)
        guard !columns.isEmpty else { return }
        let rowid = options.preservesRowids ? try db.rowidColumnToPreserve(in: table, columns: tableInfo, inMain: isHidden) : nil
        var target = "INSERT INTO " + SQLIdentifier.quotedIfNeeded(table)
        if let rowid {
            target += "(" + ([rowid] + columns.map(SQLIdentifier.quotedIfNeeded)).joined(separator: ",") + ")"
        }
        let prefix = Array((target + " VALUES(").utf8)
        let selected = (rowid.map { [$0] } ?? []) + columns.map(SQLIdentifier.quotedIfNeeded)
        let source = isHidden
            ? "main." + SQLIdentifier.quoted(table) : SQLIdentifier.quotedIfNeeded(table)
        let select = "SELECT \(selected.joined(separator: ",")) FROM \(source)"
        willReadRows?(select, db)
        let statement = try db.makeStatement(sql: select)
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

    /// An index, trigger or view and its `;`. sqlite3 3.40 writes these with another routine
    /// than tables: the `;` goes on a line of its own whenever the text holds `--` anywhere
    /// (in a string or a `/* */` comment too), which also ends a trailing `--` comment.
    /// Other text gets the table's treatment, so that a `/*` left open (only a file's author
    /// can store one) is still closed.
    static func otherSchemaLine(_ sql: String) -> String {
        let sql = SchemaText.firstStatement(sql)
        if sql.contains("--") {
            return sql + "\n;\n"
        }
        return schemaLine(sql)
    }

    /// A CREATE statement and its `;`. As in sqlite3: a statement ending inside a comment
    /// gets that comment closed first, and `CREATE TABLE "x"` becomes
    /// `CREATE TABLE IF NOT EXISTS "x"`.
    static func schemaLine(_ sql: String) -> String {
        var sql = SchemaText.firstStatement(sql)
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
}

extension Database {
    /// The columns a dump writes: all but hidden and generated ones, which an INSERT can't
    /// set (`PRAGMA table_info` leaves those out). `inMain`: the table is hidden by a
    /// temporary one, which the pragma would describe without the schema name.
    fileprivate func dumpedColumns(of table: String, inMain: Bool) throws -> [DumpedColumn] {
        try Row.fetchAll(self, sql: "PRAGMA \(inMain ? "main." : "")table_info=\(SQLIdentifier.stringLiteral(table))")
            .map { DumpedColumn(name: $0["name"], type: $0["type"] ?? "", isPrimaryKey: ($0["pk"] as Int? ?? 0) > 0) }
    }

    /// True when a temporary table or view has the name of a table in main, so that the
    /// name alone means the temporary one. Found by compiling a statement that names it,
    /// never run, so that `.trace` shows nothing sqlite3 would not, and with SQLite's error
    /// log muted, so that `.log` does not show its expected failure.
    fileprivate func isHiddenByTemporaryTable(_ table: String) throws -> Bool {
        SQLiteErrorLog.muted {
            var statement: SQLiteStatement?
            let code = sqlite3_prepare_v2(sqliteConnection, "SELECT 1 FROM temp.\(SQLIdentifier.quoted(table))", -1, &statement, nil)
            sqlite3_finalize(statement)
            return code == SQLITE_OK
        }
    }

    /// The name to write a table's rowid under with `--preserve-rowids`: nil when the rowid
    /// is a column already (INTEGER PRIMARY KEY) or the table has none (WITHOUT ROWID).
    /// Decided as sqlite3 decides it, with the same one query.
    fileprivate func rowidColumnToPreserve(in table: String, columns: [DumpedColumn], inMain: Bool) throws -> String? {
        let primaryKey = columns.filter(\.isPrimaryKey)
        if primaryKey.count == 1, primaryKey[0].type.uppercased() == "INTEGER" {
            // INTEGER PRIMARY KEY DESC is no alias of the rowid: SQLite gives it an index of
            // its own, of origin "pk".
            let arguments = SQLIdentifier.stringLiteral(table) + (inMain ? ",'main'" : "")
            let hasOwnIndex = try Bool.fetchOne(self, sql: "SELECT 1 FROM pragma_index_list(\(arguments)) WHERE origin='pk'") != nil
            if !hasOwnIndex { return nil }
        }
        // A WITHOUT ROWID table has no rowid column to describe.
        let hasRowid = sqlite3_table_column_metadata(sqliteConnection, "main", table, "rowid", nil, nil, nil, nil, nil) == SQLITE_OK
        guard hasRowid else { return nil }
        let taken = Set(columns.map { $0.name.lowercased() })
        return ["rowid", "_rowid_", "oid"].first { !taken.contains($0) }
    }
}

/// A column of `PRAGMA table_info`, as `.dump` reads it.
private struct DumpedColumn {
    var name: String
    var type: String
    var isPrimaryKey: Bool
}
