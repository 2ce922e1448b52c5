import GRDB
import GRDBSQLite

/// `.tables [PATTERN]`: the tables and views, in columns like sqlite3.
struct TablesCommand: MetaCommand {
    let name = "tables"
    let usage = "?PATTERN?"
    let summary = "list tables and views, optionally those matching a LIKE pattern"

    /// The pattern, if any; words after it are ignored.
    func parse(_ words: [String]) throws(Diagnostic) -> LenientWords {
        LenientWords(words, reading: 1)
    }

    func run(_ arguments: LenientWords, in scope: DatabaseScope) throws(Diagnostic) {
        warnIgnored(arguments, in: scope)
        let names = try SchemaQuery.read(scope.connection) { db in
            try SchemaListing.qualifiedNames(db, condition: "type IN ('table','view') AND name NOT LIKE 'sqlite_%' AND name LIKE ?1",
                                             pattern: arguments.read.first)
        }
        scope.output.append(ColumnList.format(names))
    }
}

/// `.indexes [TABLE]`: the indexes, of every table or of the tables matching a pattern.
struct IndexesCommand: MetaCommand {
    let name = "indexes"
    let aliases = ["indices"]
    let usage = "?TABLE?"
    let summary = "list indexes, optionally only those of tables matching a LIKE pattern"

    func completions(after arguments: [String], prefix: String, in scope: DatabaseScope) -> [String] {
        arguments.isEmpty ? SchemaQuery.tableNames(in: scope.connection) : []
    }

    /// The table pattern, if any.
    func parse(_ words: [String]) throws(Diagnostic) -> String? {
        try optionalWord(of: words)
    }

    func run(_ pattern: String?, in scope: DatabaseScope) throws(Diagnostic) {
        let names = try SchemaQuery.read(scope.connection) { db in
            try SchemaListing.qualifiedNames(db, condition: "type = 'index' AND tbl_name LIKE ?1", pattern: pattern)
        }
        scope.output.append(ColumnList.format(names))
    }
}

/// `.schema [PATTERN]`: the CREATE statements, in the order they were made.
struct SchemaCommand: MetaCommand {
    let name = "schema"
    let usage = "?--indent? ?--nosys? ?PATTERN?"
    let summary = "show the CREATE statements, optionally of tables matching a LIKE pattern"
    let details = """
        .schema PATTERN shows the statements of the tables whose names match PATTERN (a GLOB
        when it holds *, ? or [, otherwise a LIKE), with their indexes and triggers.
        --indent lays long CREATE TABLE statements out one column per line, as sqlite3 does;
        --nosys leaves out SQLite's own tables (sqlite_sequence, sqlite_stat1…).
        """

    func completions(after arguments: [String], prefix: String, in scope: TaskScope) -> [String] {
        arguments.isEmpty ? SchemaQuery.tableNames(in: scope.connection) : []
    }

    /// `.schema`'s words, read.
    struct Arguments: Equatable {
        var indent = false
        var noSystem = false
        /// As in sqlite3: a pattern with *, ? or [ is a GLOB, otherwise a LIKE where \ escapes,
        /// matched against the lower-case table name, or `database.table` when it holds a dot.
        var pattern: String?
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        var arguments = Arguments()
        var patterns: [String] = []
        for word in words {
            switch word {
            case "--indent", "-indent": arguments.indent = true
            case "--nosys", "-nosys": arguments.noSystem = true
            default: patterns.append(word)
            }
        }
        try expect(patterns, count: 0...1)
        arguments.pattern = patterns.first
        return arguments
    }

    /// A task's scope for Ctrl-C: the comment after a view names its columns, which SQLite
    /// finds by compiling the view, work `sqlite3_interrupt` does not stop (minutes for a file
    /// of views nested on each other). The listing stops between two entries when asked.
    func run(_ arguments: Arguments, in scope: TaskScope) throws(Diagnostic) {
        let (indent, noSystem, pattern) = (arguments.indent, arguments.noSystem, arguments.pattern)
        let entries = try SchemaQuery.read(scope.connection) { db in
            try SchemaListing.schemaTableDefinition(db, matching: pattern) + SchemaListing.databaseNames(db).flatMap { schema in
                var conditions = ["sql IS NOT NULL"]
                var arguments: StatementArguments = []
                if let pattern {
                    let subject = pattern.contains(".") ? "lower(? || '.' || tbl_name)" : "lower(tbl_name)"
                    if pattern.contains(".") { arguments += [schema] }
                    let isGlob = pattern.contains(where: { "*?[".contains($0) })
                    conditions.append(subject + (isGlob ? " GLOB ?" : " LIKE ? ESCAPE '\\'"))
                    arguments += [pattern]
                }
                if noSystem { conditions.append("name NOT LIKE 'sqlite_%'") }
                return try Row.fetchAll(db, sql: """
                    SELECT type, name, sql FROM \(SQLIdentifier.quoted(schema)).sqlite_schema
                    WHERE \(conditions.joined(separator: " AND ")) ORDER BY rowid
                    """, arguments: arguments).map { row -> String in
                    if scope.stopRequest.reason != nil {
                        throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted")
                    }
                    let shown = SchemaListing.shownStatement(row["sql"], schema: schema, name: row["name"], db: db)
                    // sqlite3 lays out every statement but views and triggers (indexes too),
                    // before it adds `IF NOT EXISTS`, which does not count toward the line
                    // length that decides the layout.
                    let laidOut = indent ? SchemaIndenter.indented(shown) : shown
                    return row["type"] == "table" ? Self.asSQLite3Shows(laidOut) : laidOut
                }
            } + (pattern.map { try SchemaListing.eponymousTables(db, matching: $0, noSystem: noSystem) } ?? [])
        }
        for sql in entries {
            scope.output.append(SchemaText.terminated(sql) + ";\n")
        }
    }

    /// sqlite3's `.schema` writes `IF NOT EXISTS` into a CREATE TABLE whose name is quoted
    /// with `"` or `'` (SQLite stores the statement without it), so that its output can be
    /// run again on a database that has the table. sqlive prints the same bytes, in `.schema`
    /// and `.fullschema`, after any `--indent` layout.
    static func asSQLite3Shows(_ sql: String) -> String {
        let prefix = "CREATE TABLE "
        guard sql.hasPrefix(prefix + "\"") || sql.hasPrefix(prefix + "'") else { return sql }
        return "CREATE TABLE IF NOT EXISTS " + sql.dropFirst(prefix.count)
    }
}

/// `.databases`: the attached databases, their files, whether they are writable, and the
/// transaction each is in (` read-txn`, ` write-txn`), as sqlite3 lists them.
struct DatabasesCommand: MetaCommand {
    let name = "databases"
    let usage = ""
    let summary = "list the attached databases and their files"

    /// No word is read; any is ignored.
    func parse(_ words: [String]) throws(Diagnostic) -> LenientWords {
        LenientWords(words, reading: 0)
    }

    func run(_ arguments: LenientWords, in scope: DatabaseScope) throws(Diagnostic) {
        warnIgnored(arguments, in: scope)
        let lines = try SchemaQuery.read(scope.connection) { db in
            try Row.fetchAll(db, sql: "PRAGMA database_list").map { row -> String in
                let name: String = row["name"]
                var file: String = row["file"] ?? ""
                // The shared in-memory database is still sqlite3's unnamed one.
                if name == "main" && file == scope.connection.memoryName { file = "" }
                if name == "main", let replica = scope.connection.options.replica { file = replica.description }
                let readonly = db.isReadOnly(databaseNamed: name)
                return "\(name): \(file.isEmpty ? "\"\"" : file) \(readonly ? "r/o" : "r/w")\(db.transactionNote(databaseNamed: name))\n"
            }
        }
        lines.forEach(scope.output.append)
    }
}

extension Database {
    fileprivate func isReadOnly(databaseNamed name: String) -> Bool {
        name.withCString { sqlite3_db_readonly(sqliteConnection, $0) == 1 }
    }

    /// What sqlite3's `.databases` adds after `r/w`: the transaction the database is in.
    fileprivate func transactionNote(databaseNamed name: String) -> String {
        switch name.withCString({ sqlite3_txn_state(sqliteConnection, $0) }) {
        case SQLITE_TXN_NONE: ""
        case SQLITE_TXN_READ: " read-txn"
        default: " write-txn"
        }
    }
}

/// Reads of the schema shared by the listing commands.
enum SchemaQuery {
    static func read<T>(_ connection: DatabaseConnection, _ body: (Database) throws -> T) throws(Diagnostic) -> T {
        do {
            return try connection.queue.inDatabase(body)
        } catch {
            throw Diagnostic(converting: error)
        }
    }

    /// The first column of a query whose one argument is a LIKE pattern (`%` when none).
    static func names(in connection: DatabaseConnection, sql: String, pattern: String?) throws(Diagnostic) -> [String] {
        try read(connection) { db in
            try String.fetchAll(db, sql: sql, arguments: [pattern ?? "%"])
        }
    }

    /// Table and view names, for completion; empty when the schema can't be read.
    static func tableNames(in connection: DatabaseConnection) -> [String] {
        (try? names(
            in: connection,
            sql: "SELECT name FROM sqlite_schema WHERE type IN ('table','view') AND name LIKE ? ORDER BY 1",
            pattern: nil)) ?? []
    }
}

/// Names laid out in columns across 80 characters (or `lineWidth`), filled column by column,
/// as sqlite3 does for `.tables` and `.indexes`: every name padded to the longest, the last
/// of a line too, lengths in bytes (`%-*s`). Completion lists use it for the screen:
/// `forScreen` counts characters and leaves no trailing spaces.
enum ColumnList {
    static func format(_ names: [String], lineWidth: Int = 80, forScreen: Bool = false) -> String {
        guard !names.isEmpty else { return "" }
        let length: (String) -> Int = forScreen ? { $0.count } : { $0.utf8.count }
        let width = names.map(length).max() ?? 0
        let columns = max(1, lineWidth / (width + 2))
        let rows = (names.count + columns - 1) / columns
        var text = ""
        for row in 0..<rows {
            var index = row
            var line = ""
            while index < names.count {
                if index >= rows { line += "  " }
                let name = names[index]
                line += name + String(repeating: " ", count: width - length(name))
                index += rows
            }
            if forScreen {
                while line.hasSuffix(" ") { line.removeLast() }
            }
            text += line + "\n"
        }
        return text
    }
}

